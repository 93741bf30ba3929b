import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import type { CashSums, StartSums } from '@/lib/domain/cash-forecast';
import type { ForecastLevel } from '@/lib/db/schema';
import { selectionCondition, type DebtSelection } from './debt-selection';
import type { ProfileRow } from './lateness-profiles';

/**
 * A promise or dispute written while the forecast was being built may have been committed after the
 * build's snapshot yet be dated before it (its transaction began earlier): the families changed in
 * this margin before the build are recomputed too. Promise and dispute writes take milliseconds.
 */
const CHANGE_MARGIN = sql`interval '1 minute'`;

/**
 * The version of the forecast's model (lib/domain/payment-prediction.ts and the readings it takes):
 * raised with every change to what the model answers, so that a forecast stored by an earlier one is
 * set aside (answered from the ledger) until the jobs rebuild it, instead of answering for a day.
 */
export const FORECAST_MODEL = 2;

/** The client's build (alias `b`) when it answers `today`: built for that day from the current ledger by this model. */
function currentBuild(clientId: number, today: string): SQL {
  return sql`(select b.* from forecast_builds b
    left join data_update_times t on t.client_id = b.client_id
    where b.client_id = ${clientId} and b.built_for = ${today}::date and b.model = ${FORECAST_MODEL}
      and b.ledger_time is not distinct from t.integration_update_time) b`;
}

/**
 * When the stored forecast answers `today`: built for that client day from the ledger as it stands
 * (the integration update time it was built from is still the current one). Its build time, else null.
 */
export async function storedForecastBuild(db: Db, clientId: number, today: string): Promise<string | null> {
  const build = await queryRow(
    db,
    sql`select b.built_at::text as "builtAt" from ${currentBuild(clientId, today)}`,
    row({ builtAt: col.text }),
  );
  return build?.builtAt ?? null;
}

/**
 * More families changed than this since the build, and the forecast is built again (forecast-store.ts):
 * computing them from the ledger on each call would cost more than the stored rows save (the day's
 * promise check can close hundreds at once).
 */
export const MAX_CHANGED_FAMILIES = 50;

/** The families whose promises or disputes were written since `builtAt` (a query of `family`; both may be columns). */
export function changedFamiliesSince(clientId: SQL, builtAt: SQL): SQL {
  return sql`
    select distinct coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family
    from (
      select p.sys_obligor_code from promises p
      where p.client_id = ${clientId} and p.changed_at >= ${builtAt} - ${CHANGE_MARGIN}
      union
      select d.sys_obligor_code from disputes d
      where d.client_id = ${clientId} and d.changed_at >= ${builtAt} - ${CHANGE_MARGIN}
    ) changes
    join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = changes.sys_obligor_code`;
}

/** The families whose promises or disputes were written since the forecast was built (their stored sums are out of date). */
export async function changedFamilies(db: Db, clientId: number, builtAt: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`${changedFamiliesSince(sql`${clientId}`, sql`${builtAt}::timestamptz`)} order by 1`,
    row({ family: col.text }),
  );
  return rows.map((r) => r.family);
}

/** A stored row of sums (COLUMNS). */
const SumsRow = row({
  from: col.day,
  expected: col.array(col.num),
  variance: col.array(col.num),
  actual: col.array(col.num).nullable(),
  rules: col.array(col.num).nullable(),
  later: col.num,
  disputed: col.num,
  notExpected: col.num,
  open: col.num,
});

const COLUMNS = sql`s.from_date::text as "from", s.expected, s.variance, s.actual, s.rules, s.later, s.disputed,
  s.not_expected as "notExpected", s.open`;

/**
 * A field officer's or an area sales manager's accounts as one value (how many, and the sum of their
 * codes' hashes), over obligors `o` grouped by the user: stored with the user's row, compared on
 * reading, so that a reassignment since the build sets the row aside.
 */
export const ASSIGNMENT_MARK = sql`count(*) || ':' || coalesce(sum(hashtext(o.sys_obligor_code)::bigint), 0)`;

/** A scoped user's accounts as a mark (ASSIGNMENT_MARK); null for a user who sees every customer. */
export async function assignmentMark(db: Db, clientId: number, scope: ObligorScope): Promise<string | null> {
  if (!isScoped(scope)) return null;
  const found = await queryRow(
    db,
    sql`select ${ASSIGNMENT_MARK} as mark from obligors o where o.client_id = ${clientId}
      and ${scope.role === 'guest' ? sql`o.guest_id` : sql`o.representative_id`} = ${scope.userId}`,
    row({ mark: col.text }),
  );
  return found?.mark ?? null;
}

