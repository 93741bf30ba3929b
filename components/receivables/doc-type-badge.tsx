const LABELS: Record<string, { text: string; tone: string }> = {
  CREDIT_NOTE: { text: 'Credit note', tone: 'bg-violet-50 text-violet-700 ring-violet-600/20' },
  DEBIT_NOTE: { text: 'Debit note', tone: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
  WRITE_OFF: { text: 'Written off', tone: 'bg-rose-50 text-rose-700 ring-rose-600/20' },
};

/** Marks credit and debit notes and write-offs among invoices (a plain invoice needs no badge). */
export function DocTypeBadge({
  docType,
  always = false,
  className = 'ml-2',
}: {
  docType: string;
  always?: boolean;
  className?: string;
}) {
  const label =
    LABELS[docType] ?? (always ? { text: 'Invoice', tone: 'bg-slate-50 text-slate-600 ring-slate-500/20' } : null);
  if (!label) return null;
  return (
    <span
      className={`${className} inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium ring-1 ring-inset ${label.tone}`}
    >
      {label.text}
    </span>
  );
}
