import Link from 'next/link';
import type { ZodError, ZodType } from 'zod';
import { WarningBox } from '@/components/feedback/warning-box';
import { asOfDateProblem } from '@/lib/domain/as-of';

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

/**
 * The message for an "as of" `date` in the link that has no figures: after the client's today, or
 * before the ledger's first entry (`asOfDateProblem`, as the date field and the API refuse it).
 */
export function checkAsOfDate(
  date: string | undefined,
  settings: { today: string; ledgerStart: string | null } | null,
): string | null {
  const problem = date && settings ? asOfDateProblem(date, settings.today, settings.ledgerStart) : null;
  return problem ? `This link has a date the page cannot show: ${problem}.` : null;
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
