import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows, together } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import {
  PROFILE_LEVELS,
  type LatenessPoint,
  type LatenessProfile,
  type ProfileLevel,
} from '@/lib/domain/payment-prediction';
import { DRIFT_MONTHS, driftOf, withDrift } from '@/lib/domain/payment-drift';
import { paidInParts } from '@/lib/domain/payment-parts';
import { behaviourFrom, daysLate, paidOffIn } from '@/lib/server/behaviour/payment-behaviour';
import { remembered } from './forecast-memory';
import { itemParts } from '@/lib/server/receivables/instalments';
import { openDebtsOn } from './open-at';
import { partPayments } from './part-payments';
import { storedWideProfiles } from './stored-forecast';

/** Where a debt sits: its account, family and dim1 value, whose profiles predict it. */
export interface DebtOwner {
  account: string;
  family: string;
  dim1: number | null;
}

/** The profiles of a debt's owner, nearest first, the levels without payments left out. */
export type ProfileChain = (owner: DebtOwner) => LatenessProfile[];

/** One profile's point, as the grouped queries give it (SUMS); RECENT: an account's bills settled in the last DRIFT_MONTHS. */
export const ProfileRow = row({
  level: col.oneOf([...PROFILE_LEVELS, 'RECENT']),
  key: col.text.nullable(),
  label: col.text.nullable(),
  late: col.int,
  count: col.int,
  amount: col.num,
  open: col.num,
});
export type ProfileRow = Row<typeof ProfileRow>;

const SUMS = sql`s.late, count(*) filter (where s.paid > 0)::int as count, sum(s.paid) as amount, sum(s.owed) as open`;

/**
 * Debts settled in the 12 months to `knownThrough` at their days late, and open ones at how late they
 * are then: paid nothing yet. `recent_account` names the account of a debt settled in the last
 * DRIFT_MONTHS months (null otherwise), whose drift it tells.
 */
function settledAndOpen(clientId: number, knownThrough: string, today: string, where: SQL): SQL {
  const open = openDebtsOn(clientId, knownThrough, today);
  const part = itemParts(clientId, open.owed);
  return sql`
    select o.sys_obligor_code as account, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family,
      o.dim1_id as dim1, dv.name as dim1_name, x.late, x.paid, x.owed,
      case when x.recent then o.sys_obligor_code end as recent_account
    from (
      select i.sys_obligor_code, ${daysLate(sql`i`)} as late, i.amount as paid, 0 as owed,
        i.settled_date > (${knownThrough}::date - ${`${DRIFT_MONTHS} months`}::interval) as recent
      from invoices i where i.client_id = ${clientId} and ${paidOffIn(sql`i`, behaviourFrom(knownThrough), knownThrough)}
      union all
      select i.sys_obligor_code, ${knownThrough}::date - ${part.due}, 0, ${part.open}, false
      from invoices i ${part.join} where i.client_id = ${clientId} and ${open.where} and ${part.open} > 0
    ) x
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = x.sys_obligor_code
    left join dimension_values dv on dv.client_id = o.client_id and dv.id = o.dim1_id
    where ${where}`;
}

/**
 * The client-wide profiles (each dim1 value's and the client's) known on `knownThrough`: the same for
 * every selection of the day, so stored with the forecast (forecast-store.ts), else kept in memory
 * while the ledger does not change.
 */
export async function wideProfiles(
  db: Db,
  clientId: number,
  knownThrough: string,
  today: string,
): Promise<ProfileRow[]> {
  return (
    (await storedWideProfiles(db, clientId, knownThrough, today)) ??
    remembered(db, clientId, JSON.stringify(['wide profiles', knownThrough, today]), () =>
      wideProfileRows(db, clientId, knownThrough, today),
    )
  );
}

