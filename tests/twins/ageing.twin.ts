import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { BUCKET_KEYS, type AgeingTotals } from '@/lib/domain/ageing';
import { salesSegments } from '@/lib/domain/segments';
import { AMOUNT_KEYS, COUNT_KEYS, snake } from '@/lib/server/receivables/ageing-columns';
import { ageingRowsForDates, ageingRowsSql, dropAgeingDates } from '@/lib/server/receivables/ageing-source';
import { obligorsAt } from '@/lib/server/receivables/history/read-history';
import { ratingsAt } from '../helpers/generated-ledger';
import { B, datesOf, domainAgeing, monthToDate, paise, sales12m, type TwinClient, type Twins } from './twin-helpers';

/**
 * The ageing rule (lib/domain/ageing.ts ageItems: buckets of both bases, counts, outstanding,
 * overdue, unallocated) against its SQL twins on generated ledgers, customer by customer and date
 * by date: the one-date query (ageingRowsSql, also the rollups of a date and ad-hoc dates), the
 * many-date pass (ageingRowsForDates, the rollup rebuild) and the ageing history's obligor rows
 * (build-history.ts). The one-date query's sales segment is held to salesSegments, its rating to
 * the rating in force, its month-to-date documents and cash to the ledger's.
 */
/** Every figure of a source row, as text or number (numeric reads as text on one driver). */
const AnyRow = row({ sys_obligor_code: col.text }).catchall(z.union([z.number(), z.string()]).nullable());
type AnyRow = z.output<typeof AnyRow>;

/** The domain's figures under the SQL's names (snake_case; amounts in paise). */
function expectedRow(totals: AgeingTotals): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of BUCKET_KEYS) {
    out[snake(key)] = totals[key];
    out[`${snake(key)}_num`] = totals[`${key}Num`];
  }
  out.outstanding = totals.outstanding;
  out.overdue = totals.overdue;
  out.unallocated = totals.unallocated;
  return out;
}

/** The same figures of a SQL row (missing: zero), amounts in paise. */
function actualRow(sqlRow: Record<string, unknown> | undefined, name: (k: string) => string = (k) => k) {
  const out: Record<string, number> = {};
  for (const key of [...BUCKET_KEYS, 'outstanding', 'overdue', 'unallocated']) {
    const k = snake(key);
    out[k] = paise(sqlRow?.[name(k)] as number);
    if (k !== 'outstanding' && k !== 'overdue' && k !== 'unallocated')
      out[`${k}_num`] = Number(sqlRow?.[name(`${k}_num`)] ?? 0);
  }
  return out;
}

/** Compares every customer of the ledger at `asOf`; returns how many had figures. */
function compareAll(
  client: TwinClient,
  asOf: string,
  rows: Record<string, unknown>[],
  name?: (k: string) => string,
  code = 'sys_obligor_code',
) {
  const byCode = new Map(rows.map((r) => [String(r[code]), r]));
  let seen = 0;
  for (const { code: obligor } of client.ledger.obligors) {
    const expected = expectedRow(domainAgeing(client.ledger, obligor, asOf));
    expect(actualRow(byCode.get(obligor), name), `seed ${client.ledger.seed}, ${obligor} at ${asOf}`).toEqual(expected);
    if (expected.outstanding !== 0 || expected.unallocated !== 0) seen++;
  }
  return seen;
}

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function ageingTwins(twins: Twins): void {
  describe('ageing buckets: lib/domain/ageing.ts ageItems and its SQL twins', () => {
    it('the one-date query (ageingRowsSql) equals the rule on every customer and date, with sales, segment and rating', async () => {
      let seen = 0;
      for (const client of twins.clients) {
        for (const asOf of datesOf(client.ledger)) {
          const rows: AnyRow[] = await queryRows(twins.db, ageingRowsSql(client.clientId, asOf, B), AnyRow);
          seen += compareAll(client, asOf, rows);
          const segments = salesSegments(
            client.ledger.obligors.map((o) => ({ code: o.code, sales: sales12m(client.ledger, o.code, asOf) })),
          );
          for (const r of rows) {
            const code = r.sys_obligor_code;
            // The row carries the sales that rank a segment: positive ones (net credit notes are no sales).
            expect(paise(r.sales12m), `${code} sales at ${asOf}`).toBe(
              Math.max(sales12m(client.ledger, code, asOf), 0),
            );
            expect({ invoiced: paise(r.invoiced), paid: paise(r.paid) }, `${code} month to date at ${asOf}`).toEqual(
              monthToDate(client.ledger, code, asOf),
            );
            expect(r.sales_segment, `${code} segment at ${asOf}`).toBe(segments.get(code));
            expect(r.rating === null ? null : Number(r.rating), `${code} rating at ${asOf}`).toBe(
              ratingsAt(client.ledger, code, asOf).rating,
            );
          }
        }
      }
      expect(seen).toBeGreaterThan(100);
    });

    it('the many-date pass of the rollup rebuild (ageingRowsForDates) equals the rule', async () => {
      for (const client of twins.clients) {
        const dates = datesOf(client.ledger);
        const rows = await twins.db.transaction(async (tx) => {
          const read = await queryRows(
            tx,
            sql`select as_of_date::text as as_of, * from (${await ageingRowsForDates(tx, client.clientId, dates, B)}) r`,
            AnyRow,
          );
          await dropAgeingDates(tx);
          return read;
        });
        for (const asOf of dates)
          compareAll(
            client,
            asOf,
            rows.filter((r) => r.as_of === asOf),
          );
      }
    });

    it("the ageing history's obligor rows (build-history.ts) equal the rule", async () => {
      const camel = Object.fromEntries([...AMOUNT_KEYS, ...COUNT_KEYS].map((k) => [snake(k), k]));
      for (const client of twins.clients) {
        for (const asOf of datesOf(client.ledger)) {
          const rows = await queryRows(
            twins.db,
            sql`select * from ${obligorsAt(client.clientId, asOf, [])} h`,
            AnyRow.omit({ sys_obligor_code: true }),
          );
          compareAll(client, asOf, rows, (k) => camel[k] ?? k, 'sysObligorCode');
        }
      }
    });
  });
}
