import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  DIGEST_FREQUENCIES,
  DIGEST_SEND_STATUSES,
  type TDigestSubscription,
  type TDigestSubscriptionBody,
} from '@/lib/contract/digest';
import { DIGEST_HOUR } from '@/lib/domain/digest';
import { clientTimeZone } from '@/lib/server/clients/client-day';
import { sendError, sendStatus } from './send-status';

/** The sends shown under the settings: the last few, newest first, failures with their reason. */
const SENDS_SHOWN = 10;

export const SubscriptionRow = row({
  frequency: col.oneOf(DIGEST_FREQUENCIES),
  weekday: col.int.nullable(),
  enabled: col.bool,
});

/** GET /digest/subscription: the user's digest (weekly on Monday and off until saved) and its last sends. */
export async function loadDigestSubscription(db: Db, clientId: number, userId: number): Promise<TDigestSubscription> {
  const [saved, user, sends, timeZone] = await Promise.all([
    queryRow(
      db,
      sql`select frequency, weekday, enabled from digest_subscriptions where client_id = ${clientId} and user_id = ${userId}`,
      SubscriptionRow,
    ),
    queryRow(
      db,
      sql`select email from users where client_id = ${clientId} and id = ${userId}`,
      row({ email: col.text }),
    ),
    queryRows(
      db,
      sql`select period, as_of as "asOf", recipient, subject, ${sendStatus('digest_sends')} as status,
          ${sendError('digest_sends')} as error, sent_at as "sentAt" from digest_sends
        where client_id = ${clientId} and user_id = ${userId} order by sent_at desc, id desc limit ${SENDS_SHOWN}`,
      row({
        period: col.text,
        asOf: col.text,
        recipient: col.text,
        subject: col.text.nullable(),
        status: col.oneOf(DIGEST_SEND_STATUSES),
        error: col.text.nullable(),
        sentAt: col.instant,
      }),
    ),
    clientTimeZone(db, clientId),
  ]);
  return {
    ...(saved ?? { frequency: 'WEEKLY', weekday: 1, enabled: false }),
    saved: saved !== undefined,
    hour: DIGEST_HOUR,
    timeZone,
    email: user?.email ?? '',
    sends,
  };
}

/** PUT /digest/subscription: the signed-in user's own digest (a daily one keeps no weekday). */
export async function saveDigestSubscription(
  db: Db,
  clientId: number,
  userId: number,
  body: TDigestSubscriptionBody,
): Promise<TDigestSubscription> {
  const weekday = body.frequency === 'WEEKLY' ? (body.weekday ?? 1) : null;
  await db.execute(sql`insert into digest_subscriptions (client_id, user_id, frequency, weekday, enabled, updated_at)
    values (${clientId}, ${userId}, ${body.frequency}, ${weekday}, ${body.enabled}, now())
    on conflict (client_id, user_id) do update set frequency = excluded.frequency, weekday = excluded.weekday,
      enabled = excluded.enabled, updated_at = now()`);
  return loadDigestSubscription(db, clientId, userId);
}