/** The same, read from the ledger. */
function wideProfileRows(db: Db, clientId: number, knownThrough: string, today: string): Promise<ProfileRow[]> {
  return queryRows(
    db,
    sql`
    select case when grouping(s.dim1) = 0 then 'DIM1' else 'CLIENT' end as level,
      s.dim1::text as key, min(s.dim1_name) as label, ${SUMS}
    from (${settledAndOpen(clientId, knownThrough, today, sql`true`)}) s
    group by grouping sets ((s.dim1, s.late), (s.late))`,
    ProfileRow,
  );
}

/**
 * The lateness profiles known on `knownThrough`: the debts settled in the 12 months up to it by days
 * late, and the debts still open then by how late they are, per account and family (only the families
 * of `families`, a condition on obligors `o`) and per dim1 value and for the client (every customer: a
 * thin history falls back on the habits of all the client's customers, whoever may see them); an
 * account that pays in parts is read receipt by receipt (payment-parts.ts), one that drifts has its
 * payments moved (payment-drift.ts). Three grouped queries; the chain is assembled in memory.
 */
export async function latenessProfiles(
  db: Db,
  clientId: number,
  knownThrough: string,
  today: string,
  families: SQL,
): Promise<ProfileChain> {
  const run = together(db);
  const [near, wide, parts] = await Promise.all([
    run(() =>
      queryRows(
        db,
        sql`
      select case when grouping(s.account) = 0 then 'ACCOUNT' when grouping(s.recent_account) = 0 then 'RECENT'
        else 'FAMILY' end as level,
        coalesce(s.account, s.recent_account, s.family) as key, null as label, ${SUMS}
      from (${settledAndOpen(
        clientId,
        knownThrough,
        today,
        sql`coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) in (
        select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) from obligors o where o.client_id = ${clientId} and ${families})`,
      )}) s
      group by grouping sets ((s.account, s.late), (s.recent_account, s.late), (s.family, s.late))`,
        ProfileRow,
      ),
    ),
    run(() => wideProfiles(db, clientId, knownThrough, today)),
    run(() => partPayments(db, clientId, knownThrough, families)),
  ]);
  const profiles = new Map<string, { level: ProfileLevel; label?: string; points: LatenessPoint[] }>();
  const recent = new Map<string, LatenessPoint[]>();
  for (const row of [...near, ...wide]) {
    if (row.level === 'RECENT') {
      if (row.key === null) continue; // the debts not settled recently
      const point = { daysLate: row.late, count: row.count, amount: row.amount, open: row.open };
      const list = recent.get(row.key);
      if (list) list.push(point);
      else recent.set(row.key, [point]);
      continue;
    }
    if (row.level === 'DIM1' && row.key === null) continue; // customers without a dim1 value
    const id = `${row.level}:${row.key ?? ''}`;
    let profile = profiles.get(id);
    if (!profile) {
      profile = { level: row.level, ...(row.label ? { label: row.label } : {}), points: [] };
      profiles.set(id, profile);
    }
    profile.points.push({ daysLate: row.late, count: row.count, amount: row.amount, open: row.open });
  }
  for (const profile of profiles.values()) profile.points.sort((a, b) => a.daysLate - b.daysLate);
  // An account that pays in parts is read receipt by receipt; its drift, read bill by bill, is not.
  const own = new Map<string, LatenessProfile>();
  for (const [account, pieces] of parts) {
    const profile = profiles.get(`ACCOUNT:${account}`);
    if (profile) own.set(account, paidInParts(profile, pieces));
  }
  for (const [account, points] of recent) {
    const profile = profiles.get(`ACCOUNT:${account}`);
    const drift = profile && !own.has(account) && driftOf(profile.points, points);
    if (profile && drift) own.set(account, withDrift(profile, drift));
  }
  return (owner) =>
    [
      own.get(owner.account) ?? profiles.get(`ACCOUNT:${owner.account}`),
      profiles.get(`FAMILY:${owner.family}`),
      owner.dim1 === null ? undefined : profiles.get(`DIM1:${owner.dim1}`),
      profiles.get('CLIENT:'),
    ].filter((p) => p !== undefined);
}
