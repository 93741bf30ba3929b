import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { communications } from '@/lib/db/schema';
import { OTHERS_TASK_CATEGORY } from '@/lib/constants';
import type { TDunningRun } from '@/lib/contract/dunning';
import { clientToday } from '@/lib/server/clients/client-day';
import { notFound } from '@/lib/server/domain-errors';
import { sendMail } from '@/lib/server/mail/send-mail';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { reportError } from '@/lib/server/observability/report-error';
import { ensureTaskCategory } from '@/lib/server/tasks/task-categories';
import { reminderCandidates } from './candidates';
import { activePolicy } from './policy';
import { reminderMail, renderText, type Payee } from './reminder-message';
import { PaymentDetailsRow } from './payment-details';
import { askAllocation, insertReminderTask } from './reminder-tasks';
import { anAdmin, insertMessage, plan, type Planned, type RunRequest } from './run-messages';
import { getRun } from './run-history';

const PayeeRow = PaymentDetailsRow.extend({ code: col.text, name: col.text }) satisfies z.ZodType<Payee, unknown>;

async function payeeOf(db: Db, clientId: number): Promise<Payee> {
  const payee = await queryRow(
    db,
    sql`select code, name, upi_vpa as "upiVpa", bank_name as "bankName", bank_account_name as "bankAccountName",
      bank_account_number as "bankAccountNumber", bank_ifsc as "bankIfsc" from clients where id = ${clientId}`,
    PayeeRow,
  );
  if (!payee) throw notFound('Client');
  return payee;
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
  const name =
    p.level.channel === 'WHATSAPP' ? `Send the WhatsApp reminder to ${c.name}` : subject || `Follow up ${c.name}`;
  const taskId = await db.transaction(async (tx) => {
    await ensureTaskCategory(tx, clientId, OTHERS_TASK_CATEGORY.taskCategoryId);
    return insertReminderTask(tx, {
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
  });
  return { communicationId: null, taskId };
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
    (await queryRow(
      db,
      sql`insert into dunning_runs (client_id, run_date, trigger, dry_run, user_id)
        values (${clientId}, ${today}, ${req.trigger}, ${req.dryRun}, ${req.userId}) returning id`,
      row({ id: col.int }),
    ))!.id;
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
