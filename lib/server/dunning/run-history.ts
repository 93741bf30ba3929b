import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import {
  DUNNING_MESSAGE_STATUSES,
  ZDunningRunRow,
  type TDunningMessage,
  type TDunningRun,
  type TDunningRunRow,
} from '@/lib/contract/dunning';
import { DUNNING_CHANNELS } from '@/lib/domain/dunning';
import { isAskAllocationReason } from '@/lib/domain/on-account-reminders';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { notFound } from '@/lib/server/domain-errors';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';

/** The runs as read back: a run with its messages, and the list of recent runs. */

const runHead = (clientId: number) => sql`
  select r.id, r.run_date::text as "runDate", r.trigger, r.dry_run as "dryRun", r.status,
    r.started_at as "startedAt", r.finished_at as "finishedAt", u.name as "userName"
  from dunning_runs r left join users u on u.client_id = ${clientId} and u.id = r.user_id`;

/** A row of runHead. */
const RunHead = row({
  id: col.int,
  runDate: col.day,
  trigger: ZDunningRunRow.shape.trigger,
  dryRun: col.bool,
  status: ZDunningRunRow.shape.status,
  startedAt: col.instant,
  finishedAt: col.instant.nullable(),
  userName: col.text.nullable(),
});

const RunRow = RunHead.extend({
  messages: col.int,
  sent: col.int,
  failed: col.int,
  skipped: col.int,
}) satisfies z.ZodType<TDunningRunRow, unknown>;

const MessageRow = row({
  sysObligorCode: col.text,
  obligorName: col.text,
  level: col.int,
  channel: col.oneOf(DUNNING_CHANNELS),
  amountDue: col.num,
  oldestDays: col.int,
  recipient: col.text.nullable(),
  status: col.oneOf(DUNNING_MESSAGE_STATUSES),
  error: col.text.nullable(),
  communicationId: col.int.nullable(),
  taskId: col.int.nullable(),
}) satisfies z.ZodType<TDunningMessage, unknown>;

/** A scoped user (field officer, manager) sees the runs they started; others every run of the client. */
function runsVisible(scope: ObligorScope | undefined, userId: number | null) {
  return isScoped(scope) ? sql`r.user_id = ${userId ?? -1}` : sql`true`;
}

export function noteOf(run: { dryRun: boolean }, messages: TDunningMessage[]): string | null {
  if (messages.length === 0) return 'Nobody is due a reminder today.';
  const going = messages.filter((m) => m.status === 'SENT' || m.status === 'PREVIEW').length;
  if (going > 0) return null;
  if (messages.every((m) => m.status === 'SKIPPED')) {
    const asked = messages.filter((m) => isAskAllocationReason(m.error)).length;
    const why =
      asked === 0
        ? 'has had one today or within the quiet period'
        : asked === messages.length
          ? 'has money received on account that covers it, and is asked which bills it pays'
          : 'has had one lately, or has money received on account that covers it';
    return `Nothing ${run.dryRun ? 'to send' : 'was sent'}: every customer due a reminder ${why}.`;
  }
  return null;
}

/** GET /dunning/runs/{id}: the run and its messages (of the customers the user may see). */
export async function getRun(
  db: Db,
  clientId: number,
  id: number,
  scope?: ObligorScope,
  userId: number | null = null,
): Promise<TDunningRun> {
  const head = await queryRow(
    db,
    sql`${runHead(clientId)} where r.client_id = ${clientId} and r.id = ${id} and ${runsVisible(scope, userId)}`,
    RunHead,
  );
  if (!head) throw notFound('Run');
  const inScope = scopeCondition(clientId, scope, sql`s.sys_obligor_code`) ?? sql`true`;
  const messages = await queryRows(
    db,
    sql`select m.sys_obligor_code as "sysObligorCode", o.name as "obligorName", m.level, m.channel,
      m.amount_due as "amountDue", m.oldest_days as "oldestDays", m.recipient, m.status, m.error,
      m.communication_id as "communicationId", m.task_id as "taskId"
    from dunning_messages m join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = m.sys_obligor_code
    where m.client_id = ${clientId} and m.run_id = ${id}
      and exists (select 1 from obligors s where s.client_id = ${clientId}
        and (s.sys_obligor_code = m.sys_obligor_code or s.parent_sys_obligor_code = m.sys_obligor_code) and ${inScope})
    order by m.id`,
    MessageRow,
  );
  return { ...head, note: noteOf(head, messages), messages };
}

/** GET /dunning/runs: recent runs, newest first, with their counts. */
export async function listRuns(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  userId: number,
  query: { offset: number; count: number },
): Promise<{ rows: TDunningRunRow[]; total: number }> {
  const visible = runsVisible(scope, userId);
  const count = await queryRow(
    db,
    sql`select count(*)::int as n from dunning_runs r where r.client_id = ${clientId} and ${visible}`,
    row({ n: col.int }),
  );
  const rows = await queryRows(
    db,
    sql`select h.*, coalesce(c.messages, 0) as messages, coalesce(c.sent, 0) as sent, coalesce(c.failed, 0) as failed,
      coalesce(c.skipped, 0) as skipped
    from (${runHead(clientId)} where r.client_id = ${clientId} and ${visible}
      order by r.id desc limit ${query.count} offset ${(query.offset - 1) * query.count}) h
    left join lateral (select count(*)::int as messages, (count(*) filter (where m.status = 'SENT'))::int as sent,
        (count(*) filter (where m.status = 'FAILED'))::int as failed, (count(*) filter (where m.status = 'SKIPPED'))::int as skipped
      from dunning_messages m where m.client_id = ${clientId} and m.run_id = h.id) c on true
    order by h.id desc`,
    RunRow,
  );
  return { total: count?.n ?? 0, rows };
}
