import 'server-only';
import { parseISO, subMonths } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import { notWrittenOff } from '@/lib/server/invoices/open-debt';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPaymentBehaviour } from '@/lib/contract/payment-behaviour';
import { iso } from '@/lib/domain/dates';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { paymentBehaviour } from '@/lib/domain/payment-behaviour';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';

/** The window payment behaviour looks at: the 12 months up to today. */
const BEHAVIOUR_MONTHS = 12;

/** The first day after which a settlement counts, for a window ending `today`. */
export const behaviourFrom = (today: string) => iso(subMonths(parseISO(today), BEHAVIOUR_MONTHS));

/** An item's days late: its settlement day less its due date (the issue date without one). */
export const daysLate = (i: SQL) => sql`(${i}.settled_date - coalesce(${i}.due_date, ${i}.issue_date))`;

/** The items payment behaviour reads: debts (not credit notes) settled in the window, not by a write-off. */
export const paidOffIn = (i: SQL, fromDate: string, toDate: string) =>
  sql`${i}.settled_date > ${fromDate}::date and ${i}.settled_date <= ${toDate}::date and ${i}.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and ${i}.amount > 0
    and ${notWrittenOff(i)}`;

/**
 * GET /v3/clients/payment_behaviour: the invoices and debit notes of a family (a parent's code) or an
 * account that were settled in the 12 months to `date` (today by default: a settlement is dated, so
 * what was settled by a past day is what was known then), grouped by month and days late (settlement
 * less the due date, or the issue date without one) in SQL; lib/domain/payment-behaviour.ts makes
 * the bands, shares and trend. A scoped user counts only their accounts of the family.
 */
export async function customerPaymentBehaviour(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
  date?: string,
): Promise<TPaymentBehaviour> {
  await assertObligorVisible(db, clientId, scope, code);
  const toDate = date ?? (await clientToday(db, clientId));
  const fromDate = behaviourFrom(toDate);
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const groups = await queryRows(
    db,
    sql`
    select to_char(i.settled_date, 'YYYY-MM') as month, ${daysLate(sql`i`)} as "daysLate",
      count(*)::int as count, sum(i.amount) as amount
    from obligors o
    join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
    where o.client_id = ${clientId} and (o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code}) and ${inScope}
      and ${paidOffIn(sql`i`, fromDate, toDate)}
    group by 1, 2`,
    row({ month: col.text, daysLate: col.int, count: col.int, amount: col.num }),
  );
  return { sysObligorCode: code, fromDate, toDate, ...paymentBehaviour(groups) };
}
