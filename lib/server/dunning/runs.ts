import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { communications } from '@/lib/db/schema';
import { OTHERS_TASK_CATEGORY } from '@/lib/constants';
import type { TDunningMessage, TDunningRun } from '@/lib/contract/dunning';
import { clientToday } from '@/lib/server/clients/client-day';
import { databaseWaitReason } from '@/lib/db/wait-errors';
import { notFound } from '@/lib/server/domain-errors';
import { sendMail } from '@/lib/server/mail/send-mail';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { reportError } from '@/lib/server/observability/report-error';
import { ensureTaskCategory } from '@/lib/server/tasks/task-categories';
import { PaymentDetailsRow } from './payment-details';
import { reminderCandidates } from './candidates';
import { activePolicy } from './policy';
import { reminderMail, renderText, type Payee } from './reminder-message';
import { usesLaw } from '@/lib/domain/law-lines';
import { reminderLaw } from '@/lib/server/msme/reminder-law';
import { askAllocation, askAllocationPreview, insertReminderTask } from './reminder-tasks';
import { anAdmin, insertMessage, plan, type Planned, type RunRequest } from './run-messages';
import { getRun, noteOf } from './run-history';

const PayeeRow = PaymentDetailsRow.extend({ code: col.text, name: col.text });

async function payeeOf(db: Db, clientId: number): Promise<Payee> {
  const payee = await queryRow(
    db,
    sql`select code, name, upi_vpa as "upiVpa", bank_name as "bankName", bank_account_name as "bankAccountName",
      bank_account_number as "bankAccountNumber", bank_ifsc as "bankIfsc", upi_limit as "upiLimit"
      from clients where id = ${clientId}`,
    PayeeRow,
  );
  if (!payee) throw notFound('Client');
  return payee;
}

/** The Message-ID of a reminder: the same on every attempt, so that a mail sent again is known as the same. */
function reminderMessageId(clientId: number, messageId: number): string {
  return `<reminder-${clientId}-${messageId}@receivables>`;
}

/**
 * Sends one claimed message (mail, or the task for the collector or manager) and marks it SENT with
 * its links. A task is made and marked in one transaction: exactly once. A mail goes first, then is
 * marked: a runner that dies between the two leaves it SENDING, and the resumed run sends it again
 * under the same Message-ID, so the customer's mail system keeps one.
 */
async function deliver(db: Db, req: RunRequest, today: string, payee: Payee, p: Planned, messageId: number) {
  const { clientId } = req;
  const c = p.candidate;
  if (usesLaw(p.level.subject + p.level.body)) c.law = await reminderLaw(db, clientId, c, today);
  if (p.level.channel === 'EMAIL') {
    const mail = await reminderMail(db, clientId, p.level, payee, c, p.recipient!, today, req.scope);
    await sendMail({ ...mail, messageId: reminderMessageId(clientId, messageId) });
    await db.transaction(async (tx) => {
      const [logged] = await tx
        .insert(communications)
        .values({
          clientId,
          sysObligorCode: c.code,
          commDate: today,
          channel: 'EMAIL',
          summary: `Payment reminder (level ${p.level.level}) emailed to ${p.recipient}: ${mail.subject}`.slice(
            0,
            2000,
          ),
          userId: req.userId,
        })
        .returning({ id: communications.id });
      await markSent(tx, clientId, messageId, logged!.id, null);
    });
    return;
  }
  const { subject, text } = renderText(p.level, payee, c);
  const name =
    p.level.channel === 'WHATSAPP' ? `Send the WhatsApp reminder to ${c.name}` : subject || `Follow up ${c.name}`;
  await db.transaction(async (tx) => {
    await ensureTaskCategory(tx, clientId, OTHERS_TASK_CATEGORY.taskCategoryId);
    const taskId = await insertReminderTask(tx, {
      clientId,
      code: c.code,
      categoryId: OTHERS_TASK_CATEGORY.taskCategoryId,
      assignee: p.assignee!,
      userId: req.userId,
      today,
      name,
      comment: p.level.channel === 'WHATSAPP' ? text : `${subject}\n\n${text}`,
      message: `Reminder level ${p.level.level}: ${name}`,
    });
    await markSent(tx, clientId, messageId, null, taskId);
  });
}

async function markSent(tx: Db, clientId: number, id: number, communicationId: number | null, taskId: number | null) {
  await tx.execute(sql`update dunning_messages set status = 'SENT', error = null,
    communication_id = ${communicationId}, task_id = ${taskId} where client_id = ${clientId} and id = ${id}`);
}

