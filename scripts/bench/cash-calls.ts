/**
 * A bank line's suggestions (cash application, docs/cash-application.md): a credit of a known
 * payer matched by its amount alone against the customer's open items, the hardest path of the
 * matcher (the bounded search of lib/domain/cash-match.ts). The baseline tries every subset of
 * every open item of the customer, with no bound; both must settle the same invoices.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { matchLine, type OpenItem, type Suggestion } from '@/lib/domain/cash-match';
import { matchSettingsOf } from '@/lib/domain/cash-settings';
import { cashSettingsOf } from '@/lib/server/bank/cash-settings';
import type { BenchCall, CallContext } from './calls';

/** The baseline's subsets are 2^n: a customer with more open items than this is not chosen. */
const MAX_BASELINE_ITEMS = 20;
/** A customer with at least this many is preferred, so that the search has something to do. */
const MIN_ITEMS = 4;

const ItemRow = row({ sysInvoiceNum: col.text, invoiceNum: col.text, open: col.num, date: col.day });

/** The customer's open invoices now, as the statement upload reads them (open-items-book.ts), oldest first. */
async function customerItems(db: Db, clientId: number, code: string): Promise<OpenItem[]> {
  const rows = await queryRows(
    db,
    sql`select sys_invoice_num as "sysInvoiceNum", invoice_num as "invoiceNum", amount - paid_to_date as open,
          coalesce(due_date, issue_date)::text as date
        from invoices
        where client_id = ${clientId} and sys_obligor_code = ${code} and settled_date is null
          and doc_type = 'INVOICE' and amount > paid_to_date
        order by coalesce(due_date, issue_date), sys_invoice_num`,
    ItemRow,
  );
  return rows.map((r) => ({
    sysInvoiceNum: r.sysInvoiceNum,
    invoiceNum: r.invoiceNum,
    sysObligorCode: code,
    open: Math.round(r.open * 100),
    taxable: null,
    date: r.date,
  }));
}

interface Line {
  code: string;
  /** Paise: the 2nd and 4th oldest open invoices, so that neither the oldest nor one invoice is the answer. */
  received: number;
}

/** The customer with the most open invoices the baseline can still enumerate, and a credit paying two of them. */
async function chooseLine(db: Db, clientId: number): Promise<Line> {
  const chosen = await queryRow(
    db,
    sql`select sys_obligor_code as code from invoices
        where client_id = ${clientId} and settled_date is null and doc_type = 'INVOICE' and amount > paid_to_date
        group by sys_obligor_code having count(*) between 2 and ${MAX_BASELINE_ITEMS}
        order by count(*) >= ${MIN_ITEMS} desc, count(*) desc, sys_obligor_code limit 1`,
    row({ code: col.text }),
  );
  if (!chosen) throw new Error(`no customer with 2 to ${MAX_BASELINE_ITEMS} open invoices`);
  const items = await customerItems(db, clientId, chosen.code);
  // A small client's customers may owe fewer: then its two oldest.
  const [a, b] = items.length >= MIN_ITEMS ? [items[1]!, items[3]!] : [items[0]!, items[1]!];
  return { code: chosen.code, received: a.open + b.open };
}

/**
 * The naive answer: every subset of the customer's open items whose sum is the credit, the
 * fewest invoices first, then the oldest (the items' order, oldest first, compared in turn).
 */
export function everySubset(received: number, items: readonly OpenItem[]): string[] | null {
  let best: number[] | null = null;
  const n = items.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    let sum = 0;
    const chosen: number[] = [];
    for (let i = 0; i < n; i++)
      if (mask & (1 << i)) {
        sum += items[i]!.open;
        chosen.push(i);
      }
    if (sum !== received) continue;
    if (!best || chosen.length < best.length || (chosen.length === best.length && olderFirst(chosen, best)))
      best = chosen;
  }
  return best ? best.map((i) => items[i]!.sysInvoiceNum).sort() : null;
}

const olderFirst = (a: number[], b: number[]) => {
  const i = a.findIndex((c, j) => c !== b[j]);
  return i >= 0 && a[i]! < b[i]!;
};

export function cashCalls(ctx: CallContext): BenchCall[] {
  const { clientId } = ctx;
  let line: Promise<Line> | undefined;
  const pick = (db: Db) => (line ??= chooseLine(db, clientId));
  return [
    {
      id: 'cash-suggestions',
      label: "A bank line's suggestions: a known payer's credit against its open items",
      path: 'items',
      params: { customer: `the one with the most open invoices up to ${MAX_BASELINE_ITEMS}`, paying: '2 of them' },
      service: async (db) => {
        const { code, received } = await pick(db);
        const settings = matchSettingsOf(await cashSettingsOf(db, clientId));
        const payerItems = await customerItems(db, clientId, code);
        return matchLine(
          { received, named: [], payer: { sysObligorCode: code, by: 'CODE' }, payerItems, possiblePayers: [] },
          settings,
        );
      },
      baseline: async (db) => {
        const { code, received } = await pick(db);
        return { code, invoices: everySubset(received, await customerItems(db, clientId, code)) };
      },
      compare: (service, baseline) => {
        const [best] = (service as { suggestions: Suggestion[] }).suggestions;
        const naive = baseline as { code: string; invoices: string[] | null };
        const found = best && !best.tds && !best.writeOff && !best.onAccount ? best.allocations : null;
        const ours = found ? found.map((a) => a.sysInvoiceNum).sort() : null;
        if (best && best.sysObligorCode !== naive.code)
          return [`customer: service ${best.sysObligorCode} vs baseline ${naive.code}`];
        return JSON.stringify(ours) === JSON.stringify(naive.invoices)
          ? []
          : [
              `invoices: service [${ours?.join(', ') ?? 'none exact'}] vs baseline [${naive.invoices?.join(', ') ?? 'none'}]`,
            ];
      },
    },
  ];
}
