'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/feedback/error-view';

type AppError = Error & { digest?: string; status?: number; response?: { status?: number } };

/** The status comes from the error's status or response status, otherwise 500 (spec section 8). */
function statusOf(error: AppError): number {
  return error.status ?? error.response?.status ?? 500;
}

export default function ErrorPage({ error, reset }: { error: AppError; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <ErrorView
      statusCode={statusOf(error)}
      message={error.digest ? 'Something went wrong on our side' : error.message || 'Something went wrong'}
      action={
        <button
          type="button"
          onClick={reset}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Try again
        </button>
      }
    />
  );
}
