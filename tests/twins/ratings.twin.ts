import { describe, expect, it } from 'vitest';
import { ZRatingsQuery } from '@/lib/contract/obligors';
import { ratingShift, RATING_SHIFTS, type RatingShift } from '@/lib/domain/rating-shift';
import { listRatings } from '@/lib/server/obligors/list-ratings';
import type { GeneratedLedger } from '../helpers/generated-ledger';
import { datesOf, domainAgeing, type Twins, onEachPath } from './twin-helpers';

/**
 * The risk shift (lib/domain/rating-shift.ts ratingShift) against its SQL twin in list-ratings.ts,
 * which filters and sorts by it: on generated ledgers at several dates, every rated customer's
 * rating in force, the one before it, its shift and its balance; and the shift filter picks exactly
 * the customers of that shift.
 */
/** Each customer rated on or before `asOf`: its rating in force, the one before, the shift and balance. */
function expectedRatings(ledger: GeneratedLedger, asOf: string) {
  return ledger.obligors
    .map((o) => {
      const held = ledger.ratings
        .filter((g) => g.obligor === o.code && g.date <= asOf)
        .sort((a, b) => a.date.localeCompare(b.date));
      const [current, previous] = [held.at(-1), held.at(-2)];
      if (!current) return null;
      return {
        sysObligorCode: o.code,
        rating: current.rating,
        ratingDate: current.date,
        previousRating: previous?.rating ?? null,
        previousRatingDate: previous?.date ?? null,
        shift: ratingShift(previous?.rating, current.rating),
        balance: domainAgeing(ledger, o.code, asOf).outstanding / 100,
      };
    })
    .filter((r) => r !== null)
    .sort((a, b) => a.sysObligorCode.localeCompare(b.sysObligorCode));
}

const byCode = <T extends { sysObligorCode: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.sysObligorCode.localeCompare(b.sysObligorCode));

/** Registers the twin's tests over the generated clients of twins.test.ts. */
export function ratingShiftTwin(twins: Twins): void {
  describe('rating shift: lib/domain/rating-shift.ts and list-ratings.ts', () => {
    it('every rated customer has its ratings, shift and balance by the rule, and each shift filter picks its own', async () => {
      const shifts = new Set<RatingShift>();
      for (const { ledger, clientId } of twins.clients) {
        for (const asOf of datesOf(ledger))
          await onEachPath(twins.db, clientId, async (path) => {
            const expected = expectedRatings(ledger, asOf);
            const { rows, total } = await listRatings(
              twins.db,
              clientId,
              ZRatingsQuery.parse({ clientId, date: asOf, count: 100 }),
            );
            expect(total).toBe(expected.length);
            const where = `seed ${ledger.seed} at ${asOf} (${path})`;
            expect(
              byCode(rows).map(
                ({ sysObligorCode, rating, ratingDate, previousRating, previousRatingDate, shift, balance }) => ({
                  sysObligorCode,
                  rating,
                  ratingDate,
                  previousRating,
                  previousRatingDate,
                  shift,
                  balance,
                }),
              ),
              where,
            ).toEqual(expected);
            // The filter is the same SQL on either path: checked once.
            for (const shift of path === 'history' ? RATING_SHIFTS : []) {
              const picked = await listRatings(
                twins.db,
                clientId,
                ZRatingsQuery.parse({ clientId, date: asOf, shift, count: 100 }),
              );
              expect(picked.rows.map((r) => r.sysObligorCode).sort(), `${where}, ${shift}`).toEqual(
                expected.filter((r) => r.shift === shift).map((r) => r.sysObligorCode),
              );
            }
            expected.forEach((r) => shifts.add(r.shift));
          });
      }
      expect([...shifts].sort()).toEqual([...RATING_SHIFTS].sort());
    });
  });
}
