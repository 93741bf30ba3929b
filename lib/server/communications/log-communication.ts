import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { auditLog, communications } from '@/lib/db/schema';
import type { TCommunication, TLogCommunicationBody } from '@/lib/contract/communications';
import { invalid, notFound } from '@/lib/server/domain-errors';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { CommunicationRow, communicationSelect } from './list-communications';
import { checkPromise, insertPromise, type PromiseInput } from '@/lib/server/promises/take-promise';
import { assertObligorInScope } from './obligor-in-scope';

/**
 * POST /communications/obligors/{code}: the session user logs a call, email, visit or promise to
 * pay on one obligor they may see (a parent's note goes on the parent itself, not its family).
 */
export async function logCommunication(
  db: Db,
  user: { clientId: number; userId: number; scope: ObligorScope },
  code: string,
  body: TLogCommunicationBody,
): Promise<TCommunication> {
  const { clientId, userId } = user;
  await assertObligorInScope(db, clientId, user.scope, code);
  // A future date is refused against the client's own today, which only the server knows.
  if (body.commDate > (await clientToday(db, clientId))) {
    throw invalid('the date cannot be in the future', { commDate: 'the date cannot be in the future' });
  }
  // A promise to pay is also a promise (lib/server/promises): the same rules, stored with this note.
  const promise: PromiseInput | null =
    body.channel === 'PROMISE_TO_PAY' && body.promisedAmount !== undefined && body.followUpDate
      ? {
          code,
          amount: body.promisedAmount,
          promisedDate: body.followUpDate,
          takenOn: body.commDate,
          sysInvoiceNums: [],
          onFamily: false,
          channel: 'CALL',
          promisedBy: null,
        }
      : null;
  if (promise)
    await checkPromise(db, clientId, user.scope, promise, {
      amount: 'promisedAmount',
      promisedDate: 'followUpDate',
      sysInvoiceNums: 'summary',
      onFamily: 'summary',
    });
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(communications)
      .values({
        clientId,
        sysObligorCode: code,
        commDate: body.commDate,
        channel: body.channel,
        summary: body.summary,
        promisedAmount: body.promisedAmount === undefined ? null : body.promisedAmount.toFixed(2),
        followUpDate: body.followUpDate ?? null,
        userId,
      })
      .returning({ id: communications.id });
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'communication_logged',
      entity: 'obligor',
      entityId: code,
      detail: { communicationId: row!.id, channel: body.channel },
    });
    if (promise) await insertPromise(tx, clientId, userId, promise, row!.id);
    return row!.id;
  });
  const created = await queryRow(
    db,
    communicationSelect(sql`c.client_id = ${clientId} and c.id = ${id}`),
    CommunicationRow,
  );
  if (!created) throw notFound('Communication');
  return created;
}
