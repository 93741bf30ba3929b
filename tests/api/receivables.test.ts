import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, invoices, obligorRatings, obligors, payments } from '@/lib/db/schema';
import { refreshReceivableRollups, refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { hasSnapshot } from '@/lib/server/receivables/ageing-view';
import { listReceivables, receivablesSummary } from '@/lib/server/receivables/list-receivables';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { getInvoice } from '@/lib/server/receivables/invoice-detail';
import { receivablesOverview } from '@/lib/server/receivables/overview';
import { ZInvoicesQuery, ZReceivablesQuery } from '@/lib/contract/receivables';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/**
 * A ledger small enough to age by hand, as of 2026-11-20 with buckets 30/60/90:
 *   C1 (rating 1): I1 10,000 due today (current); I2 25,000 due 31 Aug, 5,000 paid 15 Sep and 5,000
 *       paid 25 Nov (after the date) -> 20,000, 81 days past due; CN1 credit note -2,000 of 10 Nov, no due date.
 *   C2 (rating 2): I3 paid in full; I4 15,000 without due date, 5,000 paid 1 Oct -> 10,000, 128 days;
 *       I5 issued after the date (excluded).
 *   S1 (unrated, its own parent): I6 7,500 due 20 Oct -> 31 days past due.
 */
const TODAY = '2026-11-20';
let database: TestDatabase;
let clientId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [client] = await db.insert(clients).values({ code: 'HAND', name: 'Hand Computed Traders' }).returning();
  clientId = client!.id;
  const obligor = (code: string, name: string, parent: string | null) => ({
    clientId,
    sysObligorCode: code,
    name,
    parentSysObligorCode: parent,
  });
  await db.insert(obligors).values([obligor('P1', 'Parent Group', null), obligor('S1', 'Solo Stores', null)]);
  await db.insert(obligors).values([obligor('C1', 'Child One', 'P1'), obligor('C2', 'Child Two', 'P1')]);
  await db.insert(obligorRatings).values([
    { clientId, sysObligorCode: 'C1', ratingDate: '2026-10-01', rating: 1 },
    { clientId, sysObligorCode: 'C1', ratingDate: '2026-11-25', rating: 3 },
    { clientId, sysObligorCode: 'C2', ratingDate: '2026-01-01', rating: 2 },
  ]);
  const inv = (
    num: string,
    code: string,
    issueDate: string,
    dueDate: string | null,
    amount: string,
    docType: 'INVOICE' | 'CREDIT_NOTE' = 'INVOICE',
  ) => ({
    clientId,
    sysInvoiceNum: num,
    invoiceNum: `INV/${num}`,
    sysObligorCode: code,
    issueDate,
    dueDate,
    amount,
    currency: 'INR',
    docType,
  });
  await db
    .insert(invoices)
    .values([
      inv('I1', 'C1', '2026-10-21', '2026-11-20', '10000.00'),
      inv('I2', 'C1', '2026-08-01', '2026-08-31', '25000.00'),
      inv('CN1', 'C1', '2026-11-10', null, '-2000.00', 'CREDIT_NOTE'),
      inv('I3', 'C2', '2026-06-01', '2026-07-01', '40000.00'),
      inv('I4', 'C2', '2026-07-15', null, '15000.00'),
      inv('I5', 'C2', '2026-12-01', '2026-12-31', '9000.00'),
      inv('I6', 'S1', '2026-10-05', '2026-10-20', '7500.00'),
    ]);
  const pay = (ref: string, num: string, paidDate: string, amount: string) => ({
    clientId,
    paymentRef: ref,
    sysInvoiceNum: num,
    paidDate,
    amount,
  });
  await db
    .insert(payments)
    .values([
      pay('R1', 'I2', '2026-09-15', '5000.00'),
      pay('R2', 'I2', '2026-11-25', '5000.00'),
      pay('R3', 'I3', '2026-07-20', '40000.00'),
      pay('R4', 'I4', '2026-10-01', '5000.00'),
    ]);
  await db.transaction((tx) => refreshReceivableRollups(tx, clientId, TODAY));
});
afterAll(() => database?.dispose());

const query = (params: Record<string, unknown> = {}) => ZReceivablesQuery.parse({ date: TODAY, ...params });

