'use client';

import { catchError, type ErrorInfo } from 'next/error';
import { WarningBox } from '@/components/feedback/warning-box';

/**
 * The last line of defence of a section: a rendering failure (a chart that throws, say) shows
 * 'Error fetching data' in that section alone instead of taking the whole page down.
 */
function SectionFailed(_props: object, { error, retry }: ErrorInfo) {
  console.error(error);
  return (
    <div className="space-y-3">
      <WarningBox kind="error" />
      <button type="button" onClick={() => retry()} className="text-sm font-medium text-brand-700 hover:underline">
        Try again
      </button>
    </div>
  );
}

export const SectionBoundary = catchError(SectionFailed);
