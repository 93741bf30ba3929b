import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { dsoEndDate } from '@/lib/domain/dso';
import { runImport } from '@/lib/server/imports/run-import';
import { refreshReceivableRollups } from '@/lib/server/receivables/refresh-rollups';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { csv, file, handFiles, newClient, TODAY } from './helpers';

let database: TestDatabase;
let clientId: number;

const refreshedAt = async () =>
  new Map(
    (
      await queryRows(
        database.db,
        sql`
  select as_of_date::text as d, refreshed_at::text as at from ageing_snapshots where client_id = ${clientId}`,
        row({ d: col.text, at: col.text }),
      )
    ).map((r) => [r.d, r.at]),
  );

/** Every rollup row of the client, in a stable order: what the screens read (whole rows, compared as they come). */
const rollups = async () =>
  JSON.stringify(
    (
      await database.db.execute(sql`
  select r.*, null as client_id from obligor_ageing r where r.client_id = ${clientId} order by r.as_of_date, r.sys_obligor_code`)
    ).rows,
  ) +
  JSON.stringify(
    (
      await database.db.execute(sql`
  select f.*, null as client_id from family_ageing f where f.client_id = ${clientId} order by f.as_of_date, f.family_code`)
    ).rows,
  ) +
  JSON.stringify(await settlement());

/** What the refresh keeps on each item: paid to date, the day it was settled, its status. */
const settlement = () =>
  queryRows(
    database.db,
    sql`
  select sys_invoice_num as num, paid_to_date::text as paid, settled_date::text as settled, status
  from invoices where client_id = ${clientId} order by sys_invoice_num`,
    row({ num: col.text, paid: col.text, settled: col.text.nullable(), status: col.text }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  ({ clientId } = await newClient(database.db, 'INCR'));
  const first = await runImport(database.db, {
    clientId,
    userId: null,
    source: 'CLI',
    files: handFiles(),
    today: TODAY,
  });
  expect(first.status).toBe('SUCCEEDED');
});
afterAll(() => database?.dispose());

describe('a batch of new documents and payments', () => {
  it('rebuilds only the rollups on or after its earliest date, and they equal a full rebuild', async () => {
    const before = await refreshedAt();
    // A new invoice of the child C1 issued on 25 Oct 2026, a payment of 12 Nov 2026, and one settling the
    // stored I1: nothing before 25 Oct can move; only the batch's items are settled again, and only C1's
    // rows and its family P1's are rebuilt (the rest must still equal a full rebuild).
    const batch = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: [
        file(
          'invoices.csv',
          csv([
            'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
            'I7,INV/I7,C1,2026-10-25,2026-11-24,"12,000.00"',
          ]),
        ),
        file(
          'payments.csv',
          csv([
            'payment_ref,sys_invoice_num,paid_date,amount',
            'R5,I7,2026-11-12,"2,000"',
            'R6,I1,2026-11-05,"10,000"',
          ]),
        ),
      ],
    });
    expect(batch.status).toBe('SUCCEEDED');
    expect((await settlement()).filter((i) => ['I1', 'I7'].includes(i.num))).toEqual([
      { num: 'I1', paid: '10000.00', settled: '2026-11-05', status: 'CLOSED' },
      { num: 'I7', paid: '2000.00', settled: null, status: 'OPEN' },
    ]);
    const after = await refreshedAt();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // The DSO end date (today less a month) already has rollups: before the batch's first date, it stays too.
    expect(dsoEndDate(TODAY) < '2026-10-25' && before.has(dsoEndDate(TODAY))).toBe(true);
    for (const [date, at] of after) {
      if (date < '2026-10-25') expect(at, date).toBe(before.get(date));
      else expect(at, date).not.toBe(before.get(date));
    }
    expect([...after.keys()].filter((d) => d < '2026-10-25').length).toBeGreaterThan(3);
    const incremental = await rollups();
    await database.db.transaction((tx) => refreshReceivableRollups(tx, clientId, TODAY));
    expect(await rollups()).toBe(incremental);
  });

  it('rebuilds every date when an existing row changes (its old date is unknown)', async () => {
    const before = await refreshedAt();
    const batch = await runImport(database.db, {
      clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: [
        file(
          'invoices.csv',
          csv([
            'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
            'I7,INV/I7,S1,2026-10-25,2026-11-24,"13,000.00"',
          ]),
        ),
      ],
    });
    expect(batch.counts.invoices).toMatchObject({ updated: 1 });
    const after = await refreshedAt();
    for (const [date, at] of after) expect(at, date).not.toBe(before.get(date));
  });
});

