import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  BACKTEST_WEEKS,
  cashSums,
  emptySums,
  forecastStarts,
  ruleSums,
  type ForecastStart,
  type StartSums,
} from '@/lib/domain/cash-forecast';
import type { DebtOwner } from './lateness-profiles';
import { selectionCondition, type DebtSelection } from './debt-selection';
import { predictedDebts, type PredictedDebt } from './open-debts';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

/** One account's sums from one start. */
export interface AccountSums extends DebtOwner, StartSums {
  from: string;
}

/**
 * The forecast sums of every account of the selection from every start of `asOf` (lib/domain/cash-
 * forecast.ts): its open debts then, each with its expected payment, spread over the weeks; and on the
 * back-test starts the cash those debts brought in. `oneAtATime` reads the starts one after another
 * (the whole client's: at a million invoices each start holds a few hundred thousand predicted debts
 * in memory); otherwise together, over as many connections as the pool gives.
 */
export async function accountSums(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  asOf: string,
  today: string,
  oneAtATime = false,
): Promise<AccountSums[]> {
  const starts = forecastStarts(asOf);
  const predict = (start: ForecastStart) =>
    predictedDebts(db, clientId, selection, start.knownThrough, start.from, today);
  const monthEnds = starts.filter((s) => s.backtest).map((s) => s.knownThrough);
  const [collected, meanDays] = await Promise.all([
    collectedAfter(db, clientId, selection, monthEnds),
    meanDaysToSettle(db, clientId, selection, monthEnds),
  ]);
  const predicted = oneAtATime ? null : await Promise.all(starts.map(predict));
  const out: AccountSums[] = [];
  for (const [n, start] of starts.entries()) {
    const debts = predicted ? predicted[n]! : await predict(start);
    const byAccount = new Map<string, PredictedDebt[]>();
    for (const debt of debts) {
      const list = byAccount.get(debt.account);
      if (list) list.push(debt);
      else byAccount.set(debt.account, [debt]);
    }
    const cash = start.backtest ? (collected.get(start.knownThrough) ?? new Map<string, Collected>()) : null;
    const means = meanDays.get(start.knownThrough);
    for (const [account, list] of byAccount) {
      const owner = list[0]!;
      out.push({
        account,
        family: owner.family,
        dim1: owner.dim1,
        from: start.from,
        sums: cashSums(list, start.from, start.weeks),
        actual: cash ? (cash.get(account)?.weeks ?? new Array<number>(start.weeks).fill(0)) : null,
        rules: start.backtest
          ? ruleSums(
              list.map((d) => ({ ...d, disputed: d.prediction.basis === 'DISPUTED' })),
              means?.get(account) ?? null,
              start.from,
              start.weeks,
            )
          : null,
      });
    }
    // Cash from debts the forecast did not hold: none open then is a rounding edge (paid in full by a
    // credit note on the day), but the cash still counts.
    if (cash)
      for (const [account, c] of cash)
        if (!byAccount.has(account))
          out.push({
            ...c.owner,
            from: start.from,
            sums: emptySums(start.weeks),
            actual: c.weeks,
            rules: ruleSums([], null, start.from, start.weeks),
          });
  }
  return out;
}

/**
 * Each account's mean days to settle at each month end (the customer-mean rule): the whole days from
 * issue to settlement of its invoices and debit notes settled in the 12 months to the month end.
 */
async function meanDaysToSettle(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  monthEnds: string[],
): Promise<Map<string, Map<string, number>>> {
  if (!monthEnds.length) return new Map();
  const rows = await queryRows(
    db,
    sql`
    select e.month_end::text as "monthEnd", i.sys_obligor_code as account,
      round(avg(i.settled_date - i.issue_date))::int as days
    from (values ${sql.join(
      monthEnds.map((m) => sql`(${m}::date)`),
      sql`, `,
    )}) as e(month_end)
    join invoices i on i.client_id = ${clientId} and i.settled_date <= e.month_end
      and i.settled_date > (e.month_end - interval '12 months')::date
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.amount > 0 and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and ${selectionCondition(clientId, selection)}
    group by 1, 2`,
    row({ monthEnd: col.day, account: col.text, days: col.int }),
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    let byAccount = out.get(r.monthEnd);
    if (!byAccount) out.set(r.monthEnd, (byAccount = new Map()));
    byAccount.set(r.account, r.days);
  }
  return out;
}

interface Collected {
  owner: DebtOwner;
  weeks: number[];
}

/**
 * The cash each month end's open debts brought in over the next BACKTEST_WEEKS weeks, by account and
 * week: the payments (not credit-note adjustments) on invoices and debit notes issued by the month
 * end, other than those in a dispute open at the month end, which the forecast held back.
 */
async function collectedAfter(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  monthEnds: string[],
): Promise<Map<string, Map<string, Collected>>> {
  if (!monthEnds.length) return new Map();
  const rows = await queryRows(
    db,
    sql`
    select e.month_end::text as "monthEnd", o.sys_obligor_code as account,
      coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family, o.dim1_id as dim1,
      ((p.paid_date - e.month_end - 1) / 7)::int as week, sum(p.amount) as amount
    from (values ${sql.join(
      monthEnds.map((m) => sql`(${m}::date)`),
      sql`, `,
    )}) as e(month_end)
    join payments p on p.client_id = ${clientId} and p.paid_date > e.month_end
      and p.paid_date <= e.month_end + ${7 * BACKTEST_WEEKS}::int
    join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where p.amount > 0 and i.amount > 0 and i.issue_date <= e.month_end and ${selectionCondition(clientId, selection)}
      and not exists (select 1 from dispute_invoices di
        join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
        where di.client_id = ${clientId} and di.sys_invoice_num = i.sys_invoice_num
          and ${disputeOpenOn('d', sql`e.month_end`)})
    group by 1, 2, 3, 4, 5`,
    row({
      monthEnd: col.day,
      account: col.text,
      family: col.text,
      dim1: col.int.nullable(),
      week: col.int,
      amount: col.num,
    }),
  );
  const out = new Map<string, Map<string, Collected>>();
  for (const r of rows) {
    let byAccount = out.get(r.monthEnd);
    if (!byAccount) out.set(r.monthEnd, (byAccount = new Map()));
    let c = byAccount.get(r.account);
    if (!c) {
      c = {
        owner: { account: r.account, family: r.family, dim1: r.dim1 },
        weeks: new Array<number>(BACKTEST_WEEKS).fill(0),
      };
      byAccount.set(r.account, c);
    }
    c.weeks[r.week]! += r.amount;
  }
  return out;
}
