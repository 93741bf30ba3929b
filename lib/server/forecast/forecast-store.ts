import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { LOCKS, inOneSnapshot, tryLock } from '@/lib/db/locks';
import { queryRow, queryRows, together } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { forecastProfiles, forecastSums, type ForecastLevel } from '@/lib/db/schema';
import { addSums, emptySums, forecastStarts, type CashSums } from '@/lib/domain/cash-forecast';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { accountSums } from './account-sums';
import { wideProfiles, type ProfileRow } from './lateness-profiles';
import {
  ASSIGNMENT_MARK,
  FORECAST_MODEL,
  MAX_CHANGED_FAMILIES,
  changedFamiliesSince,
  type StoredProfile,
} from './stored-forecast';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 11 columns. */
const CHUNK = 1000;

/**
 * The clients whose stored forecast does not answer their today: none yet, built for another client
 * day, by an earlier model, or from a ledger an import has changed since; or still answering, but with more families
 * changed since the build than are worth computing on each call. Until rebuilt, the forecast is
 * computed from the ledger (cash-forecast.ts), exactly, only slower.
 */
export async function staleForecastClients(
  db: Db,
  now = new Date(),
  maxChanged = MAX_CHANGED_FAMILIES,
): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`
    select c.id from clients c
    left join data_update_times t on t.client_id = c.id
    left join forecast_builds b on b.client_id = c.id
    where c.kind = 'BORROWER' and exists (select 1 from invoices i where i.client_id = c.id)
      and (b.client_id is null
        or b.built_for <> (${now.toISOString()}::timestamptz at time zone c.time_zone)::date
        or b.model <> ${FORECAST_MODEL}
        or b.ledger_time is distinct from t.integration_update_time
        or (select count(*) from (${changedFamiliesSince(sql`c.id`, sql`b.built_at`)}) changed) > ${maxChanged})
    order by c.id`,
    row({ id: col.int }),
  );
  return rows.map((r) => r.id);
}

/**
 * Builds a client's stored forecast for its today in one snapshot of the ledger, once at a time
 * across app servers (a second caller skips; false), and records the day and the ledger it answers:
 * the sums of every account, family, dim1 value and the client from today and from each back-test
 * month end, and the client-wide lateness profiles of those days. At a million invoices it takes
 * about as long as one cold forecast of the whole client did (docs/benchmarks.md).
 */
export async function buildForecastStore(
  db: Db,
  clientId: number,
  now = new Date(),
  onStep?: (step: string) => void,
): Promise<boolean> {
  return inOneSnapshot(db, async (tx) => {
    if (!(await tryLock(tx, LOCKS.forecastStore, clientId))) return false;
    await tx.execute(sql`set local jit = off`);
    const today = await clientToday(tx, clientId, now);
    const times = await queryRow(
      tx,
      sql`select integration_update_time::text as "ledgerTime" from data_update_times where client_id = ${clientId}`,
      row({ ledgerTime: col.text.nullable() }),
    );
    const parts = await accountSums(tx, clientId, { scope: ALL_OBLIGORS }, today, today, true);
    onStep?.(`sums of ${parts.length} account starts`);
    const users = await assignments(tx, clientId);
    const levels = new Map<string, LevelRow>();
    const add = (level: ForecastLevel, key: string, part: (typeof parts)[number]) => {
      const id = `${level}|${key}|${part.from}`;
      let row = levels.get(id);
      if (!row) {
        row = {
          level,
          key,
          from: part.from,
          sums: emptySums(part.sums.expected.length),
          actual: part.actual ? new Array<number>(part.actual.length).fill(0) : null,
          rules: part.rules ? new Array<number>(part.rules.length).fill(0) : null,
          mark: users.marks.get(`${level}:${key}`) ?? null,
        };
        levels.set(id, row);
      }
      addSums(row.sums, part.sums);
      if (row.actual && part.actual) part.actual.forEach((x, w) => (row.actual![w]! += x));
      if (row.rules && part.rules) part.rules.forEach((x, w) => (row.rules![w]! += x));
    };
    for (const part of parts) {
      add('ACCOUNT', part.account, part);
      add('FAMILY', part.family, part);
      if (part.dim1 !== null) add('DIM1', String(part.dim1), part);
      add('CLIENT', '', part);
      const assigned = users.byAccount.get(part.account);
      if (assigned?.guest != null) add('GUEST', String(assigned.guest), part);
      if (assigned?.representative != null) add('REPRESENTATIVE', String(assigned.representative), part);
    }
    await tx.execute(sql`delete from forecast_sums where client_id = ${clientId}`);
    const rows = [...levels.values()];
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx.insert(forecastSums).values(
        rows.slice(i, i + CHUNK).map((r) => ({
          clientId,
          level: r.level,
          key: r.key,
          fromDate: r.from,
          expected: r.sums.expected,
          variance: r.sums.variance,
          actual: r.actual,
          rules: r.rules,
          later: r.sums.later,
          disputed: r.sums.disputed,
          notExpected: r.sums.notExpected,
          open: r.sums.open,
          mark: r.mark,
        })),
      );
    onStep?.(`${rows.length} rows of sums`);
    await tx.execute(sql`delete from forecast_profiles where client_id = ${clientId}`);
    for (const start of forecastStarts(today)) {
      // Read once already for the sums, and kept in memory for this transaction.
      const profiles = groupProfiles(await wideProfiles(tx, clientId, start.knownThrough, today));
      if (profiles.length)
        await tx
          .insert(forecastProfiles)
          .values(profiles.map((p) => ({ clientId, knownThrough: start.knownThrough, ...p })));
    }
    onStep?.('lateness profiles');
    await tx.execute(sql`analyze forecast_sums`);
    await tx.execute(sql`
      insert into forecast_builds (client_id, built_for, ledger_time, built_at, model)
      values (${clientId}, ${today}::date, ${times?.ledgerTime ?? null}::timestamptz, now(), ${FORECAST_MODEL})
      on conflict (client_id) do update set built_for = excluded.built_for, ledger_time = excluded.ledger_time,
        built_at = excluded.built_at, model = excluded.model`);
    return true;
  });
}

