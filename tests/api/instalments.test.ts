import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row, rowOf } from '@/lib/db/rows';
import type { TImportReport } from '@/lib/contract/imports';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { ageingRowsForDates, ageingRowsSql, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import { ageItems, applyNotes, type NumberedLedgerItem } from '@/lib/domain/ageing';
import { GET as invoiceRoute } from '@/app/api/invoices/route';
import { GET as openInvoicesRoute } from '@/app/api/v4/invoices/route';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { csv, INSTALMENTS_BATCH, newClient, TODAY } from '../imports/helpers';

/**
 * INSTALMENTS_BATCH (tests/imports/helpers.ts), buckets 30/60/90, days past due, by hand. INV1's
 * ₹40,000 of 15/09 pays its first instalment and ₹10,000 of the second; the debit note of 01/11
 * reopens ₹5,000 of the second (settlements, negative ones too, settle the oldest instalment first).
 */
const B = { b1: 30, b2: 60, b3: 90 };
const EXPECTED: Record<string, Record<string, number>> = {
  // Nothing paid: the first instalment 10 days past due, the other two not yet due.
  '2026-09-10': {
    current: 60000,
    crdBucket1: 30000,
    crdBucket2: 0,
    outstanding: 90000,
    crdBucket1Num: 1,
    currentNum: 0,
  },
  // The second instalment (20,000 left) falls due today.
  '2026-09-30': { current: 50000, crdBucket1: 0, crdBucket2: 0, outstanding: 50000 },
  // ... and is a day late the next; INV2 issued, not due.
  '2026-10-01': { current: 40000, crdBucket1: 20000, crdBucket2: 0, outstanding: 60000 },
  // The second at 31 days, the third at 1, INV2 due today.
  '2026-10-31': { current: 10000, crdBucket1: 30000, crdBucket2: 20000, outstanding: 60000 },
  // The debit note: the second holds 25,000 at 51 days, the third 30,000 at 21, INV2 10,000 at 20.
  // (Aged by INV1's own due date 30/10 instead, all 55,000 would be 1-30.)
  [TODAY]: { current: 0, crdBucket1: 40000, crdBucket2: 25000, outstanding: 65000 },
};
const DATES = Object.keys(EXPECTED).sort();

let database: TestDatabase;
let clientId: number;
let cookie: string;
let report: TImportReport;

const importFiles = (files: Record<string, string> = INSTALMENTS_BATCH, id = clientId) =>
  importBatch(database.db, id, files);

beforeAll(async () => {
  ({ database, clientId, cookie, report } = await ledgerClient('INSTAL', INSTALMENTS_BATCH));
});
afterAll(() => database?.dispose());

const summaryAt = (date: string) => summaryOf(cookie, date);

describe('an invoice payable in instalments', () => {
  it('imports the schedule with its invoice', () => {
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    expect(report.files.map((f) => [f.kind, f.rows])).toEqual([
      ['obligors', 1],
      ['invoices', 3],
      ['instalments', 3],
      ['payments', 1],
    ]);
    expect(report.counts.instalments).toMatchObject({ inserted: 3 });
  });

  it('ages each instalment by its own due date, oldest settled first, at dates around each event', async () => {
    for (const date of DATES) expect(await summaryAt(date), date).toMatchObject(EXPECTED[date]!);
  });

  it("shows the schedule on the invoice's page, aged by its oldest open instalment", async () => {
    const res = await callRoute(invoiceRoute as never, '/api/invoices', {
      cookie,
      query: { sysInvoiceNum: 'INV1', date: TODAY },
    });
    expect(res.json).toMatchObject({
      outstanding: 55000,
      daysPastDue: 51,
      bucket: 'crdBucket2',
      instalments: [
        { dueDate: '2026-08-31', amount: 30000, outstanding: 0, daysPastDue: 81 },
        { dueDate: '2026-09-30', amount: 30000, outstanding: 25000, daysPastDue: 51 },
        { dueDate: '2026-10-30', amount: 30000, outstanding: 30000, daysPastDue: 21 },
      ],
    });
    const plain = await callRoute(invoiceRoute as never, '/api/invoices', {
      cookie,
      query: { sysInvoiceNum: 'INV2', date: TODAY },
    });
    expect(plain.json).toMatchObject({ daysPastDue: 20, instalments: [] });
    const open = await callRoute(openInvoicesRoute as never, '/api/v4/invoices', { cookie, query: { date: TODAY } });
    expect(
      (open.json as { sysInvoiceNum: string; daysPastDue: number; bucket: string }[]).map((r) => [
        r.sysInvoiceNum,
        r.daysPastDue,
        r.bucket,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['INV1', 51, 'crdBucket2'],
        ['INV2', 20, 'crdBucket1'],
      ]),
    );
    // A search or one customer's list finds the invoice in instalments through its own conditions.
    for (const query of [{ invoiceNum: 'RE-801' }, { sysObligorCode: 'R1' }, { sortBy: 'dueDate', order: 'ASC' }]) {
      const found = await callRoute(openInvoicesRoute as never, '/api/v4/invoices', {
        cookie,
        query: { date: TODAY, ...query },
      });
      expect(
        (found.json as { sysInvoiceNum: string; daysPastDue: number }[]).find((r) => r.sysInvoiceNum === 'INV1'),
        JSON.stringify(query),
      ).toMatchObject({ daysPastDue: 51, outstanding: 55000 });
    }
  });

  it('agrees with the TypeScript rule, and the many-date query with the one-date query', async () => {
    const ledger: NumberedLedgerItem[] = [
      {
        ref: 'INV1',
        issueDate: '2026-08-01',
        dueDate: '2026-10-30',
        amountPaise: 9_000_000,
        payments: [{ paidDate: '2026-09-15', amountPaise: 4_000_000 }],
        instalments: [
          { dueDate: '2026-08-31', amountPaise: 3_000_000 },
          { dueDate: '2026-09-30', amountPaise: 3_000_000 },
          { dueDate: '2026-10-30', amountPaise: 3_000_000 },
        ],
      },
      { ref: 'INV2', issueDate: '2026-10-01', dueDate: '2026-10-31', amountPaise: 1_000_000, payments: [] },
      {
        ref: 'DN1',
        against: 'INV1',
        issueDate: '2026-11-01',
        dueDate: '2026-11-01',
        amountPaise: 500_000,
        payments: [],
      },
    ];
    const columns = sql`outstanding::text, current::text, crd_bucket1::text, crd_bucket2::text, crd_bucket3::text,
      inv_bucket3::text, inv_bucket4::text, current_num::text, crd_bucket1_num::text, crd_bucket2_num::text`;
    // Every column read as text, compared as numbers where they are.
    const Columns = rowOf(
      [
        'as_of',
        'outstanding',
        'current',
        'crd_bucket1',
        'crd_bucket2',
        'crd_bucket3',
        'inv_bucket3',
        'inv_bucket4',
        'current_num',
        'crd_bucket1_num',
        'crd_bucket2_num',
      ],
      col.text,
    );
    const many = await database.db.transaction(async (tx) => {
      const rows = await queryRows(
        tx,
        sql`select as_of_date::text as as_of, ${columns}
        from (${await ageingRowsForDates(tx, clientId, DATES, B)}) r order by as_of_date`,
        Columns,
      );
      await dropAgeingDates(tx);
      return rows;
    });
    const one: Record<string, string>[] = [];
    for (const date of DATES)
      one.push(
        ...(await queryRows(
          database.db,
          sql`select ${date}::text as as_of, ${columns} from (${ageingRowsSql(clientId, date, B)}) r`,
          Columns,
        )),
      );
    const numbers = (rows: Record<string, string>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^-?[\d.]+$/.test(v) ? Number(v) : v])));
    expect(numbers(many)).toEqual(numbers(one));
    for (const row of numbers(one)) {
      const rule = ageItems(applyNotes(ledger), row.as_of as string, B);
      expect(row, String(row.as_of)).toMatchObject({
        outstanding: rule.outstanding / 100,
        current: rule.current / 100,
        crd_bucket1: rule.crdBucket1 / 100,
        crd_bucket2: rule.crdBucket2 / 100,
        crd_bucket3: rule.crdBucket3 / 100,
        inv_bucket3: rule.invBucket3 / 100,
        inv_bucket4: rule.invBucket4 / 100,
        current_num: rule.currentNum,
        crd_bucket1_num: rule.crdBucket1Num,
        crd_bucket2_num: rule.crdBucket2Num,
      });
    }
  });

  it('gives the same figures from the ageing history as from the ledger', async () => {
    expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
    for (const date of DATES) expect(await summaryAt(date), date).toMatchObject(EXPECTED[date]!);
    expect(await summaryAt('2026-08-31')).toMatchObject({ current: 90000, crdBucket1: 0 });
    expect(await summaryAt('2026-09-01')).toMatchObject({ current: 60000, crdBucket1: 30000 });
  });

  it('changes nothing when the same files are imported again', async () => {
    const again = await importFiles();
    expect(again.status).toBe('SUCCEEDED');
    expect(again.counts.instalments).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await summaryAt(TODAY)).toMatchObject(EXPECTED[TODAY]!);
  });

  it('replaces a stored schedule with the one a later batch gives', async () => {
    const other = await newClient(database.db, 'INSTAL2');
    expect((await importFiles(INSTALMENTS_BATCH, other.clientId)).status).toBe('SUCCEEDED');
    const later = await importFiles(
      {
        'instalments.csv': csv([
          'sys_invoice_num,due_date,amount',
          'INV1,31/08/2026,"45,000.00"',
          'INV1,30/10/2026,"45,000.00"',
        ]),
      },
      other.clientId,
    );
    expect(later.status, JSON.stringify(later.errors)).toBe('SUCCEEDED');
    expect(later.counts.instalments).toMatchObject({ inserted: 0, updated: 3 }); // two amounts changed, one removed
    const rows = await queryRows(
      database.db,
      sql`select due_date::text as due, amount::text from instalments where client_id = ${other.clientId} order by due_date`,
      row({ due: col.text, amount: col.num }),
    );
    expect(rows.map((r) => [r.due, r.amount])).toEqual([
      ['2026-08-31', 45000],
      ['2026-10-30', 45000],
    ]);
  });
});

