import { describe, expect, it } from 'vitest';
import { ZDimReceivablesQuery } from '@/lib/contract/performance';
import { BUCKET_KEYS } from '@/lib/domain/ageing';
import { annualDso } from '@/lib/domain/dso';
import { balanceWeightedRating, ratingLabel } from '@/lib/domain/rating';
import { dimReceivables } from '@/lib/server/performance/dim-receivables';
import { NOT_ASSIGNED } from '@/lib/server/performance/dim-groups';
import { ratingsAt } from '../helpers/generated-ledger';
import { datesOf, domainAgeing, monthToDate, sales12m, type Twins, onEachPath } from './twin-helpers';

/**
 * Dimension groups (dim-groups.ts: the ageing rows summed per dim1 value, the annual DSO of
 * annualDsoSql, the weighted rating and its label) against the rules of lib/domain summed over the
 * generated ledger's customers of each value, at several dates.
 */
const rupees = (paise: number) => paise / 100;

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function dimGroupTwin(twins: Twins): void {
  describe('dimension groups: lib/domain rules and dim-groups.ts', () => {
    it("every dim1 value's buckets, balance, month to date, sales, DSO, rated receivables and weighted rating", async () => {
      let compared = 0;
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger))
          await onEachPath(twins.db, clientId, async (path) => {
            const { rows } = await dimReceivables(
              twins.db,
              clientId,
              ZDimReceivablesQuery.parse({ clientId, date: asOf, count: 100 }),
            );
            const values = new Map<string, ReturnType<typeof customerFigures>[]>();
            function customerFigures(code: string) {
              const t = domainAgeing(ledger, code, asOf);
              return {
                t,
                rating: ratingsAt(ledger, code, asOf).rating,
                sales: Math.max(sales12m(ledger, code, asOf), 0),
                ...monthToDate(ledger, code, asOf),
              };
            }
            for (const o of ledger.obligors) {
              const name = o.dim1 ?? NOT_ASSIGNED;
              values.set(name, [...(values.get(name) ?? []), customerFigures(o.code)]);
            }
            for (const [name, members] of values) {
              const row = rows.find((r) => r.name === name);
              const total = (f: (m: (typeof members)[number]) => number) =>
                rupees(members.reduce((s, m) => s + f(m), 0));
              const outstanding = total((m) => m.t.outstanding);
              const where = `seed ${ledger.seed}, ${name} at ${asOf} (${path})`;
              if (!row) {
                expect(outstanding, where).toBe(0);
                continue;
              }
              const rating = balanceWeightedRating(
                members.map((m) => ({ rating: m.rating, balance: rupees(m.t.outstanding) })),
              );
              const expected = {
                ...Object.fromEntries(
                  BUCKET_KEYS.flatMap((k) => [
                    [k, total((m) => m.t[k])],
                    [`${k}Num`, total((m) => m.t[`${k}Num`] * 100)],
                  ]),
                ),
                outstanding,
                overdue: total((m) => m.t.overdue),
                unallocated: total((m) => m.t.unallocated),
                invoiced: total((m) => m.invoiced),
                paid: total((m) => m.paid),
                sales12m: total((m) => m.sales),
                dso: annualDso(
                  outstanding,
                  total((m) => m.sales),
                ),
                lowRatedReceivables: total((m) => (m.rating === 1 ? m.t.outstanding : 0)),
                medRatedReceivables: total((m) => (m.rating === 2 ? m.t.outstanding : 0)),
                highRatedReceivables: total((m) => (m.rating === 3 ? m.t.outstanding : 0)),
                rating: ratingLabel(rating === null ? null : Math.round(rating)),
              };
              expect(
                Object.fromEntries(Object.keys(expected).map((k) => [k, row[k as keyof typeof row]])),
                where,
              ).toEqual(expected);
              if (rating === null) expect(row.obligorWeightedRating, where).toBeNull();
              else expect(row.obligorWeightedRating, where).toBeCloseTo(rating, 9);
              compared++;
            }
          });
      }
      expect(compared).toBeGreaterThan(50);
    });
  });
}
