import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { HABIT_MIN_DAYS, paymentHabit, type PaymentHabit } from '@/lib/domain/payment-habits';
import { behaviourFrom } from '@/lib/server/behaviour/payment-behaviour';
import type { DebtOwner } from './lateness-profiles';

const DaysRow = row({
  level: col.oneOf(['ACCOUNT', 'FAMILY']),
  key: col.text,
  weekdays: col.array(col.int),
  monthDays: col.array(col.int),
});

/**
 * The payment-day habit of each account and family of `families` (a condition on obligors `o`), read
 * from the days they paid anything (receipts on invoices and debit notes, not notes set off) in the 12
 * months to `knownThrough` (lib/domain/payment-habits.ts). A family's days are its accounts' days
 * taken once. Only accounts and families with HABIT_MIN_DAYS payment days come back: the others have
 * no habit to read. An account with enough days of its own goes by them; one without, by its family's.
 */
export async function paymentHabits(
  db: Db,
  clientId: number,
  knownThrough: string,
  families: SQL,
): Promise<(owner: DebtOwner) => PaymentHabit | null> {
  const rows = await queryRows(
    db,
    sql`
    with d as (
      select distinct i.sys_obligor_code as account, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family,
        p.paid_date as day
      from settlements p
      join invoices i on i.client_id = p.client_id and i.sys_invoice_num = p.sys_invoice_num
      join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
      where p.client_id = ${clientId} and p.source in ('PAYMENT', 'ALLOCATION') and p.amount > 0 and i.amount > 0
        and p.paid_date > ${behaviourFrom(knownThrough)}::date and p.paid_date <= ${knownThrough}::date
        and coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) in (
          select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) from obligors o where o.client_id = ${clientId} and ${families})
    ), k as (
      select 'ACCOUNT' as level, account as key, day from d
      union all
      select distinct 'FAMILY', family, day from d
    )
    select level, key, array_agg(extract(dow from day)::int) as weekdays,
      array_agg(extract(day from day)::int) as "monthDays"
    from k group by level, key having count(*) >= ${HABIT_MIN_DAYS}`,
    DaysRow,
  );
  const accounts = new Map<string, PaymentHabit | null>();
  const familyHabits = new Map<string, PaymentHabit | null>();
  for (const r of rows) (r.level === 'ACCOUNT' ? accounts : familyHabits).set(r.key, paymentHabit(r, r.level));
  return (owner) => {
    const own = accounts.get(owner.account);
    return own !== undefined ? own : (familyHabits.get(owner.family) ?? null);
  };
}
