import { differenceInCalendarDays, parseISO } from 'date-fns';
import { amountText, dayText } from './dunning';
import { interestApplies, itcReversalDate, ITC_WARNING_DAYS, type TMsmeCategory } from './msmed-interest';

/**
 * The lines a reminder adds when the law is on the supplier's side (docs/msme-and-cheques.md): the
 * MSMED interest accrued, the MSMED s15-16 line, the Income Tax Act s43B(h) note and, once the
 * oldest unpaid invoice is ITC_WARNING_DAYS old, the CGST s16(2) 180-day reversal. Each is empty
 * when it does not apply, so a template can carry them all.
 */
export interface LawContext {
  udyamNumber: string | null;
  category: TMsmeCategory | null;
  /** The client's choice to state interest in reminders and statements. */
  addInterest: boolean;
  /** The customer is opted out of interest. */
  optOut: boolean;
  /** MSMED interest accrued to today on what the reminder covers (rupees). */
  interest: number;
  /** The oldest unpaid invoice the reminder covers: its number and date, if any. */
  oldest: { invoiceNum: string; issueDate: string } | null;
  today: string;
}

export interface LawValues {
  msmeInterest: string;
  msmeLine: string;
  s43bNote: string;
  itcNote: string;
}

export const NO_LAW: LawValues = { msmeInterest: '', msmeLine: '', s43bNote: '', itcNote: '' };

const CATEGORY_WORD: Record<TMsmeCategory, string> = { MICRO: 'micro', SMALL: 'small', MEDIUM: 'medium' };

export function lawValues(ctx: LawContext): LawValues {
  const msme = interestApplies(ctx.category) && !ctx.optOut;
  const registered = ctx.udyamNumber ? ` (Udyam registration ${ctx.udyamNumber})` : '';
  const claim = msme && ctx.addInterest && ctx.interest > 0;
  const out: LawValues = { ...NO_LAW };
  if (msme) {
    out.msmeInterest = claim ? `₹${amountText(ctx.interest)}` : '';
    out.msmeLine =
      `We are a ${CATEGORY_WORD[ctx.category!]} enterprise${registered} under the Micro, Small and Medium Enterprises Development Act, 2006. ` +
      `Sections 15 and 16 of the Act require payment within the agreed period, never more than 45 days from acceptance, and make compound interest with monthly rests at three times the RBI Bank Rate payable on any delay` +
      (claim ? `: ₹${amountText(ctx.interest)} has accrued to ${dayText(ctx.today)}.` : '.');
    out.s43bNote =
      'Under section 43B(h) of the Income Tax Act, 1961, your payment to a micro or small enterprise beyond the period of section 15 of the MSMED Act is deductible only in the year in which it is actually paid.';
  }
  if (ctx.oldest) {
    const age = differenceInCalendarDays(parseISO(ctx.today), parseISO(ctx.oldest.issueDate));
    if (age >= ITC_WARNING_DAYS)
      out.itcNote = `Invoice ${ctx.oldest.invoiceNum} of ${dayText(ctx.oldest.issueDate)} is ${age} days old. Under the second proviso to section 16(2) of the CGST Act, 2017, input tax credit on an invoice not paid within 180 days of its date is to be reversed with interest; for this invoice that day is ${dayText(itcReversalDate(ctx.oldest.issueDate))}.`;
  }
  return out;
}

/** True when a template uses any of the law's placeholders (the run then works them out). */
export function usesLaw(template: string): boolean {
  return /\{\{\s*(msmeInterest|msmeLine|s43bNote|itcNote)\s*\}\}/.test(template);
}

/**
 * The default template of a later reminder level that cites the law (the policy page adds it with
 * "Add the law's level"): the interest accrued, the MSMED line, the s43B(h) note and the 180-day
 * input-credit reversal. Lines that do not apply render empty.
 */
export const LAW_LEVEL_TEMPLATE = {
  days: 45,
  subject: 'Overdue {{oldestDays}} days: ₹{{amountDue}} from {{customerName}} under the MSMED Act',
  body: `Dear {{customerName}},

₹{{amountDue}} remains unpaid, the oldest invoice now {{oldestDays}} days past its due date:

{{overdueTable}}

{{msmeLine}}

{{s43bNote}}

{{itcNote}}

We request you to release the payment now. Pay by UPI: {{paymentLink}}
Your statement of account is attached ({{statementLink}}).

Regards,
Accounts Receivable
{{clientName}}`,
} as const;

const LAW_PARAGRAPH = /^\s*\{\{\s*(msmeInterest|msmeLine|s43bNote|itcNote)\s*\}\}\s*$/;

/** The template without the paragraphs that are only a line of the law that does not apply. */
export function withoutEmptyLaw(template: string, law: LawValues): string {
  if (!usesLaw(template)) return template;
  return template
    .split(/\n\s*\n/)
    .filter((paragraph) => {
      const match = LAW_PARAGRAPH.exec(paragraph);
      return !match || law[match[1] as keyof LawValues] !== '';
    })
    .join('\n\n');
}
