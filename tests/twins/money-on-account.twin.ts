import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { netBalanceOf, unallocatedAt } from '@/lib/domain/ageing';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { reminderCandidates } from '@/lib/server/dunning/candidates';
import { balanceAt, unallocatedAt as unallocatedAtSql } from '@/lib/server/portal/open-items';
import { domainLedgerOf, familyOf } from '../helpers/generated-ledger';
import { datesOf, domainAgeing, onEachPath, type Twins } from './twin-helpers';

/**
 * Money on account (lib/domain/ageing.ts unallocatedAt, netBalanceOf) against unallocatedReceiptsSql
 * (lib/server/receivables/open-items.ts: the statement, the open-invoices workbook, reminders'
 * candidates) and
 * the statement's opening balance (portal/open-items.ts balanceAt: the rollup, the history's
 * obligor rows or the ledger, whichever the date has), customer by customer at several dates.
 */
export function moneyOnAccountTwin(twins: Twins): void {
  describe('money on account: lib/domain/ageing.ts unallocatedAt and unallocatedReceiptsSql, balanceAt', () => {
    it("every customer's unallocated receipts and net balance at each date, on each path", async () => {
      let onAccount = 0;
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger))
          await onEachPath(twins.db, clientId, async (path) => {
            for (const o of ledger.obligors) {
              const members = sql`(${o.code})`;
              const unallocated = unallocatedAt(domainLedgerOf(ledger, o.code).receipts, asOf) / 100;
              const outstanding = domainAgeing(ledger, o.code, asOf).outstanding / 100;
              const where = `seed ${ledger.seed}, ${o.code} at ${asOf} (${path})`;
              // The receipts are read from the ledger on either path: once is enough.
              if (path === 'history')
                expect(await unallocatedAtSql(twins.db, clientId, members, asOf), where).toBe(unallocated);
              expect(await balanceAt(twins.db, clientId, members, asOf), where).toBe(
                netBalanceOf({ outstanding, unallocated }),
              );
              if (unallocated !== 0) onAccount++;
            }
          });
      }
      expect(onAccount).toBeGreaterThan(20);
    });

    it("each reminder candidate's money on account today is its family's, by the rule", async () => {
      let candidates = 0;
      for (const { ledger, clientId } of twins.clients) {
        for (const candidate of await reminderCandidates(twins.db, clientId, DEFAULT_POLICY, ledger.today)) {
          const unallocated = familyOf(ledger, candidate.code).reduce(
            (sum, code) => sum + unallocatedAt(domainLedgerOf(ledger, code).receipts, ledger.today),
            0,
          );
          expect(candidate.unallocated, `seed ${ledger.seed}, ${candidate.code}`).toBe(unallocated / 100);
          candidates++;
        }
      }
      expect(candidates).toBeGreaterThan(5);
    });
  });
}
