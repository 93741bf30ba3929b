import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { communications } from '@/lib/db/schema';
import { asStatementOrigin } from '@/lib/db/statement-log';
import { ZStatementDownloadQuery } from '@/lib/contract/portal';
import type {
  TStatementRun,
  TStatementSchedule,
  TStatementScheduleBody,
  TStatementSend,
} from '@/lib/contract/statement-schedule';
import { escapeHtml } from '@/lib/domain/dunning';
import { formatDayInput } from '@/lib/domain/day-input';
import { schedulePeriod } from '@/lib/domain/statement-schedule';
import { clientToday } from '@/lib/server/clients/client-day';
import { invalid } from '@/lib/server/domain-errors';
import { sendMail } from '@/lib/server/mail/send-mail';
import { reportError } from '@/lib/server/observability/report-error';
import { statementPdf } from '@/lib/server/portal/statement-pdf';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';
import { customerDoor } from './reminder-message';

const DEFAULT_SCHEDULE: TStatementSchedule = {
  enabled: false,
  frequency: 'MONTHLY',
  day: 1,
  dimLevel: null,
  dimValueId: null,
  customerCodes: null,
  openItemsOnly: true,
};

const ScheduleRow = row({
  enabled: col.bool,
  frequency: col.oneOf(['MONTHLY', 'WEEKLY']),
  day: col.int,
  dimLevel: col.int.nullable(),
  dimValueId: col.int.nullable(),
  customerCodes: col.json(z.array(z.string())).nullable(),
  openItemsOnly: col.bool,
});

/** GET /dunning/statements/schedule: the client's schedule (switched off until it saves one). */
export async function loadStatementSchedule(db: Db, clientId: number): Promise<TStatementSchedule> {
  const saved = await queryRow(
    db,
    sql`select enabled, frequency, day, dim_level as "dimLevel", dim_value_id as "dimValueId",
        to_json(customer_codes) as "customerCodes", open_items_only as "openItemsOnly"
      from statement_schedules where client_id = ${clientId}`,
    ScheduleRow,
  );
  return saved ?? DEFAULT_SCHEDULE;
}

/**
 * PUT /dunning/statements/schedule. A dimension value must be one of the client's, of that
 * dimension; hand-picked customers must be the client's customers that head a family or stand
 * alone (a statement covers a whole family), each named once.
 */
export async function saveStatementSchedule(
  db: Db,
  clientId: number,
  userId: number,
  body: TStatementScheduleBody,
): Promise<TStatementSchedule> {
  const dimLevel = body.dimLevel ?? null;
  const dimValueId = body.dimValueId ?? null;
  if (dimValueId !== null) {
    const value = await queryRow(
      db,
      sql`select id from dimension_values where client_id = ${clientId} and id = ${dimValueId} and dim_level = ${dimLevel}`,
      row({ id: col.int }),
    );
    if (!value) throw invalid('No such dimension value', { dimValueId: 'not a value of that dimension' });
  }
  const codes = body.customerCodes ? [...new Set(body.customerCodes)] : null;
  if (codes) await checkPicked(db, clientId, codes);
  await db.execute(sql`insert into statement_schedules
      (client_id, enabled, frequency, day, dim_level, dim_value_id, customer_codes, open_items_only, user_id, updated_at)
    values (${clientId}, ${body.enabled}, ${body.frequency}, ${body.day}, ${dimLevel}, ${dimValueId},
      ${codes ? sql`array(select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))` : sql`null`},
      ${body.openItemsOnly}, ${userId}, now())
    on conflict (client_id) do update set enabled = excluded.enabled, frequency = excluded.frequency, day = excluded.day,
      dim_level = excluded.dim_level, dim_value_id = excluded.dim_value_id, customer_codes = excluded.customer_codes,
      open_items_only = excluded.open_items_only,
      user_id = excluded.user_id, updated_at = now()`);
  return loadStatementSchedule(db, clientId);
}

