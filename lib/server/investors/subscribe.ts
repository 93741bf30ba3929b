import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { holdingCashflows, holdings } from '@/lib/db/schema';
import { UNIT_FACE_VALUE, type TSubscribeBody, type TSubscription } from '@/lib/contract/investors';
import { todayIso } from '@/lib/domain/dates';
import { scheduleFor } from '@/lib/domain/yield';
import { formatMoney } from '@/lib/domain/format';
import { invalid, notFound } from '@/lib/server/domain-errors';
import { offeringRows, toOffering } from './offerings';

const inr = (v: number) => formatMoney(v, 'INR', 'en-IN', 0);
const refuse = (message: string) => invalid(message, { amount: message });

/** The day after `iso` plus `months` calendar months (the first coupon date of a late subscription). */
function addMonthsIso(iso: string, months: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate())).toISOString().slice(0, 10);
}

/**
 * POST /api/investors/offerings/{id}/subscribe: the firm takes `amount` of the offering. Checked
 * against the window, the minimum ticket and what is left; then, in one transaction, the offering's
 * amount taken (guarded in the UPDATE itself, so two investors cannot both take the last crore), the
 * holding and its expected cash flows. A refusal records nothing.
 */
export async function subscribe(
  db: Db,
  clientId: number,
  offeringId: number,
  body: TSubscribeBody,
  asOf = todayIso(),
): Promise<TSubscription> {
  const [found] = await offeringRows(db, sql`f.id = ${offeringId}`);
  if (!found) throw notFound('Offering');
  const offering = toOffering(found, asOf);
  if (offering.state === 'UPCOMING') throw refuse(`This offering opens on ${offering.openDate}`);
  if (offering.state === 'CLOSED') throw refuse(`This offering closed on ${offering.closeDate}`);
  if (offering.state === 'FULL') throw refuse('This offering is fully subscribed');
  if (body.amount < offering.minTicket) throw refuse(`The minimum ticket is ${inr(offering.minTicket)}`);
  if (body.amount > offering.amountLeft) throw refuse(`Only ${inr(offering.amountLeft)} of this offering is left`);

  return db.transaction(async (tx) => {
    const taken = await queryRows(
      tx,
      sql`
      update offerings set amount_taken = amount_taken + ${body.amount}
      where id = ${offeringId} and amount_taken + ${body.amount} <= size and close_date >= ${asOf}
      returning id`,
      row({ id: col.int }),
    );
    if (!taken.length) throw refuse('Someone took the rest of this offering first: reload to see what is left');
    const [holding] = await tx
      .insert(holdings)
      .values({
        clientId,
        securityId: offering.securityId,
        units: Math.round(body.amount / UNIT_FACE_VALUE),
        investedAmount: body.amount.toFixed(2),
        investedOn: asOf,
      })
      .returning({ id: holdings.id });
    // Coupons start a month after issue; a subscription after issue starts a month after itself.
    const firstDue = addMonthsIso(offering.issueDate > asOf ? offering.issueDate : asOf, 1);
    const flows = scheduleFor(body.amount, offering.couponRate, firstDue, offering.maturityDate);
    await tx.insert(holdingCashflows).values(
      flows.map((f) => ({
        clientId,
        holdingId: holding!.id,
        dueDate: f.dueDate,
        expectedAmount: f.expectedAmount.toFixed(2),
      })),
    );
    return {
      holdingId: holding!.id,
      units: Math.round(body.amount / UNIT_FACE_VALUE),
      amount: body.amount,
      cashflows: flows.length,
    };
  });
}
