import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { asStatementOrigin } from '@/lib/db/statement-log';
import { API_ACCESS } from '@/lib/contract/access';
import type { TDigestPreview, TDigestRun } from '@/lib/contract/digest';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import { satisfies } from '@/lib/domain/access';
import { DIGEST_HOUR, digestPeriod } from '@/lib/domain/digest';
import { isScoped, obligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { sessionFor } from '@/lib/server/auth/sign-in';
import { clientToday } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { appUrl, sendMail } from '@/lib/server/mail/send-mail';
import { reportError } from '@/lib/server/observability/report-error';
import { findUser } from '@/lib/server/users/load-user';
import { digestFigures } from './figures';
import { digestMessage } from './message';
import { SubscriptionRow } from './subscription';
import { dashboardWorkbook, dashboardWorkbookName } from './workbook';
import { sendStatus } from './send-status';

/**
 * The user's digest as it goes: the figures (the dashboard's calls, as the user), the mail's subject
 * and bodies, and the attached workbook's name. `date` defaults to the client's today.
 */
export async function composeDigest(
  db: Db,
  session: SessionData,
  req: { frequency: 'DAILY' | 'WEEKLY'; date?: string },
): Promise<TDigestPreview> {
  const client = await getClient(db, session.clientId);
  const today = await clientToday(db, session.clientId);
  const date = req.date ?? today;
  const [figures, user] = await Promise.all([
    digestFigures(db, session, { frequency: req.frequency, today, date }),
    findUser(db, session.clientId, session.userId),
  ]);
  const attachment = dashboardWorkbookName(client.code, date);
  const message = digestMessage({
    figures,
    clientName: client.name,
    userName: session.name,
    scoped: isScoped(obligorScope(session)),
    money: { currency: client.currency, locale: client.locale },
    dashboardUrl: appUrl('/borrowers/dashboard'),
    settingsUrl: appUrl('/borrowers/account#digest'),
    attachment,
  });
  return { to: user?.email ?? '', ...message, attachment, figures };
}

/** POST /digest/preview: the signed-in user's digest, their saved frequency unless another is asked for. */
export async function previewDigest(
  db: Db,
  session: SessionData,
  body: { frequency?: 'DAILY' | 'WEEKLY'; date?: string },
): Promise<TDigestPreview> {
  const saved = await queryRow(
    db,
    sql`select frequency, weekday, enabled from digest_subscriptions where client_id = ${session.clientId} and user_id = ${session.userId}`,
    SubscriptionRow,
  );
  return composeDigest(db, session, { frequency: body.frequency ?? saved?.frequency ?? 'WEEKLY', date: body.date });
}

type Send = TDigestRun['sends'][number];

/**
 * POST /digest/runs and the daily job: the digest of each subscribed, active staff user of the client
 * whose period's day has come, as of `date` (the client's today unless given). Each user's digest of
 * the period is claimed first (unique per user and period, so a second run, on any server, sends
 * none), built as that user (their access and row scope, as they would see the dashboard), sent
 * with the dashboard workbook attached and marked SENT; a failure (no access to the dashboard any
 * more, the mail server refused) stays on its row as FAILED with the error, and a run (`retryFailed`)
 * of the same period tries it again. `onlyFailed` claims a FAILED row only (retryFailedDigests):
 * nothing new goes, and a user whose period has no failure is SKIPPED.
 */
export async function runDigests(
  db: Db,
  req: { clientId: number; date?: string; retryFailed?: boolean; onlyFailed?: boolean; userIds?: number[] },
): Promise<TDigestRun> {
  const { clientId } = req;
  const date = req.date ?? (await clientToday(db, clientId));
  const only = req.userIds ? sql`and u.id = any(${`{${req.userIds.join(',')}}`}::int[])` : sql``;
  const subscribers = await queryRows(
    db,
    sql`select u.id as "userId", u.name as "userName", u.email, s.frequency, s.weekday
      from digest_subscriptions s join users u on u.client_id = s.client_id and u.id = s.user_id
      where s.client_id = ${clientId} and s.enabled and u.status = 'ACTIVE' and u.user_type = 'borrowers'
        and u.customer_code is null ${only}
      order by u.id`,
    row({
      userId: col.int,
      userName: col.text,
      email: col.text,
      frequency: SubscriptionRow.shape.frequency,
      weekday: col.int.nullable(),
    }),
  );
  const sends: Send[] = [];
  for (const s of subscribers) {
    const period = digestPeriod(s, date);
    const line = (status: Send['status'], error: string | null) =>
      sends.push({
        userId: s.userId,
        userName: s.userName,
        recipient: s.email,
        period: period.key,
        asOf: date,
        status,
        error,
      });
    if (!period.due) {
      line('NOT_DUE', null);
      continue;
    }
    const retry = req.retryFailed === false ? sql`false` : sql`${sendStatus('digest_sends')} = 'FAILED'`;
    const claim = await queryRow(
      db,
      req.onlyFailed
        ? sql`update digest_sends set status = 'SENDING', error = null, recipient = ${s.email}, as_of = ${date}, sent_at = now()
          where client_id = ${clientId} and user_id = ${s.userId} and period = ${period.key}
            and ${sendStatus('digest_sends')} = 'FAILED'
          returning id`
        : sql`insert into digest_sends (client_id, user_id, period, as_of, recipient, status)
        values (${clientId}, ${s.userId}, ${period.key}, ${date}, ${s.email}, 'SENDING')
        on conflict (client_id, user_id, period) do update
          set status = 'SENDING', error = null, recipient = excluded.recipient, as_of = excluded.as_of, sent_at = now()
          where ${retry}
        returning id`,
      row({ id: col.int }),
    );
    if (!claim) {
      line('SKIPPED', req.onlyFailed ? 'no failed digest of this period' : "this period's digest went already");
      continue;
    }
    try {
      const user = await findUser(db, clientId, s.userId);
      if (!user) throw new Error('no such user');
      const session = await sessionFor(db, user);
      if (!satisfies(session, API_ACCESS.dashboard)) throw new Error('no access to the summary dashboard any more');
      const mail = await composeDigest(db, session, { frequency: s.frequency, date });
      const workbook = await dashboardWorkbook(db, session, date);
      await sendMail({
        to: s.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [
          {
            filename: workbook.filename,
            content: workbook.content,
            contentType: XLSX_CONTENT_TYPE,
          },
        ],
        messageId: `<digest-${clientId}-${claim.id}@receivables>`,
      });
      await db.execute(sql`update digest_sends set status = 'SENT', subject = ${mail.subject.slice(0, 500)}, sent_at = now()
        where client_id = ${clientId} and id = ${claim.id}`);
      line('SENT', null);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.execute(sql`update digest_sends set status = 'FAILED', error = ${message}
        where client_id = ${clientId} and id = ${claim.id}`);
      line('FAILED', message);
    }
  }
  return { sends };
}

/**
 * The failed digests one retry tries again, newest first: each is composed and mailed within the
 * request (a few seconds each at scale), so a click stays well under the browser's 30 s; the rest
 * stay FAILED, listed, for the next click.
 */
const DIGEST_RETRY_LIMIT = 10;

/**
 * POST /digest/runs with retryFailed: the client's FAILED digests, those a stopped server left
 * SENDING among them (send-status.ts), (those of `date` only, when given) tried again, each as of its own day and period, for its user as they are now; nothing new
 * goes. A failure whose user is inactive or has switched the digest off stays FAILED, answered SKIPPED.
 */
export async function retryFailedDigests(db: Db, req: { clientId: number; date?: string }): Promise<TDigestRun> {
  const { clientId } = req;
  const onDay = req.date ? sql`and s.as_of = ${req.date}` : sql``;
  const failed = await queryRows(
    db,
    sql`select s.user_id as "userId", u.name as "userName", s.recipient, s.period, s.as_of as "asOf"
      from digest_sends s join users u on u.client_id = s.client_id and u.id = s.user_id
      where s.client_id = ${clientId} and ${sendStatus('s')} = 'FAILED' ${onDay}
      order by s.sent_at desc, s.id desc limit ${DIGEST_RETRY_LIMIT}`,
    row({ userId: col.int, userName: col.text, recipient: col.text, period: col.text, asOf: col.text }),
  );
  const days = new Map<string, typeof failed>();
  for (const f of failed) days.set(f.asOf, [...(days.get(f.asOf) ?? []), f]);
  const sends: Send[] = [];
  for (const [date, rows] of days) {
    const run = await runDigests(db, { clientId, date, onlyFailed: true, userIds: rows.map((r) => r.userId) });
    sends.push(...run.sends);
    for (const r of rows)
      if (!run.sends.some((x) => x.userId === r.userId))
        sends.push({ ...r, status: 'SKIPPED', error: 'the user is inactive or has switched the digest off' });
  }
  return { sends };
}

/**
 * The daily job and a running server's minute check: the digests of every client whose day has
 * reached DIGEST_HOUR (07:00 its time), for the users whose digest of the period has no row yet
 * (one query). A failure is not retried by the clock (it would try each minute): an administrator's
 * run (POST /digest/runs) tries it again.
 */
export function runScheduledDigests(db: Db, now = new Date()): Promise<number> {
  return asStatementOrigin('job.scheduledDigests', () => scheduledDigests(db, now));
}

async function scheduledDigests(db: Db, now: Date): Promise<number> {
  const due = await queryRows(
    db,
    sql`with client_day as (
      select id, (${now.toISOString()}::timestamptz at time zone time_zone) as local_now from clients where kind = 'BORROWER'),
    days as (select id, local_now::date as today from client_day where extract(hour from local_now) >= ${DIGEST_HOUR})
    select s.client_id as "clientId", d.today::text as today, array_agg(s.user_id order by s.user_id) as "userIds"
    from digest_subscriptions s join days d on d.id = s.client_id
      join users u on u.client_id = s.client_id and u.id = s.user_id
    where s.enabled and u.status = 'ACTIVE' and u.user_type = 'borrowers' and u.customer_code is null
      and (s.frequency = 'DAILY' or extract(isodow from d.today) >= s.weekday)
      and not exists (select 1 from digest_sends x where x.client_id = s.client_id and x.user_id = s.user_id
        and x.period = case when s.frequency = 'DAILY' then 'D' || d.today::text
          else 'W' || (d.today - (extract(isodow from d.today)::int - 1))::text end)
    group by s.client_id, d.today order by s.client_id`,
    row({ clientId: col.int, today: col.day, userIds: col.array(col.int) }),
  );
  let sent = 0;
  for (const { clientId, today, userIds } of due) {
    try {
      const run = await runDigests(db, { clientId, date: today, retryFailed: false, userIds });
      sent += run.sends.filter((s) => s.status === 'SENT').length;
    } catch (error) {
      reportError(error, { where: 'scheduled digests', clientId });
    }
  }
  return sent;
}
