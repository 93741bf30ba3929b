import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { bankLines, bankPayers } from '@/lib/db/schema';
import { VARDHMAN } from '@/lib/db/seed/tenants';
import { nameKey } from '@/lib/domain/payer-identity';
import { importStatement } from '@/lib/server/bank/store-statement';
import {
  BANKS,
  hdfcCredit,
  hdfcStatement,
  payment,
  rupees,
  seededRandom,
  tallyAccuracy,
  type AccuracyFigures,
  type Truth,
} from '../helpers/cash-accuracy';
import type { TestDatabase } from '../helpers/db';
import { daysFrom } from '../helpers/dates';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';
import { file } from '../imports/helpers';

/**
 * Accuracy on the seeded demo client (VARDHMAN, the seed at the tests' scale): a month of 300
 * credits over the 30 days before today, paying the client's own open invoices (as printed, with
 * their own amounts, taxable values and customers' names), written as HDFC writes NEFT, UPI, IMPS
 * and cheque deposits; 5% of the payers new (no identity learned), 10% paying several invoices, 5%
 * with TDS (194Q, 194C 2%, 194J 10%), half naming their invoices. The figures are written to
 * docs/cash-application.md; the test holds the goal (no wrong match sure enough to apply at 0.9).
 */
const CREDITS = 300;

const rng = seededRandom(20261120);
const { random, pick, digits } = rng;

interface Item {
  sysInvoiceNum: string;
  invoiceNum: string;
  open: number;
  taxable: number | null;
}
interface Customer {
  code: string;
  name: string;
  vpa: string;
  bank: (typeof BANKS)[number];
  learned: boolean;
  open: Item[];
}

let database: TestDatabase;
let clientId: number;
const truths = new Map<number, Truth>();
let figures: AccuracyFigures;

function statementOf(customers: Customer[]): string {
  const credits: { day: number; narration: string; reference: string; amount: number; truth: Truth }[] = [];
  while (credits.length < CREDITS) {
    const customer = pick(customers);
    if (!customer.open.length) continue;
    const { paid, amount } = payment(rng, customer, (i) => i.open);
    const remark = random() < 0.5 ? paid.map((i) => i.invoiceNum.replace(/[^A-Za-z0-9]/g, '')).join(' ') : 'PAYMENT';
    const upper = customer.name.toUpperCase().replace(/[^A-Z0-9 ]/g, '');
    const { narration, reference } = hdfcCredit(rng, { upper, vpa: customer.vpa, bank: customer.bank }, remark);
    const truth = { code: customer.code, invoices: paid.map((i) => i.sysInvoiceNum).sort() };
    credits.push({ day: Math.floor(random() * 30), narration, reference, amount, truth });
  }
  credits.sort((a, b) => a.day - b.day);
  let balance = 10_00_000_00;
  const lines = credits.map((c, i) => {
    balance += c.amount;
    truths.set(i + 3, c.truth);
    const iso = daysFrom(TEST_TODAY, c.day - 30);
    const day = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
    return `${day},${c.narration},${c.reference},${day},,${rupees(c.amount)},${rupees(balance)}`;
  });
  return hdfcStatement('50200066667777', lines);
}

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, VARDHMAN.code);
  const db = database.db;
  const rows = await queryRows(
    db,
    sql`select o.sys_obligor_code as code, o.name, i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum",
          i.amount - i.paid_to_date as open,
          round(i.taxable_amount * (i.amount - i.paid_to_date) / i.amount, 2) as taxable
        from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
        where i.client_id = ${clientId} and o.client_id = ${clientId} and i.settled_date is null
          and i.doc_type = 'INVOICE' and i.amount > i.paid_to_date
        order by o.sys_obligor_code, coalesce(i.due_date, i.issue_date), i.sys_invoice_num`,
    row({
      code: col.text,
      name: col.text,
      sysInvoiceNum: col.text,
      invoiceNum: col.text,
      open: col.num,
      taxable: col.num.nullable(),
    }),
  );
  const byCode = new Map<string, Customer>();
  for (const r of rows) {
    let customer = byCode.get(r.code);
    if (!customer) {
      const bank = pick(BANKS);
      customer = {
        code: r.code,
        name: r.name,
        vpa: `${r.name
          .split(/\s+/)[0]!
          .toLowerCase()
          .replace(/[^a-z]/g, '')}${digits(4)}@${bank.upi}`,
        bank,
        learned: random() >= 0.05,
        open: [],
      };
      byCode.set(r.code, customer);
    }
    customer.open.push({
      sysInvoiceNum: r.sysInvoiceNum,
      invoiceNum: r.invoiceNum,
      open: Math.round(r.open * 100),
      taxable: r.taxable === null ? null : Math.round(r.taxable * 100),
    });
  }
  const customers = [...byCode.values()];
  // The payers the client learned in the months before: their UPI addresses and names.
  const payers = customers
    .filter((c) => c.learned)
    .flatMap((c) => [
      { clientId, kind: 'VPA' as const, value: c.vpa.toLowerCase(), sysObligorCode: c.code },
      ...(nameKey(c.name)
        ? [{ clientId, kind: 'NAME' as const, value: nameKey(c.name)!, sysObligorCode: c.code }]
        : []),
    ]);
  for (let i = 0; i < payers.length; i += 500)
    await db
      .insert(bankPayers)
      .values(payers.slice(i, i + 500))
      .onConflictDoNothing();
  const outcome = await importStatement(
    db,
    { clientId, userId: null },
    { file: file('hdfc-month.csv', statementOf(customers)), account: 'HDFC current', mapping: null },
  );
  expect(outcome.lines).toBe(CREDITS);
  const stored = await db
    .select({ line: bankLines.fileLine, suggestions: bankLines.suggestions })
    .from(bankLines)
    .where(eq(bankLines.clientId, clientId));
  figures = tallyAccuracy(stored, truths);
  console.info(`cash application accuracy on the seeded demo client: ${JSON.stringify(figures)}`);
}, 300_000);
afterAll(() => database?.close());

describe('accuracy on the seeded demo client', () => {
  it('applies no wrong match at the auto-apply threshold, and suggests the right answer first for most', () => {
    expect(figures.credits).toBe(CREDITS);
    expect(figures.autoWrong).toBe(0);
    expect((figures.autoRight + figures.suggestedRightFirst) / CREDITS).toBeGreaterThan(0.7);
  });
});
