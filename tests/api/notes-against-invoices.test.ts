import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TImportReport } from '@/lib/contract/imports';
import { refreshAgeingHistory } from '@/lib/server/receivables/history/refresh-history';
import { ageingRowsForDates, ageingRowsSql, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import { ageItems, applyNotes, type NumberedLedgerItem } from '@/lib/domain/ageing';
import { GET as invoiceRoute } from '@/app/api/invoices/route';
import { GET as openInvoicesRoute } from '@/app/api/v4/invoices/route';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { importBatch, ledgerClient, summaryOf } from '../helpers/ledger-client';
import { csv, newClient, NOTES_BATCH, TODAY } from '../imports/helpers';
import { asText } from '../helpers/text-columns';

/**
 * NOTES_BATCH (tests/imports/helpers.ts), buckets 30/60/90, days past due, by hand:
 * - INV1 ₹1,00,000 due 01/07, ₹20,000 paid 15/08; CN1 ₹30,000 against it on 15/10.
 * - INV2 ₹40,000 due 31/10; DN1 ₹5,000 against it on 01/11; P3 ₹45,000 on 18/11 settles both.
 * - INV3 ₹20,000 due 01/10, ₹12,000 paid 20/10; CN3 ₹8,000 against it on 05/11 closes it.
 * - CN2 ₹2,000 on 10/11 stands alone.
 */
const B = { b1: 30, b2: 60, b3: 90 };
const EXPECTED: Record<string, Record<string, number>> = {
  // The day before the return: INV1 80,000 at 105 days, INV2 current, INV3 20,000 at 13 days.
  '2026-10-14': {
    current: 40000,
    crdBucket1: 20000,
    crdBucket2: 0,
    crdBucket3: 0,
    crdBucket4: 80000,
    outstanding: 140000,
  },
  // The return lowers the 90+ debt; nothing new in current (alone it would be -30,000 there).
  '2026-10-15': {
    current: 40000,
    crdBucket1: 20000,
    crdBucket2: 0,
    crdBucket3: 0,
    crdBucket4: 50000,
    outstanding: 110000,
  },
  // INV3 part paid: 8,000 at 30 days; INV2 due today.
  '2026-10-31': {
    current: 40000,
    crdBucket1: 8000,
    crdBucket2: 0,
    crdBucket3: 0,
    crdBucket4: 50000,
    outstanding: 98000,
  },
  // DN1 raises INV2 to 45,000 (5 days past due); CN3 closes INV3.
  '2026-11-05': { current: 0, crdBucket1: 45000, crdBucket2: 0, crdBucket3: 0, crdBucket4: 50000, outstanding: 95000 },
  // P3 settles INV2 with DN1; CN2 alone at 10 days.
  [TODAY]: { current: 0, crdBucket1: -2000, crdBucket2: 0, crdBucket3: 0, crdBucket4: 50000, outstanding: 48000 },
};
const DATES = Object.keys(EXPECTED).sort();

let database: TestDatabase;
let clientId: number;
let cookie: string;
let report: TImportReport;

const importFiles = (files: Record<string, string> = NOTES_BATCH, id = clientId) => importBatch(database.db, id, files);

beforeAll(async () => {
  ({ database, clientId, cookie, report } = await ledgerClient('NOTES', NOTES_BATCH));
});
afterAll(() => database?.dispose());

const summaryAt = (date: string) => summaryOf(cookie, date);

describe('credit and debit notes raised against an invoice', () => {
  it('imports notes naming the invoice they are against', () => {
    expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
    expect(report.counts.invoices).toMatchObject({ inserted: 7 });
  });

  it('gives the hand-computed buckets at dates before and after each note', async () => {
    for (const date of DATES) {
      const summary = await summaryAt(date);
      expect(summary, date).toMatchObject(EXPECTED[date]!);
      expect(summary.unallocated).toBe(0);
    }
  });

  it('settles each note on its day and each invoice when what it owes is covered', async () => {
    const rows = await queryRows(
      database.db,
      sql`select sys_invoice_num as num, status, settled_date::text as settled, paid_to_date::text as paid
      from invoices where client_id = ${clientId} order by sys_invoice_num`,
      row({ num: col.text, status: col.text, settled: col.text.nullable(), paid: col.text }),
    );
    expect(rows.map((r) => [r.num, r.status, r.settled, Number(r.paid)])).toEqual([
      ['CN1', 'CLOSED', '2026-10-15', -30000],
      ['CN2', 'OPEN', null, 0],
      ['CN3', 'CLOSED', '2026-11-05', -8000],
      ['DN1', 'CLOSED', '2026-11-01', 5000],
      ['INV1', 'OPEN', null, 50000],
      ['INV2', 'CLOSED', '2026-11-18', 40000],
      ['INV3', 'CLOSED', '2026-11-05', 20000],
    ]);
  });

  it('lists the note among what settles the invoice, and the invoice on the note', async () => {
    const inv1 = await callRoute(invoiceRoute as never, '/api/invoices', {
      cookie,
      query: { sysInvoiceNum: 'INV1', date: TODAY },
    });
    expect(inv1.json).toMatchObject({
      outstanding: 50000,
      paid: 50000,
      againstSysInvoiceNum: null,
      payments: [
        { paymentRef: 'P1', paidDate: '2026-08-15', amount: 20000, source: 'PAYMENT' },
        { paymentRef: 'CN1', paidDate: '2026-10-15', amount: 30000, source: 'NOTE' },
      ],
    });
    const cn1 = await callRoute(invoiceRoute as never, '/api/invoices', {
      cookie,
      query: { sysInvoiceNum: 'CN1', date: TODAY },
    });
    expect(cn1.json).toMatchObject({
      status: 'CLOSED',
      outstanding: 0,
      againstSysInvoiceNum: 'INV1',
      payments: [{ paymentRef: 'INV1', paidDate: '2026-10-15', amount: -30000, source: 'NOTE' }],
    });
    const open = await callRoute(openInvoicesRoute as never, '/api/v4/invoices', { cookie, query: { date: TODAY } });
    expect(
      (open.json as { sysInvoiceNum: string; outstanding: number }[]).map((r) => [r.sysInvoiceNum, r.outstanding]),
    ).toEqual(
      expect.arrayContaining([
        ['INV1', 50000],
        ['CN2', -2000],
      ]),
    );
    expect((open.json as unknown[]).length).toBe(2);
  });

  it('counts no note as cash collected', async () => {
    expect((await summaryAt('2026-10-31')).paid).toBe(12000); // P2
    expect((await summaryAt(TODAY)).paid).toBe(45000); // P3
  });

  it('agrees with the TypeScript rule, and the many-date query with the one-date query', async () => {
    const ledger: Record<string, NumberedLedgerItem[]> = {
      K1: [
        {
          ref: 'INV1',
          issueDate: '2026-06-01',
          dueDate: '2026-07-01',
          amountPaise: 10_000_000,
          payments: [{ paidDate: '2026-08-15', amountPaise: 2_000_000 }],
        },
        {
          ref: 'INV2',
          issueDate: '2026-10-01',
          dueDate: '2026-10-31',
          amountPaise: 4_000_000,
          payments: [{ paidDate: '2026-11-18', amountPaise: 4_500_000 }],
        },
        {
          ref: 'CN1',
          against: 'INV1',
          issueDate: '2026-10-15',
          dueDate: '2026-10-15',
          amountPaise: -3_000_000,
          payments: [],
        },
        {
          ref: 'DN1',
          against: 'INV2',
          issueDate: '2026-11-01',
          dueDate: '2026-11-16',
          amountPaise: 500_000,
          payments: [],
        },
        { ref: 'CN2', issueDate: '2026-11-10', dueDate: '2026-11-10', amountPaise: -200_000, payments: [] },
      ],
      M1: [
        {
          ref: 'INV3',
          issueDate: '2026-09-01',
          dueDate: '2026-10-01',
          amountPaise: 2_000_000,
          payments: [{ paidDate: '2026-10-20', amountPaise: 1_200_000 }],
        },
        {
          ref: 'CN3',
          against: 'INV3',
          issueDate: '2026-11-05',
          dueDate: '2026-11-05',
          amountPaise: -800_000,
          payments: [],
        },
      ],
    };
    const columns = asText([
      'sys_obligor_code',
      'outstanding',
      'current',
      'crd_bucket1',
      'crd_bucket2',
      'crd_bucket3',
      'crd_bucket4',
      'inv_bucket1',
      'inv_bucket4',
      'crd_bucket4_num',
    ]);
    const many = await database.db.transaction(async (tx) => {
      const rows = await queryRows(
        tx,
        sql`select as_of_date::text as as_of, ${columns.select}
        from (${await ageingRowsForDates(tx, clientId, DATES, B)}) r order by as_of_date, sys_obligor_code`,
        columns.shape,
      );
      await dropAgeingDates(tx);
      return rows;
    });
    const one: Record<string, string>[] = [];
    for (const date of DATES) {
      one.push(
        ...(await queryRows(
          database.db,
          sql`select ${date}::text as as_of, ${columns.select} from (${ageingRowsSql(clientId, date, B)}) r order by sys_obligor_code`,
          columns.shape,
        )),
      );
    }
    const numbers = (rows: Record<string, string>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, /^-?[\d.]+$/.test(v) ? Number(v) : v])));
    expect(numbers(many)).toEqual(numbers(one));
    for (const row of numbers(one)) {
      const rule = ageItems(applyNotes(ledger[row.sys_obligor_code as string] ?? []), row.as_of as string, B);
      expect(row, `${row.sys_obligor_code} ${row.as_of}`).toMatchObject({
        outstanding: rule.outstanding / 100,
        current: rule.current / 100,
        crd_bucket1: rule.crdBucket1 / 100,
        crd_bucket2: rule.crdBucket2 / 100,
        crd_bucket3: rule.crdBucket3 / 100,
        crd_bucket4: rule.crdBucket4 / 100,
        inv_bucket1: rule.invBucket1 / 100,
        inv_bucket4: rule.invBucket4 / 100,
        crd_bucket4_num: rule.crdBucket4Num,
      });
    }
  });

  it('gives the same figures from the ageing history as from the ledger', async () => {
    expect(await refreshAgeingHistory(database.db, clientId)).toBe(true);
    for (const date of [...DATES, '2026-11-01', '2026-11-17', '2026-11-18'])
      expect(await summaryAt(date), date).toMatchObject(EXPECTED[date] ?? {});
    expect(await summaryAt('2026-11-17')).toMatchObject({ crdBucket1: 43000, crdBucket4: 50000 }); // INV2+DN1 45,000, CN2 -2,000
  });

  it('changes nothing when the same files are imported again', async () => {
    const again = await importFiles();
    expect(again.status).toBe('SUCCEEDED');
    expect(again.counts.invoices).toMatchObject({ inserted: 0, updated: 0, unchanged: 7 });
    expect(await summaryAt(TODAY)).toMatchObject(EXPECTED[TODAY]!);
  });
});

