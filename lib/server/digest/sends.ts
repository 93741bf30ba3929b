import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { DIGEST_SEND_STATUSES, type TDigestSendListRow, type TDigestSendsQuery } from '@/lib/contract/digest';
import { clientTimeZone } from '@/lib/server/clients/client-day';
import { sendError, sendStatus } from './send-status';

const SendRow = row({
  id: col.int,
  userName: col.text,
  recipient: col.text,
  period: col.text,
  asOf: col.text,
  status: col.oneOf(DIGEST_SEND_STATUSES),
  error: col.text.nullable(),
  subject: col.text.nullable(),
  sentAt: col.instant,
});

/** The filters as SQL: fromDate..toDate are the client's days (a day starts at midnight in its time zone). */
async function whereOf(db: Db, clientId: number, query: TDigestSendsQuery): Promise<SQL> {
  const parts: SQL[] = [sql`s.client_id = ${clientId}`];
  if (query.status) parts.push(sql`${sendStatus('s')} = ${query.status}`);
  if (query.fromDate || query.toDate) {
    const timeZone = await clientTimeZone(db, clientId);
    if (query.fromDate) parts.push(sql`s.sent_at >= (${query.fromDate}::date::timestamp at time zone ${timeZone})`);
    if (query.toDate) parts.push(sql`s.sent_at < ((${query.toDate}::date + 1)::timestamp at time zone ${timeZone})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * GET /digest/runs: every digest the client's users were sent (or failed to be), newest first, a
 * page at a time, with the user's name and a failure's reason. A row's sent_at is when the last
 * attempt began or ended, so a retried digest moves to the top.
 */
export async function listDigestSends(
  db: Db,
  clientId: number,
  query: TDigestSendsQuery,
): Promise<{ rows: TDigestSendListRow[]; total: number }> {
  const where = await whereOf(db, clientId, query);
  const [rows, total] = await Promise.all([
    queryRows(
      db,
      sql`select s.id, u.name as "userName", s.recipient, s.period, s.as_of as "asOf", ${sendStatus('s')} as status,
          ${sendError('s')} as error, s.subject,
          s.sent_at as "sentAt"
        from digest_sends s join users u on u.client_id = s.client_id and u.id = s.user_id
        where ${where}
        order by s.sent_at desc, s.id desc
        limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      SendRow,
    ),
    queryRow(db, sql`select count(*) as n from digest_sends s where ${where}`, row({ n: col.int })),
  ]);
  return { rows, total: total?.n ?? 0 };
}
