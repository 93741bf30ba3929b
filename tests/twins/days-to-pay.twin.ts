import { describe, expect, it } from 'vitest';
import { ZKpisQuery } from '@/lib/contract/kpis';
import { daysBetween } from '@/lib/domain/ageing';
import { ALL_OBLIGORS } from '@/lib/domain/obligor-scope';
import { collectionKpis } from '@/lib/server/kpis/collection-kpis';
import { domainLedgerOf, familyOf, type GeneratedLedger } from '../helpers/generated-ledger';
import { onEachPath, settledDay, type Twins } from './twin-helpers';

/**
 * The average days to pay of the collection KPIs (lib/domain/kpis.ts takes it from SQL: over the
 * debts paid off in a month, the days from issue to settlement weighted by amount) in its two SQL
 * forms, the ageing history's kept terms (settled, settled_days: build-history.ts) and the ledger's
 * (collection-kpis.ts daysToPay), against that definition over the generated ledger: the client's
 * and every family's months, on both paths.
 */
export function daysToPayTwin(twins: Twins): void {
  describe('average days to pay: the KPIs definition and its history and ledger SQL', () => {
    it("every month's figure of the client and of each family, on both paths", async () => {
      let months = 0;
      for (const { ledger, clientId } of twins.clients) {
        const families = ledger.obligors.filter((o) => !o.parent).map((o) => o.code);
        await onEachPath(twins.db, clientId, async (path) => {
          for (const code of [undefined, ...families]) {
            const answer = await collectionKpis(
              twins.db,
              clientId,
              ALL_OBLIGORS,
              ZKpisQuery.parse({ clientId, sysObligorCode: code }),
            );
            const codes = code ? familyOf(ledger, code) : ledger.obligors.map((o) => o.code);
            for (const m of answer.months) {
              expect(m.averageDaysToPay, `seed ${ledger.seed}, ${code ?? 'client'} ${m.month} (${path})`).toBe(
                daysToPay(ledger, codes, m.month, answer.toDate),
              );
              if (m.averageDaysToPay !== null) months++;
            }
          }
        });
      }
      expect(months).toBeGreaterThan(50);
    });
  });
}

/** Over the debts of `codes` paid off in `month` (up to `toDate`): issue to settlement in days, weighted by amount, 1 decimal. */
function daysToPay(ledger: GeneratedLedger, codes: string[], month: string, toDate: string): number | null {
  let amount = 0;
  let weighted = 0;
  for (const code of codes)
    for (const item of domainLedgerOf(ledger, code).items) {
      const settled = settledDay(item);
      if (item.amountPaise <= 0 || !settled || settled.slice(0, 7) !== month || settled > toDate) continue;
      amount += item.amountPaise;
      weighted += item.amountPaise * daysBetween(item.issueDate, settled);
    }
  // Half away from zero, as SQL's round on numeric.
  return amount > 0 ? (Math.sign(weighted) * Math.round((Math.abs(weighted) / amount) * 10)) / 10 : null;
}