/** Refuses (400, the field's message) picked codes that are no customer of the client, or an account of a family. */
async function checkPicked(db: Db, clientId: number, codes: string[]) {
  const found = await queryRows(
    db,
    sql`select o.sys_obligor_code as code, o.parent_sys_obligor_code as parent from obligors o
      where o.client_id = ${clientId} and o.sys_obligor_code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
    row({ code: col.text, parent: col.text.nullable() }),
  );
  const unknown = codes.filter((c) => !found.some((f) => f.code === c));
  if (unknown.length) {
    const message = `no such customer: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}`;
    throw invalid(message, { customerCodes: message });
  }
  const members = found.filter((f) => f.parent);
  if (members.length) {
    const message = `a statement covers the whole family: pick its head instead of ${members
      .slice(0, 5)
      .map((m) => `${m.code} (family ${m.parent})`)
      .join(', ')}`;
    throw invalid(message, { customerCodes: message });
  }
}

/**
 * Who gets a statement: each customer family (a parent with its accounts, or an account on its own)
 * whose open items add up to a balance above zero, of the schedule's dimension value when it has
 * one (the family's head's value), or among its hand-picked customers; its mail goes to the family's contacts with an email address,
 * else the customer's own email, as a reminder's does.
 */
async function recipients(db: Db, clientId: number, schedule: TStatementSchedule) {
  const level = schedule.dimLevel;
  const dimFilter =
    level !== null && schedule.dimValueId !== null && Number.isInteger(level) && level >= 1 && level <= 6
      ? sql`and ${sql.raw(`o.dim${level}_id`)} = ${schedule.dimValueId}`
      : sql``;
  const picked = schedule.customerCodes
    ? sql`and o.sys_obligor_code in (select jsonb_array_elements_text(${JSON.stringify(schedule.customerCodes)}::jsonb))`
    : sql``;
  return queryRows(
    db,
    sql`with balances as (
      select coalesce(m.parent_sys_obligor_code, m.sys_obligor_code) as code, sum(i.amount - i.paid_to_date) as balance
      from invoices i join obligors m on m.client_id = i.client_id and m.sys_obligor_code = i.sys_obligor_code
      where i.client_id = ${clientId} and i.status = 'OPEN'
      group by 1)
    select o.sys_obligor_code as code, o.name, b.balance,
      coalesce((select string_agg(distinct ct.email, ', ') from contacts ct
        where ct.client_id = ${clientId} and ct.sys_obligor_code = o.sys_obligor_code and coalesce(trim(ct.email), '') <> ''),
        nullif(trim(o.email), '')) as emails
    from balances b join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = b.code
    where b.balance > 0 ${dimFilter} ${picked}
    order by o.sys_obligor_code`,
    row({ code: col.text, name: col.text, balance: col.num, emails: col.text.nullable() }),
  );
}

type Recipient = Awaited<ReturnType<typeof recipients>>[number];

async function statementMail(
  db: Db,
  clientId: number,
  r: Recipient,
  to: string,
  period: { fromDate: string; toDate: string },
) {
  const query = ZStatementDownloadQuery.parse({ sysObligorCode: r.code, ...period });
  const [pdf, xlsx, door, client] = await Promise.all([
    statementPdf(db, clientId, query),
    statementDownload(db, clientId, query),
    customerDoor(db, clientId, r.code),
    queryRow(db, sql`select name from clients where id = ${clientId}`, row({ name: col.text })),
  ]);
  const from = formatDayInput(period.fromDate);
  const until = formatDayInput(period.toDate);
  const dates = period.fromDate === period.toDate ? `as at ${until}` : `from ${from} to ${until}`;
  const subject = `Statement of account ${dates}: ${r.name}`;
  const text = `Dear ${r.name},\n\nPlease find attached your statement of account ${dates} from ${client?.name ?? 'us'}, as a PDF and as a workbook (XLSX).`;
  const file = `statement-${r.code.replace(/[^\w.-]/g, '_')}-${period.toDate}`;
  return {
    to,
    subject,
    text: text + door.doorText,
    html: `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#0f172a;line-height:1.5"><p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>${door.doorHtml}</div>`,
    attachments: [
      { filename: `${file}.pdf`, content: Buffer.from(await pdf.arrayBuffer()), contentType: 'application/pdf' },
      {
        filename: `${file}.xlsx`,
        content: Buffer.from(await xlsx.arrayBuffer()),
        contentType: xlsx.headers.get('content-type') ?? 'application/octet-stream',
      },
    ],
  };
}

/**
 * POST /dunning/statements/runs and the daily job: this period's statement to each chosen customer.
 * A preview (dryRun) answers who would get one and stores nothing. A run claims each customer's
 * statement of the period first (unique per customer and period, so a second run, on any server,
 * sends none), sends it, logs it as a communication and marks it SENT; a failure (no email address,
 * the mail server refused) stays on its row as FAILED with the error, and the next run of the period
 * tries it again.
 */
