import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type {
  ProvisionSegmentation,
  TProvision,
  TProvisionAdjustmentBody,
  TProvisionQuery,
} from '@/lib/contract/provision';
import { boundariesOf, bucketLabels, CREDIT_BUCKETS, type AgeingBoundaries } from '@/lib/domain/ageing';
import { formatMoney } from '@/lib/domain/format';
import {
  journalEntry,
  lossRates,
  monthEndsBefore,
  previousQuarterEnd,
  RATING_SEGMENT_NAMES,
  segmentProvision,
  type MonthEnd,
  type ProvisionMethod,
  type SegmentProvision,
} from '@/lib/domain/provision';
import { invalid } from '@/lib/server/domain-errors';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { column } from '@/lib/server/receivables/ageing-columns';
import { ageingRowsForDates, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import { historyCovers } from '@/lib/server/receivables/history/read-history';
import { LEDGER_KEY, levelOf, obligorKey, segmentNames, type SegmentLevel } from './segments';

/** The history's columns of the 'Credit Date' buckets: current, crd_bucket1..4. */
const BUCKET_COLUMNS = CREDIT_BUCKETS.map(column);

const BalanceRow = row({
  date: col.day,
  key: col.text,
  current: col.num,
  b1: col.num,
  b2: col.num,
  b3: col.num,
  b4: col.num,
});

type Balances = Map<string, Map<string, number[]>>;

function byKey(rows: { date: string; key: string; current: number; b1: number; b2: number; b3: number; b4: number }[]) {
  const balances: Balances = new Map();
  for (const r of rows) {
    if (!balances.has(r.key)) balances.set(r.key, new Map());
    balances.get(r.key)!.set(r.date, [r.current, r.b1, r.b2, r.b3, r.b4]);
  }
  return balances;
}

/**
 * Each segment's bucket balances (current, 1-b1, ..., over b3) at each date: from the ageing history
 * when it is built from the current ledger, else from the ledger itself (right after an import or a
 * write-off, until the history is rebuilt: the ageing views do the same), all dates in one pass.
 */
async function balancesAt(
  db: Db,
  clientId: number,
  level: SegmentLevel,
  dates: string[],
  boundaries: AgeingBoundaries,
  fromLedger: boolean,
): Promise<Balances> {
  if (fromLedger) return ledgerBalancesAt(db, clientId, level, dates, boundaries);
  // The date of the matrix is often a month end of its history too: each date once, as rows are summed by it.
  const days = sql.join(
    [...new Set(dates)].map((d) => sql`(${d}::date)`),
    sql`, `,
  );
  const [current, b1, b2, b3, b4] = BUCKET_COLUMNS;
  if (level === 'rating') {
    // Each obligor's row in force at each date (read by key, as the obligor level always is),
    // summed by the rating of that date.
    const rows = await queryRows(
      db,
      sql`select x.day as date, x.segment as key, sum(x.c0) as current, sum(x.c1) as b1, sum(x.c2) as b2,
          sum(x.c3) as b3, sum(x.c4) as b4 from (
        select d.day::text as day, ${obligorKey(clientId, level, sql`d.day`)} as segment,
          h.${current} as c0, h.${b1} as c1, h.${b2} as c2, h.${b3} as c3, h.${b4} as c4
        from (values ${days}) as d(day)
        cross join obligors o
        join lateral (
          select * from ageing_history h
          where h.client_id = ${clientId} and h.level = 'obligor' and h.key = o.sys_obligor_code and h.from_day <= d.day
          order by h.from_day desc limit 1) h on h.valid @> d.day
        where o.client_id = ${clientId}) x
        group by 1, 2`,
      BalanceRow,
    );
    return byKey(rows);
  }
  const rows = await queryRows(
    db,
    sql`select d.day::text as date, h.key, h.${current} as current, h.${b1} as b1, h.${b2} as b2, h.${b3} as b3, h.${b4} as b4
      from (values ${days}) as d(day)
      join ageing_history h on h.client_id = ${clientId} and h.level = ${level} and h.valid @> d.day`,
    BalanceRow,
  );
  return byKey(rows);
}

async function ledgerBalancesAt(
  db: Db,
  clientId: number,
  level: SegmentLevel,
  dates: string[],
  boundaries: AgeingBoundaries,
): Promise<Balances> {
  const sorted = [...new Set(dates)].sort();
  const key = LEDGER_KEY[level];
  const sums = sql.join(
    BUCKET_COLUMNS.map((c, i) => sql`sum(r.${c}) as ${sql.identifier(['current', 'b1', 'b2', 'b3', 'b4'][i]!)}`),
    sql`, `,
  );
  // The temporary tables of ageingRowsForDates live on one connection: a transaction holds it.
  const rows = await db.transaction(async (tx) => {
    const ageing = await ageingRowsForDates(tx, clientId, sorted, boundaries);
    const found = await queryRows(
      tx,
      sql`select r.as_of_date::text as date, ${key} as key, ${sums} from (${ageing}) r group by 1, 2`,
      BalanceRow,
    );
    await dropAgeingDates(tx);
    return found;
  });
  return byKey(rows);
}

const WriteOffRow = row({ key: col.text, monthEnd: col.day, bucket: col.int.nullable(), amount: col.num });

/**
 * The write-offs the rates read, per segment: the WRITE_OFF documents against an invoice (imported
 * or written by an approved write-off request), aged by the invoice's due date. For each month end: what was written off in the month ending there (bucket null), and, per
 * bucket the invoice sat in at that month end, what of it was written off later, up to `asOf`; by
 * rating, each in the segment of the customer's rating at that month end, as its balances are.
 */
async function writeOffs(
  db: Db,
  clientId: number,
  level: SegmentLevel,
  monthEnds: string[],
  asOf: string,
  { b1, b2, b3 }: AgeingBoundaries,
) {
  const ends = sql.join(
    monthEnds.map((d) => sql`(${d}::date)`),
    sql`, `,
  );
  const key = obligorKey(clientId, level, sql`e.month_end`);
  const rows = await queryRows(
    db,
    sql`with w as (
        select i.sys_obligor_code, n.issue_date as day, -n.amount as amount, i.issue_date as issued, i.due_date as due
        from invoices n
        join invoices i on i.client_id = n.client_id and i.sys_invoice_num = n.against_sys_invoice_num
        where n.client_id = ${clientId} and n.doc_type = 'WRITE_OFF' and n.issue_date <= ${asOf}::date),
      e as (select m.day as month_end from (values ${ends}) as m(day)),
      -- Keyed first, summed after: a rating's key is a correlated subquery, not a column to group by.
      keyed as (
        select ${key} as key, e.month_end::text as "monthEnd", null::int as bucket, w.amount
          from w join e on w.day >= date_trunc('month', e.month_end)::date and w.day <= e.month_end
          join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = w.sys_obligor_code
        union all
        select ${key}, e.month_end::text, case
            when e.month_end - w.due <= 0 then 0 when e.month_end - w.due <= ${b1} then 1
            when e.month_end - w.due <= ${b2} then 2 when e.month_end - w.due <= ${b3} then 3 else 4 end,
          w.amount
          from w join e on w.issued <= e.month_end and w.day > e.month_end
          join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = w.sys_obligor_code)
      select key, "monthEnd", bucket, sum(amount) as amount from keyed group by 1, 2, 3`,
    WriteOffRow,
  );
  return rows;
}

const AdjustmentRow = row({ key: col.text, percent: col.num, reason: col.text });

async function adjustments(db: Db, clientId: number, level: SegmentLevel) {
  const rows = await queryRows(
    db,
    sql`select key, percent, reason from provision_adjustments where client_id = ${clientId} and level = ${level}`,
    AdjustmentRow,
  );
  return new Map(rows.map((r) => [r.key, { percent: r.percent, reason: r.reason }]));
}

/** The matrix of every segment as of one date. */
async function matrixAt(
  db: Db,
  clientId: number,
  date: string,
  method: ProvisionMethod,
  segment: ProvisionSegmentation,
  months: number,
  boundaries: AgeingBoundaries,
  adjusted: Map<string, { percent: number; reason: string }>,
  names: Map<string, string>,
  fromLedger: boolean,
) {
  const level = levelOf(segment);
  // ROLL_RATE pairs each month end with the next: `months` rates need one month end more.
  const monthEnds = monthEndsBefore(date, method === 'ROLL_RATE' ? months + 1 : months);
  const balances = await balancesAt(db, clientId, level, [...monthEnds, date], boundaries, fromLedger);
  const offs = await writeOffs(db, clientId, level, monthEnds, date, boundaries);
  const labels = Object.values(bucketLabels(boundaries, 'CREDIT_DATE'));
  const keys = [...new Set([...balances.keys(), ...offs.map((o) => o.key)])].sort((a, b) =>
    (names.get(a) ?? a).localeCompare(names.get(b) ?? b),
  );
  const segments: (SegmentProvision & { key: string })[] = [];
  for (const key of keys) {
    const own = balances.get(key) ?? new Map<string, number[]>();
    const history: MonthEnd[] = monthEnds.map((d) => ({
      date: d,
      balances: own.get(d) ?? [0, 0, 0, 0, 0],
      writtenOff: 0,
      writtenOffLater: [0, 0, 0, 0, 0],
    }));
    const at = new Map(history.map((m) => [m.date, m]));
    for (const o of offs) {
      if (o.key !== key) continue;
      const m = at.get(o.monthEnd)!;
      if (o.bucket === null) m.writtenOff += o.amount;
      else m.writtenOffLater[o.bucket]! += o.amount;
    }
    const today = own.get(date) ?? [0, 0, 0, 0, 0];
    if (today.every((b) => b === 0) && history.every((m) => m.balances.every((b) => b === 0))) continue;
    const provision = segmentProvision(
      names.get(key) ?? key,
      labels,
      today,
      lossRates(method, history, labels.length),
      adjusted.get(key) ?? null,
    );
    segments.push({ ...provision, key });
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    monthEnds,
    segments,
    allowance: round(segments.reduce((s, p) => s + p.allowance, 0)),
    balance: round(segments.reduce((s, p) => s + p.balance, 0)),
    history: balances,
    writeOffs: offs,
  };
}

/** The inputs of a matrix, for the page, the API and the workbook. */
export async function provisionWorkings(db: Db, clientId: number, query: TProvisionQuery) {
  const client = await getClient(db, clientId);
  const date = query.date ?? (await clientToday(db, clientId));
  const covered = await queryRow(db, sql`select ${historyCovers(clientId, date)} as ok`, row({ ok: col.bool }));
  const fromLedger = !covered?.ok;
  const boundaries = boundariesOf(client);
  const level = levelOf(query.segment);
  const [adjusted, names] = await Promise.all([
    adjustments(db, clientId, level),
    segmentNames(db, clientId, query.segment),
  ]);
  const now = await matrixAt(
    db,
    clientId,
    date,
    query.method,
    query.segment,
    query.months,
    boundaries,
    adjusted,
    names,
    fromLedger,
  );
  const previousDate = previousQuarterEnd(date);
  const before = await matrixAt(
    db,
    clientId,
    previousDate,
    query.method,
    query.segment,
    query.months,
    boundaries,
    adjusted,
    names,
    fromLedger,
  );
  const money = (n: number) => formatMoney(n, client.currency, client.locale);
  const answer: TProvision = {
    date,
    method: query.method,
    segmentBy: query.segment,
    monthEnds: now.monthEnds,
    segments: now.segments.map((s) => ({
      segment: s.segment,
      key: s.key,
      buckets: s.buckets,
      balance: s.balance,
      allowance: s.allowance,
      adjustment: adjusted.get(s.key) ?? null,
    })),
    writtenOff:
      Math.round(now.writeOffs.filter((o) => o.bucket === null).reduce((sum, o) => sum + o.amount, 0) * 100) / 100,
    balance: now.balance,
    allowance: now.allowance,
    previousDate,
    previousAllowance: before.allowance,
    journal: journalEntry(date, now.allowance, before.allowance, money),
  };
  return { answer, history: now.history, writeOffs: now.writeOffs, names, currency: client.currency };
}

/** GET /provision. */
export async function provisionMatrix(db: Db, clientId: number, query: TProvisionQuery): Promise<TProvision> {
  return (await provisionWorkings(db, clientId, query)).answer;
}

/** PUT /provision/adjustments: a segment's adjustment set (0 with a reason clears its effect), in the edit log. */
export async function saveAdjustment(db: Db, clientId: number, userId: number, body: TProvisionAdjustmentBody) {
  const level = levelOf(body.segmentBy);
  const key = body.segmentBy === 'NONE' ? '' : body.key;
  // A rating's segment is one of a fixed few: any other key would hold an adjustment no matrix shows.
  if (body.segmentBy === 'RATING' && !(key in RATING_SEGMENT_NAMES))
    throw invalid('Choose a rating segment', { key: 'a rating: 1, 2 or 3, or 0 for the unrated' });
  return db.transaction(async (tx) => {
    const [before] = await queryRows(
      tx,
      sql`select key, percent, reason from provision_adjustments
        where client_id = ${clientId} and level = ${level} and key = ${key}`,
      AdjustmentRow,
    );
    await tx.execute(sql`
      insert into provision_adjustments (client_id, level, key, percent, reason, set_by, set_at)
      values (${clientId}, ${level}, ${key}, ${body.percent.toFixed(2)}, ${body.reason}, ${userId}, now())
      on conflict (client_id, level, key) do update
        set percent = excluded.percent, reason = excluded.reason, set_by = excluded.set_by, set_at = excluded.set_at`);
    const adjustment = { percent: Number(body.percent.toFixed(2)), reason: body.reason };
    await recordAudit(tx, {
      clientId,
      userId,
      action: 'provision_adjusted',
      entity: 'provision',
      entityId: `${level}:${key}`,
      before: before ? { percent: before.percent, reason: before.reason } : null,
      after: adjustment,
    });
    return { key, adjustment };
  });
}
