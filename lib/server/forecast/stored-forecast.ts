import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { isScoped } from '@/lib/domain/obligor-scope';
import type { CashSums, StartSums } from '@/lib/domain/cash-forecast';
import { selectionCondition, type DebtSelection } from './debt-selection';
import type { ProfileRow } from './lateness-profiles';

/**
 * A promise or dispute written while the forecast was being built may have been committed after the
 * build's snapshot yet be dated before it (its transaction began earlier): the families changed in
 * this margin before the build are recomputed too. Promise and dispute writes take milliseconds.
 */
const CHANGE_MARGIN = sql`interval '1 minute'`;

/**
 * When the stored forecast answers `today`: built for that client day from the ledger as it stands
 * (the integration update time it was built from is still the current one). Its build time, else null.
 */
export async function storedForecastBuild(db: Db, clientId: number, today: string): Promise<string | null> {
  const [row] = await queryRows<{ builtAt: string }>(
    db,
    sql`
    select b.built_at::text as "builtAt" from forecast_builds b
    left join data_update_times t on t.client_id = b.client_id
    where b.client_id = ${clientId} and b.built_for = ${today}::date
      and b.ledger_time is not distinct from t.integration_update_time`,
  );
  return row?.builtAt ?? null;
}

/** The families whose promises or disputes were written since the forecast was built (their stored sums are out of date). */
export async function changedFamilies(db: Db, clientId: number, builtAt: string): Promise<string[]> {
  const rows = await queryRows<{ family: string }>(
    db,
    sql`
    select distinct coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family
    from (
      select sys_obligor_code from promises
      where client_id = ${clientId} and changed_at >= ${builtAt}::timestamptz - ${CHANGE_MARGIN}
      union
      select sys_obligor_code from disputes
      where client_id = ${clientId} and changed_at >= ${builtAt}::timestamptz - ${CHANGE_MARGIN}
    ) c
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = c.sys_obligor_code
    order by 1`,
  );
  return rows.map((r) => r.family);
}

interface SumsRow {
  from: string;
  expected: number[];
  variance: number[];
  actual: number[] | null;
  later: number;
  disputed: number;
  notExpected: number;
  open: number;
}

const COLUMNS = sql`s.from_date::text as "from", s.expected, s.variance, s.actual, s.later, s.disputed,
  s.not_expected as "notExpected", s.open`;

/**
 * The stored sums of a selection from each start day: one row per start for the client, a dim1 value,
 * a family or an account seen by a user who sees every customer; a scoped user's accounts' rows
 * otherwise. `without` (changed families) leaves those families' accounts out.
 */
export async function storedSums(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  without: readonly string[],
): Promise<(StartSums & { from: string })[]> {
  const whole = !isScoped(selection.scope) && selection.families === undefined;
  const one: [string, string] | null = !whole
    ? null
    : selection.account !== undefined
      ? ['ACCOUNT', selection.account]
      : selection.family !== undefined
        ? ['FAMILY', selection.family]
        : selection.dim1Id !== undefined
          ? ['DIM1', String(selection.dim1Id)]
          : ['CLIENT', ''];
  const accounts = (condition: SQL) => sql`
    select ${COLUMNS} from forecast_sums s
    join obligors o on o.client_id = s.client_id and o.sys_obligor_code = s.key
    where s.client_id = ${clientId} and s.level = 'ACCOUNT' and ${condition}`;
  const rows = await queryRows<SumsRow & { sign: number }>(
    db,
    one
      ? sql`
        select ${COLUMNS}, 1 as sign from forecast_sums s
        where s.client_id = ${clientId} and s.level = ${one[0]} and s.key = ${one[1]}
        ${
          without.length
            ? sql`union all select *, -1 as sign from (${accounts(
                selectionCondition(clientId, { ...selection, families: without }),
              )}) changed`
            : sql``
        }`
      : sql`select *, 1 as sign from (${accounts(
          sql`${selectionCondition(clientId, selection)} and not (${selectionCondition(clientId, {
            scope: selection.scope,
            families: without,
          })})`,
        )}) kept`,
  );
  return rows.map((r) => ({ from: r.from, ...startSums(r, Number(r.sign) < 0 ? -1 : 1) }));
}

function startSums(r: SumsRow, sign: 1 | -1): StartSums {
  const n = (x: number | string) => sign * Number(x);
  const sums: CashSums = {
    expected: r.expected.map(n),
    variance: r.variance.map(n),
    later: n(r.later),
    disputed: n(r.disputed),
    notExpected: n(r.notExpected),
    open: n(r.open),
  };
  return { sums, actual: r.actual ? r.actual.map(n) : null };
}

/**
 * The client-wide lateness profiles known on `knownThrough`, as stored with a forecast that answers
 * `today`; null when the stored forecast is not current or did not keep that day.
 */
export async function storedWideProfiles(
  db: Db,
  clientId: number,
  knownThrough: string,
  today: string,
): Promise<ProfileRow[] | null> {
  const rows = await queryRows<{
    level: 'DIM1' | 'CLIENT';
    key: string;
    label: string | null;
    late: number[];
    count: number[];
    amount: number[];
    open: number[];
  }>(
    db,
    sql`
    select p.level, p.key, p.label, p.late, p.count, p.amount, p.open
    from forecast_builds b
    left join data_update_times t on t.client_id = b.client_id
    join forecast_profiles p on p.client_id = b.client_id and p.known_through = ${knownThrough}::date
    where b.client_id = ${clientId} and b.built_for = ${today}::date
      and b.ledger_time is not distinct from t.integration_update_time`,
  );
  if (!rows.length) return null;
  return rows.flatMap((r) =>
    r.late.map((late, i) => ({
      level: r.level,
      key: r.level === 'CLIENT' ? null : r.key,
      label: r.label,
      late,
      count: r.count[i]!,
      amount: String(r.amount[i]),
      open: String(r.open[i]),
    })),
  );
}
