import Link from 'next/link';

/** The generic error page: the message and the status code; a way home. */
export function ErrorView({
  statusCode,
  message,
  action,
}: {
  statusCode: number;
  message: string;
  action?: React.ReactNode;
}) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center">
      <p className="text-6xl font-semibold tracking-tight text-slate-300">{statusCode}</p>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{message}</h1>
      <div className="mt-8 flex gap-3">
        {action}
        <Link href="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Let&apos;s go Home
        </Link>
      </div>
    </main>
  );
}