interface LevelRow {
  level: ForecastLevel;
  key: string;
  from: string;
  sums: CashSums;
  actual: number[] | null;
  rules: number[] | null;
  mark: string | null;
}

/** Who each account is assigned to, and each user's accounts as a mark (stored-forecast.ts). */
async function assignments(db: Db, clientId: number) {
  const run = together(db);
  const [accounts, marks] = await Promise.all([
    run(() =>
      queryRows(
        db,
        sql`select o.sys_obligor_code as code, o.guest_id as guest, o.representative_id as representative
          from obligors o
          where o.client_id = ${clientId} and (o.guest_id is not null or o.representative_id is not null)`,
        row({ code: col.text, guest: col.int.nullable(), representative: col.int.nullable() }),
      ),
    ),
    run(() =>
      queryRows(
        db,
        sql`
          select 'GUEST' as level, o.guest_id::text as key, ${ASSIGNMENT_MARK} as mark
          from obligors o where o.client_id = ${clientId} and o.guest_id is not null group by o.guest_id
          union all
          select 'REPRESENTATIVE', o.representative_id::text, ${ASSIGNMENT_MARK}
          from obligors o where o.client_id = ${clientId} and o.representative_id is not null
          group by o.representative_id`,
        row({ level: col.oneOf(['GUEST', 'REPRESENTATIVE']), key: col.text, mark: col.text }),
      ),
    ),
  ]);
  return {
    byAccount: new Map(accounts.map((a) => [a.code, a])),
    marks: new Map(marks.map((m) => [`${m.level}:${m.key}`, m.mark])),
  };
}

/** The grouped profile points as one row per profile (customers without a dim1 value have none of their own). */
function groupProfiles(rows: readonly ProfileRow[]) {
  const byProfile = new Map<string, StoredProfile>();
  for (const r of [...rows].sort((a, b) => a.late - b.late)) {
    if (r.level !== 'DIM1' && r.level !== 'CLIENT') continue;
    if (r.level === 'DIM1' && r.key === null) continue;
    const key = r.level === 'CLIENT' ? '' : r.key!;
    let p = byProfile.get(`${r.level}:${key}`);
    if (!p) {
      p = { level: r.level, key, label: r.label, late: [], count: [], amount: [], open: [] };
      byProfile.set(`${r.level}:${key}`, p);
    }
    p.late.push(r.late);
    p.count.push(r.count);
    p.amount.push(r.amount);
    p.open.push(r.open);
  }
  return [...byProfile.values()];
}

/** Builds the stored forecast of every client whose one is stale; the ids of those built. */
export async function refreshStaleForecasts(db: Db, now = new Date()): Promise<number[]> {
  const done: number[] = [];
  for (const clientId of await staleForecastClients(db, now))
    if (await buildForecastStore(db, clientId, now)) done.push(clientId);
  return done;
}

/** A first import of at most this many documents builds its stored forecast before it returns. */
const FIRST_FORECAST_MAX_DOCUMENTS = 100_000;

/**
 * After a client's first import (no stored forecast yet, `documents` imported): the stored forecast
 * built at once, so that the client's first forecast answers from it rather than from the ledger (a
 * second and more); awaited by the import, so nothing runs on after it. A larger first ledger
 * (minutes of build) is left to the jobs that rebuild stale forecasts. True when built.
 */
export async function buildFirstForecast(db: Db, clientId: number, documents: number): Promise<boolean> {
  if (documents === 0 || documents > FIRST_FORECAST_MAX_DOCUMENTS) return false;
  const built = await queryRow(
    db,
    sql`select exists (select 1 from forecast_builds where client_id = ${clientId}) as built`,
    row({ built: col.bool }),
  );
  return built?.built ? false : buildForecastStore(db, clientId);
}
