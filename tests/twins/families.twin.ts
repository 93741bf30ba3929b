import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZCreditLimitsQuery } from '@/lib/contract/credit-limits';
import { queryRows } from '@/lib/db/query';
import { availableCredit, creditLimitStatus, utilisationPercent } from '@/lib/domain/credit-limit';
import { annualDso } from '@/lib/domain/dso';
import { balanceWeightedRating } from '@/lib/domain/rating';
import { collectionRisk, openStatus } from '@/lib/domain/segments';
import { familyFigures, FamilyFiguresRow } from '@/lib/server/obligors/family-figures';
import { listCreditLimits } from '@/lib/server/obligors/list-credit-limits';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { familyOf, ratingsAt, type GeneratedLedger } from '../helpers/generated-ledger';
import { datesOf, domainAgeing, paise, sales12m, type Twins, onEachPath } from './twin-helpers';

/**
 * A family's figures and a limit's band against their SQL twins, on generated ledgers at several
 * dates: family-figures.ts (collectionRisk, openStatus, annual DSO, utilisation, the rated
 * receivables and the balance-weighted rating of ageing-columns.ts's weightedRating) and
 * credit-limit-sql.ts (available credit, utilisation and band of families and accounts, a family's
 * accounts over their own limits), each
 * worked out by the rules of lib/domain from the generated ledger.
 */
/** A customer's figures at `asOf` by the domain's rules, in rupees. */
function customer(ledger: GeneratedLedger, code: string, asOf: string) {
  const t = domainAgeing(ledger, code, asOf);
  return {
    code,
    outstanding: t.outstanding / 100,
    unallocated: t.unallocated / 100,
    pastB2: (t.crdBucket3 + t.crdBucket4) / 100,
    // The rows carry the sales that rank a segment: positive ones (see ageing.twin.ts).
    sales12m: Math.max(sales12m(ledger, code, asOf), 0) / 100,
    netSales12m: sales12m(ledger, code, asOf) / 100,
    rating: ratingsAt(ledger, code, asOf).rating,
  };
}

const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x * 100, 0)) / 100;

/** A family's limit: its children's limits summed, the parent's own when no child has one. */
function familyLimit(ledger: GeneratedLedger, parent: string): number | null {
  const children = ledger.obligors.filter((o) => o.parent === parent && o.creditLimit !== null);
  const own = ledger.obligors.find((o) => o.code === parent)!.creditLimit;
  const limit = children.length ? children.reduce((s, o) => s + o.creditLimit!, 0) : own;
  return limit === null ? null : limit / 100;
}

/** An account trades: every member of a family, a customer without one, a family's head with items of its own. */
const isAccount = (ledger: GeneratedLedger, code: string) =>
  ledger.obligors.some((o) => o.code === code && o.parent !== null) ||
  !ledger.obligors.some((o) => o.parent === code) ||
  ledger.invoices.some((i) => i.obligor === code);

