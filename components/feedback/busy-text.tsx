/**
 * A button's or a panel's working state: a spinner and the words of what is happening, announced
 * to screen readers, for work that takes seconds (a preview, a workbook).
 */
export function BusyText({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2" role="status" aria-live="polite">
      <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden>
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {children}
    </span>
  );
}
