/**
 * A month's bank statement at the bench client's scale (`npm run bench -- --cash`): 10,000 credits
 * generated from the client's open invoices, deterministically (the same seed gives the same file),
 * written as HDFC writes NEFT, UPI, IMPS and cheque deposits, most naming the invoices they pay;
 * then read, checked, matched and stored by the upload's own service (lib/server/bank/store-statement.ts)
 * in a transaction rolled back afterwards, so the benchmark database is left as it was.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseISO, subDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { TStatementOutcome } from '@/lib/contract/bank';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { iso } from '@/lib/domain/dates';
import { openDatabase } from '@/lib/db/client';
import { VARDHMAN } from '@/lib/db/seed/tenants';
import { importStatement } from '@/lib/server/bank/store-statement';
import type { Options } from './options';
import { TARGET_CASH_STATEMENT_S } from './targets';

export const CASH_STATEMENT_CREDITS = 10_000;
const ACCOUNT = 'Bench HDFC current';
/** Every tenth credit pays two invoices; the rest one. */
const SEVERAL_EVERY = 10;

const OpenRow = row({ code: col.text, name: col.text, invoiceNum: col.text, open: col.num });

export interface CashStatementRun {
  credits: number;
  bytes: number;
  seconds: number;
  outcome: TStatementOutcome;
  overTarget: boolean;
}

class RollBack extends Error {}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;
const rupees = (paise: number) => `"${(paise / 100).toFixed(2)}"`;
const payerOf = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .trim()
    .slice(0, 24);

/**
 * The statement: customers taken in turn, each credit paying the customer's next open invoice (two
 * every tenth), over the 30 days before today, in the narrations of lib/domain/bank-narration.ts.
 */
export function cashStatement(
  items: readonly { code: string; name: string; invoiceNum: string; open: number }[],
  credits: number,
  today: string,
): { csv: string; credits: number } {
  const byCustomer = new Map<string, { name: string; invoices: { num: string; open: number }[] }>();
  for (const i of items) {
    const own = byCustomer.get(i.code) ?? { name: i.name, invoices: [] };
    own.invoices.push({ num: i.invoiceNum, open: Math.round(i.open * 100) });
    byCustomer.set(i.code, own);
  }
  const customers = [...byCustomer.values()];
  const next = new Array<number>(customers.length).fill(0);
  const rows: string[] = [
    'HDFC BANK Ltd.,,,,,,',
    'Account No :50200099998888,,,,,,',
    ',,,,,,',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '********,********,********,********,********,********,********',
  ];
  let balance = 10_00_000_00;
  let written = 0;
  for (let k = 0, idle = 0; written < credits && idle < customers.length; k++) {
    const c = k % customers.length;
    const customer = customers[c]!;
    const take = written % SEVERAL_EVERY === SEVERAL_EVERY - 1 ? 2 : 1;
    const paid = customer.invoices.slice(next[c], next[c]! + take);
    if (!paid.length) {
      idle++;
      continue;
    }
    idle = 0;
    next[c]! += paid.length;
    const amount = paid.reduce((s, i) => s + i.open, 0);
    balance += amount;
    const day = iso(subDays(parseISO(today), 30 - Math.floor((written * 30) / credits)));
    const payer = payerOf(customer.name);
    const nums = paid.map((i) => i.num.replace(/[^A-Za-z0-9]/g, '')).join(' ');
    const n = written + 1;
    const [narration, reference] = [
      [`NEFT CR-SBIN0001234-${payer}-${nums}-SBINN5${pad(n, 16)}`, `SBINN5${pad(n, 16)}`],
      [`UPI-${payer}-pay${pad(n, 6)}@okhdfcbank-HDFC0000123-43${pad(n, 10)}-${nums}`, `0000043${pad(n, 10)}`],
      [`IMPS-44${pad(n, 10)}-${payer}-KKBK-XXXXXXXX1234-${nums}`, `0000044${pad(n, 10)}`],
      [`CHQ DEP ${pad(n % 1_000_000, 6)} ${payer} MICR 411240002`, pad(n % 1_000_000, 16)],
    ][n % 4]!;
    rows.push(`${dmy(day)},${narration},${reference},${dmy(day)},,${rupees(amount)},${rupees(balance)}`);
    written++;
  }
  return { csv: `${rows.join('\n')}\n`, credits: written };
}

/** Reads the client's open invoices, writes the statement and times its upload (rolled back). */
export async function measureCashStatement(
  db: Db,
  clientId: number,
  today: string,
  log: (m: string) => void,
  credits = CASH_STATEMENT_CREDITS,
): Promise<CashStatementRun> {
  const items = await queryRows(
    db,
    sql`select i.sys_obligor_code as code, o.name, i.invoice_num as "invoiceNum", i.amount - i.paid_to_date as open
        from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
        where i.client_id = ${clientId} and o.client_id = ${clientId} and i.settled_date is null
          and i.doc_type = 'INVOICE' and i.amount > i.paid_to_date
        order by i.sys_obligor_code, coalesce(i.due_date, i.issue_date), i.sys_invoice_num`,
    OpenRow,
  );
  const statement = cashStatement(items, credits, today);
  log(`cash: a statement of ${statement.credits.toLocaleString('en-IN')} credits from ${items.length} open invoices`);
  let run: CashStatementRun | undefined;
  try {
    await db.transaction(async (tx) => {
      const started = performance.now();
      const outcome = await importStatement(
        tx,
        { clientId, userId: null },
        {
          file: { name: 'bench-hdfc.csv', open: () => Readable.from([Buffer.from(statement.csv)]) },
          account: ACCOUNT,
          mapping: null,
        },
      );
      const seconds = (performance.now() - started) / 1000;
      run = {
        credits: statement.credits,
        bytes: Buffer.byteLength(statement.csv),
        seconds,
        outcome,
        overTarget: seconds > TARGET_CASH_STATEMENT_S,
      };
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  if (!run) throw new Error('cash: nothing measured');
  const o = run.outcome;
  log(
    `cash: read, matched and stored in ${run.seconds.toFixed(1)} s (target ${TARGET_CASH_STATEMENT_S} s)${run.overTarget ? ' — OVER TARGET' : ''}: ` +
      `${o.suggested} suggested, ${o.matched} applied, ${o.unmatched} unmatched, ${o.ignored} ignored`,
  );
  return run;
}

export function writeCashStatement(dir: string, run: CashStatementRun): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'cash-latest.json'), `${JSON.stringify(run, null, 2)}\n`);
}

/** `--cash`: the statement against the seeded PostgreSQL benchmark client, written to bench-results/cash-latest.json. */
export async function benchCash(
  options: Options,
  resultsDir: string,
  log: (m: string) => void,
): Promise<CashStatementRun> {
  const database = await openDatabase({ url: options.pgUrl });
  try {
    const [client] = await queryRows(
      database.db,
      sql`select id from clients where code = ${VARDHMAN.code}`,
      row({ id: col.int }),
    );
    if (!client) throw new Error('benchmark database has no VARDHMAN client: seed it (npm run bench)');
    const run = await measureCashStatement(database.db, client.id, options.today, log);
    writeCashStatement(resultsDir, run);
    log(`wrote ${resultsDir}/cash-latest.json`);
    return run;
  } finally {
    await database.close();
  }
}
