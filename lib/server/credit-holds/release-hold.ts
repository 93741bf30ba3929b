import 'server-only';
import { addDays, parseISO } from 'date-fns';
import type { Db } from '@/lib/db/client';
import { creditHoldReleases } from '@/lib/db/schema';
import type { TCreditHold } from '@/lib/contract/credit-holds';
import { iso } from '@/lib/domain/dates';
import { MAX_RELEASE_DAYS } from '@/lib/domain/credit-holds';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import { invalid } from '@/lib/server/domain-errors';
import { creditHolds } from './list-holds';

/**
 * POST /credit_holds/{code}/release: an approver lets a held account ship until `expiresOn` (today
 * to 90 days ahead), for a reason; recorded and audited. An account no rule holds cannot be
 * released (400): there is nothing to release.
 */
export async function releaseHold(
  db: Db,
  who: { clientId: number; userId: number; scope: ObligorScope },
  code: string,
  body: { reason: string; expiresOn: string },
): Promise<TCreditHold> {
  await assertObligorInScope(db, who.clientId, who.scope, code);
  const today = await clientToday(db, who.clientId);
  const latest = iso(addDays(parseISO(today), MAX_RELEASE_DAYS));
  if (body.expiresOn < today || body.expiresOn > latest)
    throw invalid(`a release runs from today to at most ${MAX_RELEASE_DAYS} days ahead`, {
      expiresOn: `choose a day from today to ${MAX_RELEASE_DAYS} days ahead`,
    });
  const [held] = await creditHolds(db, who.clientId, who.scope, code);
  if (!held) throw invalid('no rule holds this account today', { sysObligorCode: 'this account is not on hold' });
  await db.transaction(async (tx) => {
    await tx.insert(creditHoldReleases).values({
      clientId: who.clientId,
      sysObligorCode: code,
      reason: body.reason,
      releasedBy: who.userId,
      expiresOn: body.expiresOn,
    });
    await recordAudit(tx, {
      clientId: who.clientId,
      userId: who.userId,
      action: 'credit_hold_released',
      entity: 'customer',
      entityId: code,
      detail: { reason: body.reason, expiresOn: body.expiresOn, reasons: held.reasons },
      before: { status: held.status, reasons: held.reasons, release: held.release },
      after: { status: 'RELEASED', release: { reason: body.reason, expiresOn: body.expiresOn } },
    });
  });
  const [after] = await creditHolds(db, who.clientId, who.scope, code);
  return after!;
}
