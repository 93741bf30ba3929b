/**
 * Collection notes: a few calls, emails, visits and promises to pay per risky customer (slow or
 * delinquent payers, or anyone with items long overdue), written the way collectors write them.
 */
import { communications } from '../schema';
import type { Db } from '../client';
import { BatchWriter, type Counts } from './batch';
import { dayStr, istInstant, shortDate, weekday } from './dates';
import type { LedgerOutcome, OpenItem } from './ledger';
import { inr, paiseToNumeric, roundRupees } from './money';
import { formalName } from './people';
import type { ClientPlan, ObligorPlan } from './obligor-plan';
import { Rng } from './random';
import type { BorrowerRef } from './reference-data';
import type { ClientStaff } from './users';

type Channel = 'CALL' | 'EMAIL' | 'VISIT' | 'PROMISE_TO_PAY';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const BANKS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank', 'Bank of Baroda'];

/** How collectors refer to a contact's role in a note: "spoke to accounts head Mr. Sharma". */
const ROLE_PHRASE: Record<string, string> = {
  'Accounts Payable': 'accounts head',
  'Finance Manager': 'finance manager',
  'Purchase Manager': 'purchase manager',
  'Accounts Executive': 'accounts executive',
  Director: 'director',
  Proprietor: 'the proprietor',
  Partner: 'partner',
};
const rolePhrase = (role: string) => ROLE_PHRASE[role] ?? role.toLowerCase();

interface NoteContext {
  obligor: ObligorPlan;
  contact: string;
  contactRole: string;
  overdue: number;
  item: OpenItem | undefined;
  day: number;
}

const NOTES: Record<Exclude<Channel, 'PROMISE_TO_PAY'>, ((c: NoteContext, rng: Rng) => string)[]> = {
  CALL: [
    (c) =>
      `Spoke to ${rolePhrase(c.contactRole)} ${formalName(c.contact)}; payment of ${inr(c.item?.outstandingPaise ?? c.overdue)} is under process and will be released after month-end closing.`,
    (c) => `Called ${c.contact} twice, not reachable. Left a message about the overdue of ${inr(c.overdue)}.`,
    (c) =>
      `Spoke to ${formalName(c.contact)}; asked for copies of invoice ${c.item?.invoiceNum ?? ''} and the e-way bill before releasing payment.`,
    (c, rng) =>
      `Call with ${c.contact}: cash flow is tight as secondary sales are slow; requested ${rng.pick([10, 15, 20])} more days.`,
    (c) =>
      `${formalName(c.contact)} confirmed the balance of ${inr(c.overdue)} and said the cheque is awaiting the director's signature.`,
  ],
  EMAIL: [
    (c) =>
      `Sent statement of account as on ${shortDate(c.day)} with overdue of ${inr(c.overdue)}; requested balance confirmation.`,
    (c) =>
      `Emailed payment reminder for invoice ${c.item?.invoiceNum ?? ''} (${inr(c.item?.outstandingPaise ?? 0)}) due on ${shortDate(c.item?.due ?? c.day)}.`,
    (c) => `Shared soft copies of invoices and proof of delivery requested by ${c.contact}.`,
    (c) =>
      `Customer replied disputing a rate difference on ${c.item?.invoiceNum ?? 'the last invoice'}; forwarded to the sales team for a credit note.`,
    (c) => `Sent TDS reconciliation and ledger extract to ${c.contact} for quarter-end confirmation.`,
  ],
  VISIT: [
    (c, rng) =>
      `Visited the ${c.obligor.city.name} office and met ${formalName(c.contact)}. Collected cheque of ${inr(roundRupees(c.overdue * rng.float(0.2, 0.6), 1000))}, to be deposited tomorrow.`,
    (c) =>
      `Met ${c.contact} at their ${c.obligor.city.name} godown; stock movement is slow, promised part payment after the festive sales.`,
    (c, rng) =>
      `Visited with the ASM and reconciled the ledger; difference of ${inr(rng.int(2, 40) * 100_000)} is due to short supply, credit note to be raised.`,
    (c) =>
      `Visit at ${c.obligor.city.name}: the owner was not available, met ${c.contact} (${c.contactRole}). Will follow up on ${WEEKDAYS[weekday(c.day + 2)]}.`,
  ],
};

function promise(c: NoteContext, rng: Rng): { summary: string; amount: number; followUp: number } {
  const amount = Math.max(10_000 * 100, roundRupees(c.overdue * rng.float(0.1, 0.4), 1000));
  const followUp = c.day + rng.int(3, 10);
  const when = `${WEEKDAYS[weekday(followUp)]} (${shortDate(followUp)})`;
  const summary = rng.pick([
    () => `Spoke to ${rolePhrase(c.contactRole)} ${formalName(c.contact)}; promised NEFT of ${inr(amount)} by ${when}.`,
    () => `${c.contact} committed RTGS of ${inr(amount)} on ${shortDate(followUp)} against the oldest invoices.`,
    () => `Promised a post-dated cheque of ${inr(amount)} dated ${shortDate(followUp)}, drawn on ${rng.pick(BANKS)}.`,
    () => `${formalName(c.contact)} agreed to clear ${inr(amount)} by ${when} once their own customer pays.`,
  ])();
  return { summary, amount, followUp };
}

export async function writeCommunications(
  db: Db,
  ref: BorrowerRef,
  staff: ClientStaff,
  plan: ClientPlan,
  ledger: LedgerOutcome,
  today: number,
  counts: Counts,
): Promise<void> {
  const rng = Rng.from(`${ref.spec.code}:communications`);
  const writer = new BatchWriter(db, communications, counts);
  for (const [i, obligor] of plan.children.entries()) {
    const overdue = ledger.overduePaise[i] ?? 0;
    const dpd = ledger.maxDaysPastDue[i] ?? 0;
    const risky = obligor.profile === 'SLOW' || obligor.profile === 'DELINQUENT' || dpd > 60;
    const notes = risky && overdue > 0 ? rng.int(2, 5) : overdue > 0 && rng.chance(0.2) ? rng.int(1, 2) : 0;
    if (notes === 0) continue;
    const days = Array.from({ length: notes }, () => today - rng.int(0, 120)).sort((a, b) => a - b);
    const open = ledger.openItems[i] ?? [];
    for (const day of days) {
      const person = obligor.contacts[0];
      const c: NoteContext = {
        obligor,
        day,
        overdue,
        item: open.length ? rng.pick(open) : undefined,
        contact: person?.name ?? 'the accountant',
        contactRole: person?.role ?? 'Accounts Payable',
      };
      const channel = rng.weighted<Channel>([
        ['CALL', 4],
        ['EMAIL', 3],
        ['VISIT', 1.5],
        ['PROMISE_TO_PAY', 2.5],
      ]);
      const userId = rng.chance(0.7) ? (obligor.guestId ?? obligor.representativeId) : obligor.representativeId;
      const base = {
        clientId: ref.clientId,
        sysObligorCode: obligor.code,
        commDate: dayStr(day),
        channel,
        userId: userId ?? staff.admin.id,
        createdAt: istInstant(day, rng.int(10 * 60, 19 * 60)),
      };
      if (channel === 'PROMISE_TO_PAY') {
        const p = promise(c, rng);
        await writer.add({
          ...base,
          summary: p.summary,
          promisedAmount: paiseToNumeric(p.amount),
          followUpDate: dayStr(p.followUp),
        });
      } else {
        await writer.add({ ...base, summary: rng.pick(NOTES[channel])(c, rng) });
      }
    }
  }
  await writer.flush();
}