/**
 * POST /dunning/runs and the daily job: decides who is reminded today at which level. A preview
 * (dryRun) answers what would go and stores nothing; a run sends (see sendReminders).
 */
export async function runReminders(db: Db, req: RunRequest): Promise<TDunningRun> {
  const { clientId } = req;
  if (req.code) await assertObligorVisible(db, clientId, req.scope, req.code);
  const today = req.today ?? (await clientToday(db, clientId));
  const policy = req.policy ?? (await activePolicy(db, clientId));
  if (req.dryRun) return previewReminders(db, { ...req, today, policy });
  const runId =
    req.runId ??
    (await queryRow(
      db,
      sql`insert into dunning_runs (client_id, run_date, trigger, dry_run, user_id)
        values (${clientId}, ${today}, ${req.trigger}, false, ${req.userId}) returning id`,
      row({ id: col.int }),
    ))!.id;
  await sendReminders(db, { ...req, today, policy, runId });
  return getRun(db, clientId, runId, req.scope, req.userId);
}

type Resolved = RunRequest & Required<Pick<RunRequest, 'today' | 'policy'>>;

/** What a run would send now, computed and answered without writing anything. */
async function previewReminders(db: Db, req: Resolved): Promise<TDunningRun> {
  const { clientId, today, policy } = req;
  const startedAt = new Date().toISOString();
  const candidates = await reminderCandidates(db, clientId, policy, today, { scope: req.scope, code: req.code });
  const admin = candidates.length ? await anAdmin(db, clientId) : null;
  const messages: TDunningMessage[] = [];
  const line = (p: Planned, status: TDunningMessage['status'], error: string | null, taskId: number | null = null) =>
    messages.push({
      sysObligorCode: p.candidate.code,
      obligorName: p.candidate.name,
      level: p.level.level,
      channel: p.level.channel,
      amountDue: p.candidate.amountDue,
      oldestDays: p.candidate.oldestDays,
      recipient: p.recipient,
      status,
      error,
      communicationId: null,
      taskId,
    });
  for (const candidate of candidates) {
    const p = plan(policy, today, candidate, admin);
    if (!p) continue;
    if (candidate.action === 'ASK_ALLOCATION') {
      const ask = await askAllocationPreview(db, clientId, p, admin);
      line(ask.p, 'SKIPPED', ask.reason, ask.taskId);
    } else line(p, p.skip ? 'SKIPPED' : 'PREVIEW', p.skip ?? p.problem);
  }
  const userName = req.userId
    ? ((
        await queryRow(
          db,
          sql`select name from users where client_id = ${clientId} and id = ${req.userId}`,
          row({ name: col.text }),
        )
      )?.name ?? null)
    : null;
  const head = { id: null, runDate: today, trigger: req.trigger, dryRun: true, status: 'DONE' as const };
  return {
    ...head,
    startedAt,
    finishedAt: new Date().toISOString(),
    userName,
    note: noteOf(head, messages),
    messages,
  };
}

/**
 * Sends a run: its messages claimed SENDING first (unique per customer and day, on any app server,
 * so a second claim is a no-op) and marked SENT once they went; a failure is kept on its row (FAILED,
 * the error) and the run goes on. The run's heartbeat is touched as it goes: a runner that dies
 * leaves it RUNNING with a stale heartbeat, and resumeStaleRuns finishes it. A run resumed sends its
 * SENDING messages again first, then goes on through who is due today.
 */
