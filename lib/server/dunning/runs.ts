import 'server-only';
import { format, parseISO, subDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { communications, taskInvoices, tasks } from '@/lib/db/schema';
import { OTHERS_TASK_CATEGORY } from '@/lib/constants';
import type { TDunningMessage, TDunningRun, TDunningRunRow } from '@/lib/contract/dunning';
import {
  ASK_ALLOCATION_TASK,
  amountText,
  askAllocationReason,
  dayText,
  isAskAllocationReason,
  levelFor,
  overdueTableText,
  type DunningLevel,
  type DunningPolicy,
} from '@/lib/domain/dunning';
import { isScoped, type ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { notFound } from '@/lib/server/domain-errors';
import { sendMail } from '@/lib/server/mail/send-mail';
import { storeNotification } from '@/lib/server/notifications/notify';
import { assertObligorVisible, scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { reportError } from '@/lib/server/observability/report-error';
import { categoryNamed, ensureTaskCategory } from '@/lib/server/tasks/task-categories';
import { reminderCandidates, type Candidate } from './candidates';
import { activePolicy } from './policy';
import { reminderMail, renderText, type Payee } from './reminder-message';

export interface RunRequest {
  clientId: number;
  /** Who asked (Run now); null for the daily job. */
  userId: number | null;
  scope?: ObligorScope;
  trigger: 'DAILY' | 'MANUAL';
  dryRun: boolean;
  /** Only this customer (a family's parent code, or an account with grouping ACCOUNT). */
  code?: string;
  /** The client's today; read from its clock when absent. */
  today?: string;
  /** A run row already made (the daily job makes it under its lock). */
  runId?: number;
  policy?: DunningPolicy;
}

type User = { id: number; name: string };

/** The message planned for a candidate: its level, recipient, and why it is skipped or cannot go. */
interface Planned {
  candidate: Candidate;
  level: DunningLevel;
  recipient: string | null;
  assignee: User | null;
  skip: string | null;
  problem: string | null;
}

async function anAdmin(db: Db, clientId: number): Promise<User | null> {
  const [row] = await queryRows<User>(
    db,
    sql`select u.id, u.name from users u join roles r on r.client_id = u.client_id and r.id = u.role_id
    where u.client_id = ${clientId} and r.code = 'admin' and u.status = 'ACTIVE' and u.user_type = 'borrowers'
    order by u.id limit 1`,
  );
  return row ? { id: Number(row.id), name: row.name } : null;
}

function plan(policy: DunningPolicy, today: string, candidate: Candidate, admin: User | null): Planned | null {
  const level = levelFor(policy.levels, candidate.oldestDays);
  if (!level) return null;
  let skip: string | null = null;
  const quietFrom = format(subDays(parseISO(today), policy.quietDays), 'yyyy-MM-dd');
  if (candidate.lastSent && candidate.lastSent >= today) skip = 'already reminded today';
  else if (candidate.lastSent && candidate.lastSent > quietFrom)
    skip = `reminded on ${dayText(candidate.lastSent)}, within the quiet period of ${policy.quietDays} days`;
  if (level.channel === 'EMAIL') {
    return {
      candidate,
      level,
      recipient: candidate.emails,
      assignee: null,
      skip,
      problem: candidate.emails ? null : 'no email address',
    };
  }
  const assignee =
    level.channel === 'TASK' && level.taskFor === 'MANAGER'
      ? (candidate.manager ?? admin)
      : level.channel === 'TASK'
        ? (candidate.collector ?? admin)
        : (candidate.collector ?? candidate.manager ?? admin);
  const recipient = assignee
    ? level.channel === 'WHATSAPP'
      ? `${assignee.name} (to send on WhatsApp${candidate.phone ? ` to ${candidate.phone}` : ''})`
      : assignee.name
    : null;
  return { candidate, level, recipient, assignee, skip, problem: assignee ? null : 'nobody to give the task to' };
}

async function insertMessage(
  db: Db,
  clientId: number,
  runId: number,
  today: string,
  p: Planned,
  status: 'PREVIEW' | 'SENT' | 'FAILED' | 'SKIPPED',
  error: string | null,
  taskId: number | null = null,
): Promise<number | null> {
  const c = p.candidate;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into dunning_messages (client_id, run_id, sys_obligor_code, level, channel, amount_due, oldest_days,
      recipient, status, error, sent_on, task_id)
    values (${clientId}, ${runId}, ${c.code}, ${p.level.level}, ${p.level.channel}, ${c.amountDue.toFixed(2)},
      ${c.oldestDays}, ${p.recipient}, ${status}, ${error}, ${today}, ${taskId})
    on conflict (client_id, sys_obligor_code, sent_on) where status = 'SENT' do nothing
    returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

async function payeeOf(db: Db, clientId: number): Promise<Payee> {
  const [row] = await queryRows<Payee>(
    db,
    sql`select code, name, upi_vpa as "upiVpa", bank_name as "bankName", bank_account_name as "bankAccountName",
      bank_account_number as "bankAccountNumber", bank_ifsc as "bankIfsc" from clients where id = ${clientId}`,
  );
  if (!row) throw notFound('Client');
  return row;
}

/** Sends one planned message (mail, or the task for the collector or manager); its links on success. */
async function deliver(
  db: Db,
  req: RunRequest,
  today: string,
  payee: Payee,
  p: Planned,
): Promise<{ communicationId: number | null; taskId: number | null }> {
  const { clientId } = req;
  const c = p.candidate;
  if (p.level.channel === 'EMAIL') {
    const mail = await reminderMail(db, clientId, p.level, payee, c, p.recipient!, req.scope);
    await sendMail(mail);
    const [row] = await db
      .insert(communications)
      .values({
        clientId,
        sysObligorCode: c.code,
        commDate: today,
        channel: 'EMAIL',
        summary: `Payment reminder (level ${p.level.level}) emailed to ${p.recipient}: ${mail.subject}`.slice(0, 2000),
        userId: req.userId,
      })
      .returning({ id: communications.id });
    return { communicationId: row!.id, taskId: null };
  }
  const { subject, text } = renderText(p.level, payee, c);
  const assignee = p.assignee!;
  const name =
    p.level.channel === 'WHATSAPP' ? `Send the WhatsApp reminder to ${c.name}` : subject || `Follow up ${c.name}`;
  const taskId = await db.transaction(async (tx) => {
    await ensureTaskCategory(tx as never, clientId, OTHERS_TASK_CATEGORY.taskCategoryId);
    const [task] = await tx
      .insert(tasks)
      .values({
        clientId,
        name: name.slice(0, 200),
        sysObligorCode: c.code,
        categoryId: OTHERS_TASK_CATEGORY.taskCategoryId,
        assigneeId: assignee.id,
        reporterId: req.userId ?? assignee.id,
        dueDate: today,
        comment: p.level.channel === 'WHATSAPP' ? text : `${subject}\n\n${text}`,
      })
      .returning({ id: tasks.id });
    if (req.userId !== assignee.id) {
      await storeNotification(tx as never, {
        clientId,
        userId: assignee.id,
        from: null,
        kind: 'TASK_ASSIGNED',
        taskId: task!.id,
        message: `Reminder level ${p.level.level}: ${name}`,
      });
    }
    return task!.id;
  });
  return { communicationId: null, taskId };
}

/** The open "which bills does the receipt pay" task of a family or account, if any. */
async function openAskTask(db: Db, clientId: number, code: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from tasks where client_id = ${clientId} and sys_obligor_code = ${code} and status = 'OPEN'
      and left(name, ${ASK_ALLOCATION_TASK.length}) = ${ASK_ALLOCATION_TASK} order by id limit 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * A group whose money on account covers what it owes is not reminded: its collector (else its
 * manager, else an administrator, as the WhatsApp level) gets a task to ask which bills that money
 * pays, on the family or account, with the items it owes, once: not again while one is open (the
 * group's obligor row is locked while looking, so two runs at once make one). The run records the
 * group as SKIPPED with the reason and the task; a preview creates nothing.
 */
async function askAllocation(
  db: Db,
  req: RunRequest,
  runId: number,
  today: string,
  planned: Planned,
  admin: User | null,
): Promise<void> {
  const { clientId } = req;
  const c = planned.candidate;
  const assignee = c.collector ?? c.manager ?? admin;
  const p: Planned = {
    ...planned,
    level: { ...planned.level, channel: 'TASK' },
    assignee,
    recipient: assignee?.name ?? null,
  };
  const reason = askAllocationReason(c.itemsDue, c.unallocated, c.amountDue);
  if (req.dryRun) {
    await insertMessage(db, clientId, runId, today, p, 'SKIPPED', reason, await openAskTask(db, clientId, c.code));
    return;
  }
  if (!assignee) {
    await insertMessage(db, clientId, runId, today, p, 'FAILED', `${reason}; nobody to give the task to`);
    return;
  }
  const categoryId = await categoryNamed(db, clientId, 'Payment follow-up');
  const { taskId, created } = await db.transaction(async (tx) => {
    await queryRows(
      tx as never,
      sql`select 1 from obligors where client_id = ${clientId} and sys_obligor_code = ${c.code} for update`,
    );
    const open = await openAskTask(tx as never, clientId, c.code);
    if (open !== null) return { taskId: open, created: false };
    const name = `${ASK_ALLOCATION_TASK}: ${c.name}`;
    const [task] = await tx
      .insert(tasks)
      .values({
        clientId,
        name: name.slice(0, 200),
        sysObligorCode: c.code,
        categoryId,
        assigneeId: assignee.id,
        reporterId: req.userId ?? assignee.id,
        dueDate: today,
        comment:
          `${c.name} (${c.familyName}) has ₹${amountText(-c.unallocated)} received on account or in advance that is not yet ` +
          `allocated to bills, and it covers the ₹${amountText(c.itemsDue)} due on the items below, so no reminder was sent. ` +
          `Ask which bills it pays and have it allocated in the accounts; the next import applies it.\n\n` +
          overdueTableText(c.items),
      })
      .returning({ id: tasks.id });
    const bills = [
      ...new Set(c.items.filter((i) => i.outstanding > 0 && i.sysInvoiceNum).map((i) => i.sysInvoiceNum!)),
    ];
    if (bills.length)
      await tx
        .insert(taskInvoices)
        .values(bills.map((sysInvoiceNum) => ({ clientId, taskId: task!.id, sysInvoiceNum })));
    if (req.userId !== assignee.id) {
      await storeNotification(tx as never, {
        clientId,
        userId: assignee.id,
        from: null,
        kind: 'TASK_ASSIGNED',
        taskId: task!.id,
        message: name,
      });
    }
    return { taskId: task!.id, created: true };
  });
  await insertMessage(
    db,
    clientId,
    runId,
    today,
    p,
    'SKIPPED',
    created ? reason : `${reason} (the task asking it is still open)`,
    taskId,
  );
}

/**
 * POST /dunning/runs and the daily job: decides who is reminded today at which level, and either
 * records the preview (dryRun) or sends: each message is first claimed as SENT (the unique index
 * dunning_messages_once_a_day makes a second claim the same day a no-op, on any app server), then
 * mailed or turned into a task; a failure is kept on its row (FAILED, the error) and the run goes on.
 */
export async function runReminders(db: Db, req: RunRequest): Promise<TDunningRun> {
  const { clientId } = req;
  if (req.code) await assertObligorVisible(db, clientId, req.scope, req.code);
  const today = req.today ?? (await clientToday(db, clientId));
  const policy = req.policy ?? (await activePolicy(db, clientId));
  const runId =
    req.runId ??
    Number(
      (
        await queryRows<{ id: number }>(
          db,
          sql`insert into dunning_runs (client_id, run_date, trigger, dry_run, user_id)
        values (${clientId}, ${today}, ${req.trigger}, ${req.dryRun}, ${req.userId}) returning id`,
        )
      )[0]!.id,
    );
  try {
    const candidates = await reminderCandidates(db, clientId, policy, today, { scope: req.scope, code: req.code });
    const admin = candidates.length ? await anAdmin(db, clientId) : null;
    const payee = await payeeOf(db, clientId);
    for (const candidate of candidates) {
      const p = plan(policy, today, candidate, admin);
      if (!p) continue;
      if (candidate.action === 'ASK_ALLOCATION') {
        await askAllocation(db, req, runId, today, p, admin);
        continue;
      }
      if (req.dryRun) {
        await insertMessage(db, clientId, runId, today, p, p.skip ? 'SKIPPED' : 'PREVIEW', p.skip ?? p.problem);
        continue;
      }
      if (p.skip || p.problem) {
        await insertMessage(db, clientId, runId, today, p, p.skip ? 'SKIPPED' : 'FAILED', p.skip ?? p.problem);
        continue;
      }
      const id = await insertMessage(db, clientId, runId, today, p, 'SENT', null);
      if (id === null) {
        // Another run claimed it today between our reading and now.
        await insertMessage(db, clientId, runId, today, p, 'SKIPPED', 'already reminded today');
        continue;
      }
      try {
        const links = await deliver(db, req, today, payee, p);
        await db.execute(sql`update dunning_messages set communication_id = ${links.communicationId},
          task_id = ${links.taskId} where client_id = ${clientId} and id = ${id}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.execute(sql`update dunning_messages set status = 'FAILED', error = ${message.slice(0, 500)}
          where client_id = ${clientId} and id = ${id}`);
      }
    }
    await db.execute(sql`update dunning_runs set status = 'DONE', finished_at = now()
      where client_id = ${clientId} and id = ${runId}`);
  } catch (error) {
    reportError(error, { where: 'runReminders', clientId, runId });
    await db.execute(sql`update dunning_runs set status = 'FAILED', finished_at = now(),
      error = ${error instanceof Error ? error.message.slice(0, 500) : 'failed'}
      where client_id = ${clientId} and id = ${runId}`);
    throw error;
  }
  return getRun(db, clientId, runId, req.scope, req.userId);
}

const runHead = (clientId: number) => sql`
  select r.id, r.run_date::text as "runDate", r.trigger, r.dry_run as "dryRun", r.status,
    r.started_at as "startedAt", r.finished_at as "finishedAt", u.name as "userName"
  from dunning_runs r left join users u on u.client_id = ${clientId} and u.id = r.user_id`;

type RawHead = Omit<TDunningRunRow, 'messages' | 'sent' | 'failed' | 'skipped' | 'startedAt' | 'finishedAt'> & {
  startedAt: string | Date;
  finishedAt: string | Date | null;
};

const instant = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

/** A scoped user (field officer, manager) sees the runs they started; others every run of the client. */
function runsVisible(scope: ObligorScope | undefined, userId: number | null) {
  return isScoped(scope) ? sql`r.user_id = ${userId ?? -1}` : sql`true`;
}

function noteOf(run: { dryRun: boolean }, messages: TDunningMessage[]): string | null {
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
  const [head] = await queryRows<RawHead>(
    db,
    sql`${runHead(clientId)} where r.client_id = ${clientId} and r.id = ${id} and ${runsVisible(scope, userId)}`,
  );
  if (!head) throw notFound('Run');
  const inScope = scopeCondition(clientId, scope, sql`s.sys_obligor_code`) ?? sql`true`;
  const messages = await queryRows<TDunningMessage & { amountDue: string }>(
    db,
    sql`select m.sys_obligor_code as "sysObligorCode", o.name as "obligorName", m.level, m.channel,
      m.amount_due as "amountDue", m.oldest_days as "oldestDays", m.recipient, m.status, m.error,
      m.communication_id as "communicationId", m.task_id as "taskId"
    from dunning_messages m join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = m.sys_obligor_code
    where m.client_id = ${clientId} and m.run_id = ${id}
      and exists (select 1 from obligors s where s.client_id = ${clientId}
        and (s.sys_obligor_code = m.sys_obligor_code or s.parent_sys_obligor_code = m.sys_obligor_code) and ${inScope})
    order by m.id`,
  );
  const rows = messages.map((m) => ({
    ...m,
    level: Number(m.level),
    amountDue: Number(m.amountDue),
    oldestDays: Number(m.oldestDays),
    communicationId: m.communicationId == null ? null : Number(m.communicationId),
    taskId: m.taskId == null ? null : Number(m.taskId),
  }));
  return {
    ...head,
    id: Number(head.id),
    startedAt: instant(head.startedAt)!,
    finishedAt: instant(head.finishedAt),
    note: noteOf(head, rows),
    messages: rows,
  };
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
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from dunning_runs r where r.client_id = ${clientId} and ${visible}`,
  );
  const rows = await queryRows<RawHead & { messages: number; sent: number; failed: number; skipped: number }>(
    db,
    sql`select h.*, coalesce(c.messages, 0) as messages, coalesce(c.sent, 0) as sent, coalesce(c.failed, 0) as failed,
      coalesce(c.skipped, 0) as skipped
    from (${runHead(clientId)} where r.client_id = ${clientId} and ${visible}
      order by r.id desc limit ${query.count} offset ${(query.offset - 1) * query.count}) h
    left join lateral (select count(*)::int as messages, (count(*) filter (where m.status = 'SENT'))::int as sent,
        (count(*) filter (where m.status = 'FAILED'))::int as failed, (count(*) filter (where m.status = 'SKIPPED'))::int as skipped
      from dunning_messages m where m.client_id = ${clientId} and m.run_id = h.id) c on true
    order by h.id desc`,
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      startedAt: instant(r.startedAt)!,
      finishedAt: instant(r.finishedAt),
      messages: Number(r.messages),
      sent: Number(r.sent),
      failed: Number(r.failed),
      skipped: Number(r.skipped),
    })),
  };
}