describe('planner statistics', () => {
  /** The import's progress messages for one file of the client's. */
  const progressOfFile = async (into: number, name: string, lines: string[]) => {
    const messages: string[] = [];
    const report = await runImport(database.db, {
      clientId: into,
      userId: null,
      source: 'CLI',
      today: TODAY,
      onProgress: (m) => messages.push(m),
      files: [file(name, csv(lines))],
    });
    expect(report.status).toBe('SUCCEEDED');
    return messages;
  };
  const progressOf = (rows: string[], into = clientId) =>
    progressOfFile(into, 'invoices.csv', [
      'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
      ...rows,
    ]);
  const obligorsOf = (into: number, codes: string[]) =>
    progressOfFile(into, 'obligors.csv', ['sys_obligor_code,name', ...codes.map((c) => `${c},Trader ${c}`)]);

  it('analyses a table once it has grown by a tenth since its last ANALYZE, not for every small batch', async () => {
    expect(await progressOf(['ST1,INV/ST1,S1,2026-11-10,2026-12-10,100'])).not.toContain('analysing invoices');
    const many = Array.from({ length: 2000 }, (_, i) => `ST${i + 2},INV/ST${i + 2},S1,2026-11-10,2026-12-10,100`);
    expect(await progressOf(many)).toContain('analysing invoices');
  });

  it("analyses for a new client's first batch beside a larger one, though the table hardly grows, and not for its next small batch", async () => {
    // A larger client: ~10,000 invoices, which the statistics know.
    const many = Array.from({ length: 8000 }, (_, i) => `BG${i},INV/BG${i},S1,2026-11-10,2026-12-10,100`);
    await progressOf(many);
    await database.db.execute(sql`analyze invoices`);
    const small = await newClient(database.db, 'SMALL');
    const { status } = await runImport(database.db, {
      clientId: small.clientId,
      userId: null,
      source: 'CLI',
      today: TODAY,
      files: [file('obligors.csv', csv(['sys_obligor_code,name', 'N1,Navkar Traders']))],
    });
    expect(status).toBe('SUCCEEDED');
    // 700 rows are under a tenth of the table's pages, but the planner takes the new client for none.
    const first = Array.from({ length: 700 }, (_, i) => `SM${i},INV/SM${i},N1,2026-11-10,2026-12-10,100`);
    expect(await progressOf(first, small.clientId)).toContain('analysing invoices');
    expect(await progressOf(['SMX,INV/SMX,N1,2026-11-11,2026-12-11,100'], small.clientId)).not.toContain(
      'analysing invoices',
    );
  });

  it("analyses for a new client's first hundred customers beside thousands, where one estimated row makes nested loops of every customer", async () => {
    const large = await newClient(database.db, 'MANYCUST');
    await obligorsOf(
      large.clientId,
      Array.from({ length: 3000 }, (_, i) => `L${i}`),
    );
    await database.db.execute(sql`analyze obligors`);
    const small = await newClient(database.db, 'FEWCUST');
    // 120 rows: 4 % of the table, estimated at about one; a forecast statement over them took 42 s, not 1.6 s.
    expect(
      await obligorsOf(
        small.clientId,
        Array.from({ length: 120 }, (_, i) => `F${i}`),
      ),
    ).toContain('analysing obligors');
    expect(await obligorsOf(small.clientId, ['F120'])).not.toContain('analysing obligors');
  });
});