describe('receivables by ageing bucket, hand-computed', () => {
  it('ages each parent family into both bases', async () => {
    const { rows, total } = await listReceivables(database.db, clientId, query({ sortBy: 'name', order: 'ASC' }));
    expect(total).toBe(2);
    const [family, solo] = rows;
    expect(family).toMatchObject({
      sysObligorCode: 'P1',
      name: 'Parent Group',
      current: 10000,
      currentNum: 1,
      crdBucket1: -2000,
      crdBucket1Num: 1,
      crdBucket2: 0,
      crdBucket3: 20000,
      crdBucket3Num: 1,
      crdBucket4: 10000,
      crdBucket4Num: 1,
      invBucket1: 8000,
      invBucket1Num: 2,
      invBucket2: 0,
      invBucket3: 0,
      invBucket4: 30000,
      invBucket4Num: 2,
      outstanding: 38000,
      overdue: 28000,
      balance: 38000,
      receivables: -2000,
      paid: 0,
      lowRatedReceivables: 28000,
      medRatedReceivables: 10000,
      highRatedReceivables: 0,
      rating: 'low',
      date: TODAY,
    });
    expect(family!.obligorWeightedRating).toBeCloseTo(48000 / 38000, 10);
    expect(solo).toMatchObject({
      sysObligorCode: 'S1',
      crdBucket2: 7500,
      invBucket2: 7500,
      overdue: 7500,
      rating: '-',
      obligorWeightedRating: null,
    });
  });

  it('lists a family by obligor and a single obligor', async () => {
    const family = await listReceivables(
      database.db,
      clientId,
      query({ parentSysObligorCode: 'P1', sortBy: 'name', order: 'ASC' }),
    );
    expect(family.rows.map((r) => [r.sysObligorCode, r.outstanding])).toEqual([
      ['C1', 28000],
      ['C2', 10000],
    ]);
    const one = await listReceivables(database.db, clientId, query({ sysObligorCode: 'C2' }));
    expect(one.rows).toHaveLength(1);
    expect(one.rows[0]).toMatchObject({
      crdBucket4: 10000,
      invBucket4: 10000,
      rating: 'medium',
      parentSysObligorCode: 'P1',
    });
  });

  it('totals the client, with overall risk to 1 decimal', async () => {
    const summary = await receivablesSummary(database.db, clientId, { date: TODAY });
    expect(summary).toMatchObject({
      outstanding: 45500,
      overdue: 35500,
      current: 10000,
      balance: 45500,
      overallRisk: 1.3,
    });
    expect(summary.crdBucket1 + summary.crdBucket2 + summary.crdBucket3 + summary.crdBucket4).toBe(summary.overdue);
    expect(summary.invBucket1 + summary.invBucket2 + summary.invBucket3 + summary.invBucket4).toBe(summary.outstanding);
  });

  it('answers the same from the rollup and from the ledger (item filter forces the ledger path)', async () => {
    const fromRollup = await listReceivables(database.db, clientId, query({ sortBy: 'name', order: 'ASC' }));
    const fromLedger = await listReceivables(
      database.db,
      clientId,
      query({ sortBy: 'name', order: 'ASC', invoiceNum: 'INV/' }),
    );
    expect(fromLedger.rows).toEqual(fromRollup.rows);
  });

  it('ages a backdated month end without later payments or invoices', async () => {
    const { rows } = await listReceivables(
      database.db,
      clientId,
      query({ date: '2026-10-31', sortBy: 'name', order: 'ASC' }),
    );
    expect(rows[0]).toMatchObject({
      current: 10000,
      crdBucket3: 20000,
      crdBucket4: 10000,
      outstanding: 40000,
      receivables: 10000,
      paid: 5000,
    });
    expect(rows[1]).toMatchObject({ crdBucket1: 7500, receivables: 7500 });
  });

  it('filters by ageing bucket, document type, sales segment and risk', async () => {
    const inBucket2 = await listReceivables(database.db, clientId, query({ ageingFilter: 'crdBucket2' }));
    expect(inBucket2.rows.map((r) => r.sysObligorCode)).toEqual(['S1']);
    // The total counts the families the bucket filter keeps, not every family of the date.
    expect(inBucket2.total).toBe(1);
    const creditNotes = await listReceivables(database.db, clientId, query({ docType: 'CREDIT_NOTE' }));
    expect(creditNotes.rows).toHaveLength(1);
    expect(creditNotes.rows[0]).toMatchObject({ sysObligorCode: 'P1', outstanding: -2000 });
    // 12-month sales: C2 55,000, C1 33,000, S1 7,500 (95,500). C2 and C1 start below 80% of it: LARGE;
    // S1 starts at 88,000 (92.1%), below 95%: MEDIUM.
    const medium = await listReceivables(database.db, clientId, query({ salesSegment: 'MEDIUM' }));
    expect(medium.rows.map((r) => r.sysObligorCode)).toEqual(['S1']);
    const large = await listReceivables(database.db, clientId, query({ salesSegment: 'LARGE' }));
    expect(large.rows).toMatchObject([{ sysObligorCode: 'P1', sales12m: 88000, outstanding: 38000 }]);
    const unrated = await listReceivables(database.db, clientId, query({ risk: 'UNRATED' }));
    expect(unrated.rows.map((r) => r.sysObligorCode)).toEqual(['S1']);
    const unratedMedium = await listReceivables(database.db, clientId, query({ riskSalesSegment: 'UNRATED_MEDIUM' }));
    expect(unratedMedium.rows.map((r) => r.sysObligorCode)).toEqual(['S1']);
    expect((await listReceivables(database.db, clientId, query({ riskSalesSegment: 'LOW_MEDIUM' }))).total).toBe(0);
    expect((await listReceivables(database.db, clientId, query({ risk: 'ALL' }))).total).toBe(2);
  });

  it('sorts by any amount and pages, reporting the total even past the last page', async () => {
    const byOverdue = await listReceivables(
      database.db,
      clientId,
      query({ sortBy: 'overdue', order: 'DESC', count: 1 }),
    );
    expect(byOverdue).toMatchObject({ total: 2, rows: [{ sysObligorCode: 'P1' }] });
    const second = await listReceivables(
      database.db,
      clientId,
      query({ sortBy: 'overdue', order: 'DESC', count: 1, offset: 2 }),
    );
    expect(second.rows.map((r) => r.sysObligorCode)).toEqual(['S1']);
    const past = await listReceivables(database.db, clientId, query({ count: 1, offset: 9 }));
    expect(past).toEqual({ rows: [], total: 2 });
  });
});