/** Within the half tenth a one-decimal rounding moves a figure. */
const roundedTo = (actual: number | null, exact: number | null) =>
  actual === null || exact === null
    ? expect(actual).toBe(exact)
    : expect(Math.abs(actual - exact)).toBeLessThanOrEqual(0.05 + 1e-9);

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function familyTwins(twins: Twins): void {
  describe('family figures: lib/domain rules and family-figures.ts / weightedRating', () => {
    it('collection risk, open status, DSO, utilisation, rated receivables and the weighted rating of every family', async () => {
      const risks = new Set<string>();
      let weighted = 0;
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger))
          await onEachPath(twins.db, clientId, async (path) => {
            const view = await ageingView(twins.db, clientId, asOf);
            // KNOWN DISAGREEMENT, left to the figures' owners: a family's 12-month sales are its
            // members' net sales in the ageing history, but the rollups and the ledger rows carry
            // only positive sales per member (ageingRowsSql takes sales12m from the ranked sales),
            // so a member whose credit notes exceed its invoices changes the family's DSO with the
            // path. This pins both until one rule is chosen.
            const fromHistory = !view.hasRollups && view.hasHistory;
            const rows = new Map(
              (await queryRows(twins.db, sql`select * from ${familyFigures(view, {})} f`, FamilyFiguresRow)).map(
                (r) => [r.sysObligorCode, r],
              ),
            );
            for (const parent of ledger.obligors.filter((o) => !o.parent)) {
              const members = familyOf(ledger, parent.code).map((code) => customer(ledger, code, asOf));
              const balance = sum(members.map((m) => m.outstanding));
              const exposure = sum(members.map((m) => m.outstanding + m.unallocated));
              const limit = familyLimit(ledger, parent.code);
              const expected = {
                balance,
                exposure,
                creditLimit: limit,
                collectionRisk: collectionRisk(balance, sum(members.map((m) => m.pastB2))),
                openStatus: openStatus(balance),
                dso: annualDso(balance, sum(members.map((m) => (fromHistory ? m.netSales12m : m.sales12m)))),
                lowRatedReceivables: sum(members.filter((m) => m.rating === 1).map((m) => m.outstanding)),
                medRatedReceivables: sum(members.filter((m) => m.rating === 2).map((m) => m.outstanding)),
                highRatedReceivables: sum(members.filter((m) => m.rating === 3).map((m) => m.outstanding)),
                openObligors: members.filter((m) => paise(m.outstanding) !== 0).length,
              };
              const row = rows.get(parent.code);
              const where = `seed ${ledger.seed}, ${parent.code} at ${asOf} (${path})`;
              expect(row, where).toBeDefined();
              expect(
                Object.fromEntries(Object.keys(expected).map((k) => [k, row![k as keyof typeof row]])),
                where,
              ).toEqual(expected);
              const rating = balanceWeightedRating(members.map((m) => ({ rating: m.rating, balance: m.outstanding })));
              if (rating === null) expect(row!.obligorWeightedRating, where).toBeNull();
              else expect(row!.obligorWeightedRating, where).toBeCloseTo(rating, 9);
              roundedTo(row!.creditUtilisation, utilisationPercent(exposure, limit));
              risks.add(row!.collectionRisk);
              if (rating !== null) weighted++;
            }
          });
      }
      expect([...risks].sort()).toEqual(['HIGH', 'LOW', 'MEDIUM']);
      expect(weighted).toBeGreaterThan(20);
    });
  });

  describe('credit limits: lib/domain/credit-limit.ts and credit-limit-sql.ts', () => {
    it('every family and account has the available credit, utilisation and band of its exposure and limit', async () => {
      const bands = new Set<string>();
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger))
          await onEachPath(twins.db, clientId, async (path) => {
            for (const view of ['families', 'accounts'] as const) {
              const { rows, total } = await listCreditLimits(
                twins.db,
                clientId,
                ZCreditLimitsQuery.parse({ clientId, view, date: asOf, count: 100 }),
              );
              expect(rows.length).toBe(total);
              expect(rows.map((r) => r.sysObligorCode).sort()).toEqual(
                ledger.obligors
                  .filter((o) => (view === 'families' ? !o.parent : isAccount(ledger, o.code)))
                  .map((o) => o.code)
                  .sort(),
              );
              for (const row of rows) {
                const codes = view === 'families' ? familyOf(ledger, row.sysObligorCode) : [row.sysObligorCode];
                const exposure = sum(
                  codes.map((code) => customer(ledger, code, asOf)).map((m) => m.outstanding + m.unallocated),
                );
                const own = ledger.obligors.find((o) => o.code === row.sysObligorCode)!.creditLimit;
                const limit =
                  view === 'families' ? familyLimit(ledger, row.sysObligorCode) : own === null ? null : own / 100;
                const where = `seed ${ledger.seed}, ${view} ${row.sysObligorCode} at ${asOf} (${path})`;
                expect(
                  {
                    exposure: row.exposure,
                    creditLimit: row.creditLimit,
                    available: row.available,
                    status: row.status,
                  },
                  where,
                ).toEqual({
                  exposure,
                  creditLimit: limit,
                  available: availableCredit(exposure, limit),
                  status: creditLimitStatus(exposure, limit),
                });
                roundedTo(row.utilisation, utilisationPercent(exposure, limit));
                // A family counts its accounts over their own limits by the same band (breachedSql).
                const accounts = codes.filter((code) => isAccount(ledger, code));
                const breached = accounts.filter((code) => {
                  const m = customer(ledger, code, asOf);
                  const own = ledger.obligors.find((o) => o.code === code)!.creditLimit;
                  return (
                    creditLimitStatus(sum([m.outstanding + m.unallocated]), own === null ? null : own / 100) ===
                    'BREACHED'
                  );
                });
                expect({ accounts: row.accounts, breachedAccounts: row.breachedAccounts }, where).toEqual({
                  accounts: accounts.length,
                  breachedAccounts: breached.length,
                });
                bands.add(row.status);
              }
            }
          });
      }
      expect([...bands].sort()).toEqual(['BREACHED', 'NEAR', 'NO_LIMIT', 'WITHIN']);
    });

    it("the accounts' exposures add up to their family's but for the money a head without bills holds", async () => {
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger)) {
          const read = async (view: 'families' | 'accounts') =>
            (
              await listCreditLimits(
                twins.db,
                clientId,
                ZCreditLimitsQuery.parse({ clientId, view, date: asOf, count: 100 }),
              )
            ).rows;
          const byFamily = new Map<string, number>();
          for (const a of await read('accounts')) {
            const family = a.parentSysObligorCode ?? a.sysObligorCode;
            byFamily.set(family, sum([byFamily.get(family) ?? 0, a.exposure]));
          }
          for (const f of await read('families')) {
            // KNOWN GAP, left to the owners of credit limits: a head without bills of its own is no
            // account, so money it holds on account counts in its family's exposure and in no account's.
            const head = isAccount(ledger, f.sysObligorCode) ? 0 : customer(ledger, f.sysObligorCode, asOf).unallocated;
            expect(
              sum([byFamily.get(f.sysObligorCode) ?? 0, head]),
              `seed ${ledger.seed}, ${f.sysObligorCode} at ${asOf}`,
            ).toBe(f.exposure);
          }
        }
      }
    });
  });
}