async function sendReminders(db: Db, req: Resolved & { runId: number }, onlyClaimed = false): Promise<void> {
  const { clientId, runId, today, policy } = req;
  try {
    const payee = await payeeOf(db, clientId);
    const claimed = await claimedBefore(db, clientId, runId);
    const candidates = (
      await reminderCandidates(db, clientId, policy, today, { scope: req.scope, code: req.code })
    ).filter((c) => !onlyClaimed || claimed.has(c.code));
    const admin = candidates.length ? await anAdmin(db, clientId) : null;
    for (const candidate of candidates) {
      const p = plan(policy, today, candidate, admin);
      const resumed = claimed.get(candidate.code);
      claimed.delete(candidate.code);
      if (!p) continue;
      await heartbeat(db, clientId, runId);
      if (resumed !== undefined) {
        await attempt(db, req, today, payee, p, resumed);
        continue;
      }
      if (candidate.action === 'ASK_ALLOCATION') {
        await askAllocation(db, req, runId, today, p, admin);
        continue;
      }
      if (p.skip || p.problem) {
        await insertMessage(db, clientId, runId, today, p, p.skip ? 'SKIPPED' : 'FAILED', p.skip ?? p.problem);
        continue;
      }
      const id = await insertMessage(db, clientId, runId, today, p, 'SENDING', null);
      if (id === null) {
        // Another run claimed it today between our reading and now.
        await insertMessage(db, clientId, runId, today, p, 'SKIPPED', 'already reminded today');
        continue;
      }
      await attempt(db, req, today, payee, p, id);
    }
    // Claimed before the runner died, and no longer due now (paid, disputed, promised): not sent.
    for (const id of claimed.values()) {
      await db.execute(sql`update dunning_messages set status = 'SKIPPED', error = 'no longer due when the run resumed'
        where client_id = ${clientId} and id = ${id}`);
    }
    await db.execute(sql`update dunning_runs set status = 'DONE', finished_at = now()
      where client_id = ${clientId} and id = ${runId}`);
  } catch (error) {
    reportError(error, { where: 'runReminders', clientId, runId });
    // The database went away (a restart, a lost session): the run stays RUNNING, and is resumed once
    // its heartbeat is stale; what it claimed is sent then, and nothing twice.
    if (databaseWaitReason(error)) throw error;
    await db.execute(sql`update dunning_runs set status = 'FAILED', finished_at = now(),
      error = ${error instanceof Error ? error.message.slice(0, 500) : 'failed'}
      where client_id = ${clientId} and id = ${runId}`);
    throw error;
  }
}

/** Delivers one claimed message; a failure stays on its row and the run goes on. */
async function attempt(db: Db, req: RunRequest, today: string, payee: Payee, p: Planned, id: number) {
  try {
    await deliver(db, req, today, payee, p, id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`update dunning_messages set status = 'FAILED', error = ${message.slice(0, 500)}
      where client_id = ${req.clientId} and id = ${id}`);
  }
}

/** The messages this run claimed and did not mark sent (its runner died): by customer. */
async function claimedBefore(db: Db, clientId: number, runId: number): Promise<Map<string, number>> {
  const rows = await queryRows(
    db,
    sql`select sys_obligor_code as code, id from dunning_messages
      where client_id = ${clientId} and run_id = ${runId} and status = 'SENDING'`,
    row({ code: col.text, id: col.int }),
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function heartbeat(db: Db, clientId: number, runId: number) {
  await db.execute(sql`update dunning_runs set heartbeat_at = now() where client_id = ${clientId} and id = ${runId}`);
}

/** A RUNNING run whose heartbeat is this old lost its runner (a message takes seconds at most). */
const STALE_AFTER_MS = 2 * 60_000;

/**
 * Finishes the sending runs whose runner died (a killed process, a lost database session): each is
 * taken over by one runner (an atomic update of its heartbeat) and sent on; a daily run goes on
 * through who is due, a "Run now" only sends what it had claimed. Answers the runs resumed.
 */
export async function resumeStaleRuns(db: Db, options: { now?: Date; staleAfterMs?: number } = {}): Promise<number[]> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? STALE_AFTER_MS)).toISOString();
  const stale = await queryRows(
    db,
    sql`update dunning_runs set heartbeat_at = now()
      where status = 'RUNNING' and dry_run = false and heartbeat_at <= ${staleBefore}::timestamptz
      returning client_id as "clientId", id, trigger, user_id as "userId", run_date::text as "runDate"`,
    row({
      clientId: col.int,
      id: col.int,
      trigger: col.oneOf(['DAILY', 'MANUAL']),
      userId: col.int.nullable(),
      runDate: col.day,
    }),
  );
  const resumed: number[] = [];
  for (const run of stale) {
    try {
      const today = await clientToday(db, run.clientId, now);
      const policy = await activePolicy(db, run.clientId);
      // A run of another day, or a manual one (its scope is not kept): only what it had claimed goes.
      const onlyClaimed = run.trigger !== 'DAILY' || run.runDate !== today;
      await sendReminders(
        db,
        {
          clientId: run.clientId,
          userId: run.userId,
          trigger: run.trigger,
          dryRun: false,
          today,
          policy,
          runId: run.id,
        },
        onlyClaimed,
      );
      resumed.push(run.id);
    } catch (error) {
      reportError(error, { where: 'resume reminder run', clientId: run.clientId, runId: run.id });
    }
  }
  return resumed;
}