describe('the rules of notes against an invoice', () => {
  let clients = 0;
  const HEADER =
    'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num';
  const refused = async (invoiceLines: string[], more: Record<string, string> = {}) => {
    const other = await newClient(database.db, `NBAD${++clients}`);
    const files = { ...NOTES_BATCH, 'invoices.csv': csv([HEADER, ...invoiceLines]), ...more };
    const result = await importFiles(files, other.clientId);
    expect(result.status).toBe('FAILED');
    const [count] = await queryRows(
      database.db,
      sql`select count(*)::int as n from invoices where client_id = ${other.clientId}`,
      row({ n: col.num }),
    );
    expect(count!.n).toBe(0);
    return result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`);
  };
  const BASE = [
    'INV1,KT-501,K1,INVOICE,01/06/2026,01/07/2026,"1,00,000.00",',
    'INV2,KT-502,K1,INVOICE,01/10/2026,31/10/2026,"40,000.00",',
    'INV3,MM-301,M1,INVOICE,01/09/2026,01/10/2026,"20,000.00",',
  ];

  it('refuses a note against nothing known, another customer, another note, an earlier date or itself', async () => {
    expect(
      await refused(
        [
          ...BASE,
          'CN1,X1,K1,CREDIT_NOTE,15/10/2026,,"100.00",INV9',
          'CN2,X2,K1,CREDIT_NOTE,15/10/2026,,"100.00",INV3',
          'CN3,X3,K1,CREDIT_NOTE,15/10/2026,,"100.00",DN4',
          'DN4,X4,K1,DEBIT_NOTE,15/10/2026,,"100.00",',
          'CN5,X5,K1,CREDIT_NOTE,15/09/2026,,"100.00",INV2',
          'INV6,X6,K1,INVOICE,15/10/2026,,"100.00",INV1',
          'CN7,X7,K1,CREDIT_NOTE,15/10/2026,,"100.00",CN7',
        ],
        { 'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P1,INV1,15/08/2026,"20,000.00"']) },
      ),
    ).toEqual([
      'invoices.csv:5:against_sys_invoice_num: invoice INV9 is neither in invoices nor stored',
      'invoices.csv:6:against_sys_invoice_num: invoice INV3 is of obligor M1, the note of K1',
      'invoices.csv:7:against_sys_invoice_num: DN4 is a debit note: a note is raised against an invoice',
      'invoices.csv:9:against_sys_invoice_num: the note of 2026-09-15 is dated before invoice INV2 of 2026-10-01',
      'invoices.csv:10:against_sys_invoice_num: only a credit or debit note or a write-off is raised against an invoice',
      'invoices.csv:11:against_sys_invoice_num: a note cannot be raised against itself',
    ]);
  });

  it('refuses credit notes and payments above the invoice, and a payment or allocation naming a note', async () => {
    const errors = await refused(
      [
        ...BASE,
        'CN1,X1,K1,CREDIT_NOTE,15/10/2026,,"85,000.00",INV1',
        'CN3,X3,M1,CREDIT_NOTE,05/11/2026,,"8,000.00",INV3',
        'DN4,X4,M1,DEBIT_NOTE,06/11/2026,,"500.00",INV3',
      ],
      {
        'payments.csv': csv([
          'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
          'P1,INV1,,,15/08/2026,"20,000.00"',
          'P2,CN3,,,20/11/2026,"8,000.00"',
          'R1,,M1,On Account,10/11/2026,"1,000.00"',
        ]),
        'allocations.csv': csv(['payment_ref,sys_invoice_num,amount,allocated_date', 'R1,DN4,"500.00",12/11/2026']),
      },
    );
    expect(errors.sort()).toEqual([
      'allocations.csv:2:sys_invoice_num: DN4 is a note against invoice INV3: allocate the receipt to that invoice',
      'invoices.csv:5:amount: payments and notes against invoice INV1 total 105000.00, above its amount 100000.00',
      'payments.csv:2:amount: payments and notes against invoice INV1 total 105000.00, above its amount 100000.00',
      'payments.csv:3:sys_invoice_num: CN3 is a note against invoice INV3: it is settled by being applied, so record the payment against that invoice',
    ]);
  });

  it('refuses a note against an invoice once payments are recorded against the note itself', async () => {
    const other = await newClient(database.db, 'NSTORED');
    const first = await importFiles(
      {
        'obligors.csv': NOTES_BATCH['obligors.csv'],
        'invoices.csv': csv([HEADER, ...BASE, 'CN3,X3,M1,CREDIT_NOTE,05/11/2026,,"8,000.00",']),
        'payments.csv': csv(['payment_ref,sys_invoice_num,paid_date,amount', 'A1,CN3,10/11/2026,"8,000.00"']),
      },
      other.clientId,
    );
    expect(first.status, JSON.stringify(first.errors)).toBe('SUCCEEDED');
    const second = await importFiles(
      { 'invoices.csv': csv([HEADER, 'CN3,X3,M1,CREDIT_NOTE,05/11/2026,,"8,000.00",INV3']) },
      other.clientId,
    );
    expect(second.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'invoices.csv:2:against_sys_invoice_num: note CN3 has payments or allocations recorded against it: record them against invoice INV3 instead',
    ]);
  });

  it('refuses an invoice restated below what its payments and notes already settle', async () => {
    const result = await importFiles({
      'invoices.csv': csv([HEADER, 'INV1,KT-501,K1,INVOICE,01/06/2026,01/07/2026,"40,000.00",']),
    });
    expect(result.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'invoices.csv:2:amount: payments and notes against invoice INV1 total 50000.00, above its amount 40000.00',
    ]);
  });

  it('refuses a payment naming a stored note, and takes it once the batch restates the note as standing alone', async () => {
    const other = await newClient(database.db, 'NPAYNOTE');
    expect((await importFiles(NOTES_BATCH, other.clientId)).status).toBe('SUCCEEDED');
    const payments = csv(['payment_ref,sys_invoice_num,paid_date,amount', 'P9,CN1,20/11/2026,"100.00"']);
    const refusedPayment = await importFiles({ 'payments.csv': payments }, other.clientId);
    expect(refusedPayment.errors.map((e) => `${e.file}:${e.line}:${e.column}: ${e.reason}`)).toEqual([
      'payments.csv:2:sys_invoice_num: CN1 is a note against invoice INV1: it is settled by being applied, so record the payment against that invoice',
    ]);
    // The batch's row of the note wins, its empty against_sys_invoice_num too.
    const alone = csv([HEADER, 'CN1,KT-CN-11,K1,CREDIT_NOTE,15/10/2026,15/10/2026,"30,000.00",']);
    const taken = await importFiles({ 'invoices.csv': alone, 'payments.csv': payments }, other.clientId);
    expect(taken.status, JSON.stringify(taken.errors)).toBe('SUCCEEDED');
  });

  it('turns a stored note standing alone into one against its invoice', async () => {
    const other = await newClient(database.db, 'NLATER');
    const alone = NOTES_BATCH['invoices.csv'].replace('INV1\r\n', '\r\n');
    expect((await importFiles({ ...NOTES_BATCH, 'invoices.csv': alone }, other.clientId)).status).toBe('SUCCEEDED');
    const later = await importFiles({ 'invoices.csv': NOTES_BATCH['invoices.csv'] }, other.clientId);
    expect(later.counts.invoices).toMatchObject({ updated: 1, unchanged: 6 });
    const [found] = await queryRows(
      database.db,
      sql`select paid_to_date::text as paid, settled_date::text as settled from invoices
      where client_id = ${other.clientId} and sys_invoice_num = 'INV1'`,
      row({ paid: col.text, settled: col.text.nullable() }),
    );
    expect([Number(found!.paid), found!.settled]).toEqual([50000, null]);
  });
});
