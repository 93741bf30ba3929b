import Link from 'next/link';
import type { ZodError, ZodType } from 'zod';
import { WarningBox } from '@/components/feedback/warning-box';

/** 'sortBy: Invalid option ...; offset: offset is a page number starting at 1' for the reader. */
export function invalidParamMessage(error: ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || 'link'}: ${issue.message}`);
  return `This link has a value the page cannot use (${issues.join('; ')}).`;
}

/** The message for URL parameters the contract refuses, or null when they are all fine. */
export function checkLink(schema: ZodType, params: Record<string, string>): string | null {
  const result = schema.safeParse(params);
  return result.success ? null : invalidParamMessage(result.error);
}

/** Shown instead of the data when a bookmark or a hand-edited link carries an unusable parameter. */
export function InvalidLink({ message, resetHref }: { message: string; resetHref: string }) {
  return (
    <div className="space-y-3" data-testid="invalid-link">
      <WarningBox kind="error" message={message} />
      <Link href={resetHref} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        Clear the filters and start again
      </Link>
    </div>
  );
}
