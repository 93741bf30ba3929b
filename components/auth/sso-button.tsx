/**
 * Company SSO: a plain link (a full navigation to the provider), shown only when OIDC is set up.
 * A link, not a button, so that "Sign in" stays the form's only button.
 */
export function SsoButton({ next }: { next?: string }) {
  const href = `/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-slate-400" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a
        href={href}
        className="mt-6 flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-slate-500">
          <path
            fillRule="evenodd"
            d="M4 4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v12.5a.5.5 0 0 1-.5.5H13v-3a1 1 0 0 0-1-1H8a1 1 0 0 0-1 1v3H4.5a.5.5 0 0 1-.5-.5zm3 1h2v2H7zm4 0h2v2h-2zM7 9h2v2H7zm4 0h2v2h-2z"
            clipRule="evenodd"
          />
        </svg>
        Sign in with your company account
      </a>
    </div>
  );
}

export const SSO_MESSAGES: Record<string, string> = {
  failed: 'Company sign-in did not complete. Try again, or sign in with your password.',
  no_account:
    'Your company account has no active Receivables Desk account here. Ask your administrator for an invitation.',
  unavailable: 'Company sign-in is not reachable right now. Sign in with your password, or try again shortly.',
};