/** The stored row that answers a selection whole, when there is one: its level and key. */
function wholeRow(selection: DebtSelection): [ForecastLevel, string] | null {
  if (selection.families !== undefined) return null;
  if (isScoped(selection.scope))
    return selection.account === undefined && selection.family === undefined && selection.dim1Id === undefined
      ? [selection.scope.role === 'guest' ? 'GUEST' : 'REPRESENTATIVE', String(selection.scope.userId)]
      : null;
  if (selection.account !== undefined) return ['ACCOUNT', selection.account];
  if (selection.family !== undefined) return ['FAMILY', selection.family];
  if (selection.dim1Id !== undefined) return ['DIM1', String(selection.dim1Id)];
  return ['CLIENT', ''];
}

/**
 * The stored sums of a selection from each start day, signed: the row of the client, a dim1 value, a
 * family, an account or a scoped user's whole book (while the user's accounts are those it was built
 * for), less the accounts of the `without` families (changed since the build); otherwise the rows of
 * the selection's accounts outside those families.
 */
export async function storedSums(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  without: readonly string[],
): Promise<(StartSums & { from: string })[]> {
  const accounts = (condition: SQL) => sql`
    select ${COLUMNS} from forecast_sums s
    join obligors o on o.client_id = s.client_id and o.sys_obligor_code = s.key
    where s.client_id = ${clientId} and s.level = 'ACCOUNT' and ${condition}`;
  const row = wholeRow(selection);
  if (row) {
    const [level, key] = row;
    const userRow = level === 'GUEST' || level === 'REPRESENTATIVE';
    const assigned = userRow
      ? sql`and s.mark = (select ${ASSIGNMENT_MARK} from obligors o where o.client_id = ${clientId}
            and ${level === 'GUEST' ? sql`o.guest_id` : sql`o.representative_id`} = ${Number(key)})`
      : sql``;
    const rows = await queryRows(
      db,
      sql`
      select ${COLUMNS}, 1 as sign from forecast_sums s
      where s.client_id = ${clientId} and s.level = ${level} and s.key = ${key} ${assigned}
      ${
        without.length
          ? sql`union all select *, -1 as sign from (${accounts(
              selectionCondition(clientId, { ...selection, families: without }),
            )}) changed`
          : sql``
      }`,
      SumsRow.extend({ sign: col.int }),
    );
    // A user's row set aside (reassigned since) or never built (no debts): their accounts' rows answer.
    if (!userRow || rows.some((r) => r.sign > 0))
      return rows.map((r) => ({ from: r.from, ...startSums(r, r.sign < 0 ? -1 : 1) }));
  }
  const rows = await queryRows(
    db,
    accounts(
      sql`${selectionCondition(clientId, selection)} and not (${selectionCondition(clientId, {
        scope: selection.scope,
        families: without,
      })})`,
    ),
    SumsRow,
  );
  return rows.map((r) => ({ from: r.from, ...startSums(r, 1) }));
}

function startSums(r: Row<typeof SumsRow>, sign: 1 | -1): StartSums {
  const n = (x: number) => sign * x;
  const sums: CashSums = {
    expected: r.expected.map(n),
    variance: r.variance.map(n),
    later: n(r.later),
    disputed: n(r.disputed),
    notExpected: n(r.notExpected),
    open: n(r.open),
  };
  return { sums, actual: r.actual ? r.actual.map(n) : null, rules: r.rules ? r.rules.map(n) : null };
}

/** One stored lateness profile: its points as parallel arrays by days late (forecast_profiles). */
const StoredProfile = row({
  level: col.oneOf(['DIM1', 'CLIENT']),
  key: col.text,
  label: col.text.nullable(),
  late: col.array(col.int),
  count: col.array(col.int),
  amount: col.array(col.num),
  open: col.array(col.num),
});
export type StoredProfile = Row<typeof StoredProfile>;

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
  const rows = await queryRows(
    db,
    sql`
    select p.level, p.key, p.label, p.late, p.count, p.amount, p.open
    from ${currentBuild(clientId, today)}
    join forecast_profiles p on p.client_id = b.client_id and p.known_through = ${knownThrough}::date`,
    StoredProfile,
  );
  if (!rows.length) return null;
  return rows.flatMap((r) =>
    r.late.map((late, i) => ({
      level: r.level,
      key: r.level === 'CLIENT' ? null : r.key,
      label: r.label,
      late,
      count: r.count[i]!,
      amount: r.amount[i]!,
      open: r.open[i]!,
    })),
  );
}