describe('the rules of instalments', () => {
  let clients = 0;
  const refused = async (lines: string[], more: Record<string, string> = {}) => {
    const other = await newClient(database.db, `IBAD${++clients}`);
    const files = {
      ...INSTALMENTS_BATCH,
      'instalments.csv': csv(['sys_invoice_num,due_date,amount', ...lines]),
      ...more,
    };
    const result = await importFiles(files, other.clientId);
    expect(result.status).toBe('FAILED');
    const [count] = await queryRows(
      database.db,
      sql`select count(*)::int as n from instalments where client_id = ${other.clientId}`,
      row({ n: col.int }),
    );
    expect(count!.n).toBe(0);
    return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`).sort();
  };

  it('refuses instalments that do not add up, fall due before the invoice, repeat a date or name no invoice', async () => {
    expect(
      await refused([
        'INV1,31/08/2026,"30,000.00"',
        'INV1,30/09/2026,"30,000.00"',
        'INV1,30/10/2026,"20,000.00"',
        'INV2,15/09/2026,"5,000.00"',
        'INV2,31/10/2026,"5,000.00"',
        'INV2,31/10/2026,"5,000.00"',
        'INV9,31/10/2026,"5,000.00"',
        'DN1,30/11/2026,"5,000.00"',
      ]),
    ).toEqual([
      'instalments.csv:4:amount: instalments of invoice INV1 total 80000.00, not its amount 90000.00',
      'instalments.csv:5:due_date: due on 2026-09-15, before invoice INV2 was issued on 2026-10-01',
      'instalments.csv:7:amount: instalments of invoice INV2 total 15000.00, not its amount 10000.00',
      'instalments.csv:7:sys_invoice_num: an instalment of INV2 2026-10-31 also on line 6',
      'instalments.csv:8:sys_invoice_num: invoice INV9 is neither in invoices nor stored',
      'instalments.csv:9:sys_invoice_num: DN1 is a debit note: only an invoice is payable in instalments',
    ]);
  });

  it('refuses a stored invoice restated with an amount its stored instalments no longer make', async () => {
    const result = await importFiles({
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
        'INV1,RE-801,R1,01/08/2026,30/10/2026,"99,000.00"',
      ]),
    });
    expect(result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'invoices.csv:2:amount: amount 99000.00 differs from the 90000.00 of its stored instalments: send its instalments too',
    ]);
  });
});
