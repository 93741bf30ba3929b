import Link from 'next/link';

/** The 403 page's words, shown wherever a signed-in user reaches a page their role does not include. */
export function ForbiddenView() {
  return (
    <section className="mx-auto mt-12 max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <p className="text-5xl font-semibold text-slate-300">403</p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">You do not have access to this page</h2>
      <p className="mt-2 text-sm text-slate-600">
        Your role does not include this part of the dashboard. Ask your administrator to grant it under Manage
        Personnel.
      </p>
      <Link
        href="/"
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Go to my start page
      </Link>
    </section>
  );
}