export async function runStatements(
  db: Db,
  req: { clientId: number; userId: number | null; dryRun: boolean; today?: string; schedule?: TStatementSchedule },
): Promise<TStatementRun> {
  const { clientId } = req;
  const today = req.today ?? (await clientToday(db, clientId));
  const schedule = req.schedule ?? (await loadStatementSchedule(db, clientId));
  const period = schedulePeriod(schedule, today);
  const dates = { fromDate: period.fromDate, toDate: period.toDate };
  const done = new Map(
    (
      await queryRows(
        db,
        sql`select sys_obligor_code as code, status from statement_sends where client_id = ${clientId} and period = ${period.key}`,
        row({ code: col.text, status: col.text }),
      )
    ).map((d) => [d.code, d.status]),
  );
  const sends: TStatementSend[] = [];
  for (const r of await recipients(db, clientId, schedule)) {
    const line = (status: TStatementSend['status'], error: string | null) =>
      sends.push({
        sysObligorCode: r.code,
        obligorName: r.name,
        balance: r.balance,
        recipient: r.emails,
        status,
        error,
      });
    const before = done.get(r.code);
    if (before !== undefined && before !== 'FAILED') {
      line('SKIPPED', "this period's statement went already");
      continue;
    }
    if (req.dryRun) {
      line('PREVIEW', r.emails ? null : 'no email address');
      continue;
    }
    // Claimed first: a row of this customer and period that is not FAILED means another run has it.
    const claim = await queryRow(
      db,
      sql`insert into statement_sends (client_id, period, sys_obligor_code, recipient, status, user_id)
        values (${clientId}, ${period.key}, ${r.code}, ${r.emails}, 'SENDING', ${req.userId})
        on conflict (client_id, sys_obligor_code, period) do update
          set status = 'SENDING', error = null, recipient = excluded.recipient, sent_at = now()
          where statement_sends.status = 'FAILED'
        returning id`,
      row({ id: col.int }),
    );
    if (!claim) {
      line('SKIPPED', "this period's statement went already");
      continue;
    }
    const fail = async (error: string) => {
      await db.execute(sql`update statement_sends set status = 'FAILED', error = ${error.slice(0, 500)}
        where client_id = ${clientId} and id = ${claim.id}`);
      line('FAILED', error);
    };
    if (!r.emails) {
      await fail('no email address');
      continue;
    }
    try {
      const mail = await statementMail(db, clientId, r, r.emails, dates);
      await sendMail({ ...mail, messageId: `<statement-${clientId}-${claim.id}@receivables>` });
      await db.transaction(async (tx) => {
        const [logged] = await tx
          .insert(communications)
          .values({
            clientId,
            sysObligorCode: r.code,
            commDate: today,
            channel: 'EMAIL',
            summary: `Statement of account emailed to ${r.emails} (PDF and XLSX): ${mail.subject}`.slice(0, 2000),
            userId: req.userId,
          })
          .returning({ id: communications.id });
        await tx.execute(sql`update statement_sends set status = 'SENT', communication_id = ${logged!.id}
          where client_id = ${clientId} and id = ${claim.id}`);
      });
      line('SENT', null);
    } catch (error) {
      await fail(error instanceof Error ? error.message : String(error));
    }
  }
  return { period: period.key, ...dates, dryRun: req.dryRun, sends };
}

/**
 * The daily job: the statements of every client whose schedule is on and whose day of the period has
 * come (a day missed is caught up within the period; what went already is not sent again).
 */
export function runScheduledStatements(db: Db, now = new Date()): Promise<number> {
  return asStatementOrigin('job.scheduledStatements', () => scheduledStatements(db, now));
}

async function scheduledStatements(db: Db, now: Date): Promise<number> {
  const clients = await queryRows(
    db,
    sql`select s.client_id as "clientId" from clients c join statement_schedules s on s.client_id = c.id
      where c.kind = 'BORROWER' and s.enabled order by s.client_id`,
    row({ clientId: col.int }),
  );
  let sent = 0;
  for (const { clientId } of clients) {
    try {
      const schedule = await loadStatementSchedule(db, clientId);
      const today = await clientToday(db, clientId, now);
      if (!schedulePeriod(schedule, today).due) continue;
      const run = await runStatements(db, { clientId, userId: null, dryRun: false, today, schedule });
      sent += run.sends.filter((s) => s.status === 'SENT').length;
    } catch (error) {
      reportError(error, { where: 'scheduled statements', clientId });
    }
  }
  return sent;
}
