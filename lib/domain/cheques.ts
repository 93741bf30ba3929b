import { addDays, addMonths, parseISO } from 'date-fns';
import { iso } from './dates';

/**
 * Cheques received from customers and the law around them (docs/msme-and-cheques.md): a cheque is
 * valid for three months from its date (RBI, 2012); a cheque returned unpaid opens the Negotiable
 * Instruments Act s138 route: a written demand within 30 days of the bank's return memo, 15 days
 * for the drawer to pay after receiving it, then a complaint within one month (s142(1)(b)).
 */

export const CHEQUE_STATUSES = ['RECEIVED', 'DEPOSITED', 'CLEARED', 'RETURNED'] as const;
export type TChequeStatus = (typeof CHEQUE_STATUSES)[number];

export const CHEQUE_STATUS_LABELS: Record<TChequeStatus, string> = {
  RECEIVED: 'Received',
  DEPOSITED: 'Deposited',
  CLEARED: 'Cleared',
  RETURNED: 'Returned',
};

/** s138 proviso (b): the payee's written demand within 30 days of the bank's information. */
export const S138_NOTICE_DAYS = 30;
/** s138 proviso (c): the drawer's 15 days from receiving the notice. */
export const S138_DRAWER_DAYS = 15;
/** RBI: cheques are valid for three months from their date. */
export const CHEQUE_VALIDITY_MONTHS = 3;

const day = (s: string) => parseISO(s);

/**
 * The last day a cheque may be presented: the day before the same date three months on (a cheque
 * of 15/01 is presented by 14/04). Banks read "three months from the date" this way or one day
 * later; the earlier reading never lets a cheque go stale.
 */
export function chequeValidUntil(chequeDate: string): string {
  return iso(addDays(addMonths(day(chequeDate), CHEQUE_VALIDITY_MONTHS), -1));
}

/** A cheque is post-dated while its date is after the day it was received. */
export function isPostDated(chequeDate: string, receivedOn: string): boolean {
  return chequeDate > receivedOn;
}

export interface S138Dates {
  /** Last day to send the demand notice: return memo + 30 days. */
  noticeDueBy: string;
  /** The drawer's last day to pay: notice day + 15 days (counted from the notice; see below). */
  drawerPaysBy: string;
  /** The day the cause of action arises: the day after the drawer's 15 days. */
  causeOfAction: string;
  /** Last day to file the complaint: one month from the cause of action, that day excluded. */
  complaintDueBy: string;
}

/**
 * The s138 clock from the bank's return memo. The drawer's 15 days run from the day the drawer
 * receives the notice, which the product does not know: it counts them from `noticeSentOn` (else the
 * last day to send it), the earliest they can end, so no date it shows is later than the law's.
 * One month is a calendar month (General Clauses Act s3(35)); the day the cause of action arises is
 * excluded (Saketh India Ltd v India Securities Ltd, SC 1999), and a month without that day number
 * ends on its last day (31/01 -> 28/02 or 29/02).
 */
export function s138Dates(returnMemoDate: string, noticeSentOn?: string | null): S138Dates {
  const noticeDueBy = iso(addDays(day(returnMemoDate), S138_NOTICE_DAYS));
  const notice = noticeSentOn ?? noticeDueBy;
  const drawerPaysBy = iso(addDays(day(notice), S138_DRAWER_DAYS));
  const causeOfAction = iso(addDays(day(drawerPaysBy), 1));
  const complaintDueBy = iso(addMonths(day(causeOfAction), 1));
  return { noticeDueBy, drawerPaysBy, causeOfAction, complaintDueBy };
}

export interface NoticeDraftInput {
  supplier: string;
  customer: string;
  chequeNumber: string;
  bankName: string;
  chequeDate: string;
  amount: string;
  returnedOn: string;
  reason: string;
  invoices: string[];
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * A draft of the s138(b) demand notice, for the client's advocate to check, complete and send by
 * registered post: it states the cheque, the return and the demand to pay within 15 days of receipt.
 */
export function s138NoticeDraft(n: NoticeDraftInput): string {
  const what = n.invoices.length ? ` towards invoice${n.invoices.length > 1 ? 's' : ''} ${n.invoices.join(', ')}` : '';
  return [
    `DRAFT - to be checked by your advocate before it is sent. Not legal advice.`,
    ``,
    `To: ${n.customer}`,
    `Subject: Notice under section 138 of the Negotiable Instruments Act, 1881`,
    ``,
    `You issued cheque no. ${n.chequeNumber} dated ${dmy(n.chequeDate)} drawn on ${n.bankName} for ${n.amount} to ${n.supplier}${what}.`,
    `The cheque was presented and returned unpaid by the bank on ${dmy(n.returnedOn)} with the reason "${n.reason}".`,
    `We demand payment of ${n.amount}, the amount of the cheque, within 15 days of your receipt of this notice.`,
    `Should you fail to pay within that time, ${n.supplier} will be entitled to file a complaint under section 138 read with section 142 of the Act, without further notice.`,
    ``,
    `For ${n.supplier}`,
  ].join('\n');
}