describe('daily rollups', () => {
  it('adds the rollups of a new day once, answering the same as the ledger did', async () => {
    const day = '2026-11-19';
    const before = await listReceivables(database.db, clientId, query({ date: day, sortBy: 'name', order: 'ASC' }));
    expect(await hasSnapshot(database.db, clientId, day)).toBe(false);
    expect(await refreshStaleRollups(database.db, day)).toEqual([clientId]);
    expect(await refreshStaleRollups(database.db, day)).toEqual([]);
    expect(await hasSnapshot(database.db, clientId, day)).toBe(true);
    const after = await listReceivables(database.db, clientId, query({ date: day, sortBy: 'name', order: 'ASC' }));
    expect(after).toEqual(before);
  });

  it('adds a day once when several servers reach it at the same time', async () => {
    const day = '2026-11-18';
    const runs = await Promise.all([1, 2, 3].map(() => refreshStaleRollups(database.db, day)));
    expect(runs.flat()).toEqual([clientId]);
    expect(await hasSnapshot(database.db, clientId, day)).toBe(true);
  });
});

describe('open invoices', () => {
  it('lists the items open at the date with what is still owed', async () => {
    const { rows, total } = await listOpenInvoices(
      database.db,
      clientId,
      ZInvoicesQuery.parse({ date: TODAY, sortBy: 'invoiceNum', order: 'ASC' }),
    );
    expect(total).toBe(5);
    expect(rows.map((r) => [r.sysInvoiceNum, r.outstanding, r.bucket])).toEqual([
      ['CN1', -2000, 'crdBucket1'],
      ['I1', 10000, 'current'],
      ['I2', 20000, 'crdBucket3'],
      ['I4', 10000, 'crdBucket4'],
      ['I6', 7500, 'crdBucket2'],
    ]);
  });

  it('puts the most overdue debt first by default, and credit notes after every debt', async () => {
    const byLateness = async (order?: 'ASC') =>
      (await listOpenInvoices(database.db, clientId, ZInvoicesQuery.parse({ date: TODAY, order }))).rows.map(
        (r) => r.sysInvoiceNum,
      );
    // CN1 (10 Nov, no due date) is later than I1 (not yet due) by its own dates, but it owes nothing.
    expect(await byLateness()).toEqual(['I4', 'I2', 'I6', 'I1', 'CN1']);
    expect(await byLateness('ASC')).toEqual(['I1', 'I6', 'I2', 'I4', 'CN1']);
  });

  it('searches by invoice number and filters by family and bucket', async () => {
    const q = (p: Record<string, unknown>) => ZInvoicesQuery.parse({ date: TODAY, ...p });
    expect(
      (await listOpenInvoices(database.db, clientId, q({ invoiceNum: 'INV/I6' }))).rows.map((r) => r.sysInvoiceNum),
    ).toEqual(['I6']);
    expect((await listOpenInvoices(database.db, clientId, q({ parentSysObligorCode: 'P1' }))).total).toBe(4);
    expect(
      (await listOpenInvoices(database.db, clientId, q({ ageingFilter: 'invBucket4' }))).rows
        .map((r) => r.sysInvoiceNum)
        .sort(),
    ).toEqual(['I2', 'I4']);
  });

  it('shows one invoice with every payment and its ageing at the date', async () => {
    const invoice = await getInvoice(database.db, clientId, 'I2', TODAY);
    expect(invoice).toMatchObject({
      outstanding: 20000,
      paid: 5000,
      daysPastDue: 81,
      bucket: 'crdBucket3',
      invoiceBucket: 'invBucket4',
    });
    expect(invoice.payments.map((p) => p.paymentRef)).toEqual(['R1', 'R2']);
  });
});

describe('monthly overview', () => {
  it('gives month-end positions and the month activity over the range', async () => {
    const [overview] = await receivablesOverview(database.db, clientId, { fromDate: '2026-09-01', toDate: TODAY });
    expect(overview!.months.map((m) => m.date)).toEqual(['2026-09-30', '2026-10-31', TODAY]);
    const october = overview!.months[1] as Record<string, unknown>;
    expect(october).toMatchObject({ outstanding: 47500, collected: 5000, receivables: 17500 });
  });
});
