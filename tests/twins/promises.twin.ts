import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { promiseStatus, PROMISE_STATUSES } from '@/lib/domain/promises';
import { checkPromises } from '@/lib/server/promises/check-promises';
import { daysFrom } from '../helpers/dates';
import { paidOn } from './promise-paid';
import { paise, type Twins } from './twin-helpers';

/**
 * Promise checking (lib/domain/promises.ts promiseStatus, and what a promise has been paid) against
 * its SQL twin in check-promises.ts, on generated ledgers checked on several days: every promise's
 * paid amount and status after each check.
 */
const Stored = row({ id: col.int, paid: col.num, status: col.oneOf(PROMISE_STATUSES) });

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function promiseTwin(twins: Twins): void {
  describe('promise checking: lib/domain/promises.ts promiseStatus and check-promises.ts', () => {
    it('every promise has its paid amount and status by the rule, checked on days before, across and after the promised days', async () => {
      const statuses = new Set<string>();
      for (const { ledger, clientId } of twins.clients) {
        const ids = (
          await queryRows(
            twins.db,
            sql`select id from promises where client_id = ${clientId} order by id`,
            row({ id: col.int }),
          )
        ).map((r) => r.id);
        expect(ids.length).toBe(ledger.promises.length);
        for (const today of [-120, -60, -30, -10, -1, 0].map((n) => daysFrom(ledger.today, n))) {
          await checkPromises(twins.db, clientId, today, { ids });
          const stored = await queryRows(
            twins.db,
            sql`select id, paid_amount as paid, status from promises where client_id = ${clientId} order by id`,
            Stored,
          );
          stored.forEach((s, k) => {
            const promise = ledger.promises[k]!;
            const paid = paidOn(ledger, promise);
            const status = promiseStatus({
              amount: promise.amount / 100,
              paid: paid / 100,
              promisedDate: promise.promisedDate,
              today,
            });
            expect({ paid: paise(s.paid), status: s.status }, `seed ${ledger.seed}, promise ${k} on ${today}`).toEqual({
              paid,
              status,
            });
            statuses.add(status);
          });
        }
      }
      // The ledgers reach every status.
      expect([...statuses].sort()).toEqual([...PROMISE_STATUSES].sort());
    });
  });
}
