import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import type { TStatementLine, TStatementPage } from '@/lib/contract/portal';
import { KIND_ORDER, STATEMENT_KINDS } from '@/lib/domain/statement';

/**
 * A ledger of dated, signed entries (the statement of account, the prepaid advance account) read a
 * page at a time by the database. `entries` is a query with the columns
 *   day date, kind text, reference text, tie text (unique within the ledger), against text,
 *   due_date date, amount numeric (signed: positive raises the balance)
 * and lines run in the order of lib/domain/statement.ts: day, kind (KIND_ORDER), reference, then
 * `tie` so that equal references still page the same way every time.
 */
const KIND_RANK = sql.raw(
  `case e.kind ${Object.entries(KIND_ORDER)
    .map(([kind, rank]) => `when '${kind}' then ${rank}`)
    .join(' ')} end`,
);
const LINE_ORDER = sql`e.day, ${KIND_RANK}, e.reference collate "C", e.tie collate "C"`;

/** A line as LINE_COLUMNS reads it. */
const LineRow = row({
  date: col.day,
  kind: col.oneOf(STATEMENT_KINDS),
  reference: col.text,
  tie: col.text,
  against: col.text.nullable(),
  dueDate: col.day.nullable(),
  amount: col.num,
});
type LineRow = Row<typeof LineRow>;

/** Ledger totals: how many lines, and the debits and credits (positive) over all of them. */
const Totals = row({ total: col.int, debits: col.num, credits: col.num });

const paise = (value: number) => Math.round(value * 100);

function toLine(row: LineRow, balancePaise: number): TStatementLine {
  const amount = paise(row.amount);
  return {
    date: row.date,
    kind: row.kind,
    reference: row.reference,
    against: row.against,
    dueDate: row.dueDate,
    amount: amount / 100,
    debit: amount > 0 ? amount / 100 : 0,
    credit: amount < 0 ? -amount / 100 : 0,
    balance: balancePaise / 100,
  };
}

const LINE_COLUMNS = sql`e.day::text as date, e.kind, e.reference, e.tie, e.against, e.due_date::text as "dueDate", e.amount`;

export interface LedgerPage extends TStatementPage {
  /** Over the whole ledger, not only the page. */
  debits: number;
  credits: number;
  closing: number;
}

/**
 * Page `page` (from 1) of `count` lines: the balance after each line is the opening balance plus
 * the running sum of every line up to it, computed by one window over the period's entries, so the
 * page opens at the balance brought forward from the pages before it. One query; a second only
 * when the page lies past the end.
 */
export async function ledgerPage(
  db: Db,
  entries: SQL,
  opening: number,
  page: number,
  count: number,
): Promise<LedgerPage> {
  const rows = await queryRows(
    db,
    sql`
    select ${LINE_COLUMNS},
      sum(e.amount) over (order by ${LINE_ORDER} rows between unbounded preceding and current row) as running,
      count(*) over ()::int as total,
      coalesce(sum(e.amount) filter (where e.amount > 0) over (), 0) as debits,
      coalesce(-sum(e.amount) filter (where e.amount < 0) over (), 0) as credits
    from (${entries}) e
    order by ${LINE_ORDER}
    offset ${(page - 1) * count} limit ${count}`,
    LineRow.extend({ running: col.num, ...Totals.shape }),
  );
  const open = paise(opening);
  let totals = rows[0]
    ? { total: rows[0].total, debits: paise(rows[0].debits), credits: paise(rows[0].credits) }
    : null;
  if (!totals) {
    const all = await queryRow(
      db,
      sql`
      select count(*)::int as total, coalesce(sum(e.amount) filter (where e.amount > 0), 0) as debits,
        coalesce(-sum(e.amount) filter (where e.amount < 0), 0) as credits
      from (${entries}) e`,
      Totals,
    );
    totals = { total: all?.total ?? 0, debits: paise(all?.debits ?? 0), credits: paise(all?.credits ?? 0) };
  }
  const closing = open + totals.debits - totals.credits;
  const lines = rows.map((r) => toLine(r, open + paise(r.running)));
  const first = lines[0];
  // Past the end, the page opens (and closes) at the closing balance.
  const broughtForward = first
    ? (paise(first.balance) - paise(first.amount)) / 100
    : page === 1
      ? opening
      : closing / 100;
  return {
    page,
    count,
    total: totals.total,
    broughtForward,
    carriedForward: lines.at(-1)?.balance ?? broughtForward,
    rows: lines,
    debits: totals.debits / 100,
    credits: totals.credits / 100,
    closing: closing / 100,
  };
}

/**
 * Every line of the ledger in order, read `batch` lines at a time after the last one read (keyset:
 * no offset to skip), with the balance carried from batch to batch: what a download streams.
 */
export async function* ledgerLines(
  db: Db,
  entries: SQL,
  opening: number,
  batch = 1000,
): AsyncGenerator<TStatementLine> {
  let balance = paise(opening);
  let after: LineRow | null = null;
  for (;;) {
    const key: SQL = after
      ? sql`where (e.day, ${KIND_RANK}, e.reference collate "C", e.tie collate "C") > (${after.date}::date, ${KIND_ORDER[after.kind]}, ${after.reference}, ${after.tie})`
      : sql``;
    const rows = await queryRows(
      db,
      sql`
      select ${LINE_COLUMNS} from (${entries}) e ${key} order by ${LINE_ORDER} limit ${batch}`,
      LineRow,
    );
    for (const row of rows) {
      balance += paise(row.amount);
      yield toLine(row, balance);
    }
    if (rows.length < batch) return;
    after = rows.at(-1)!;
  }
}
