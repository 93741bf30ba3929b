import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { LOCKS, lockClient } from '@/lib/db/locks';
import { notifications, tasks } from '@/lib/db/schema';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import { PROMISE_RECHECK_DAYS, PROMISE_STATUSES } from '@/lib/domain/promises';
import { categoryNamed } from '@/lib/server/tasks/task-categories';
import { emailNotification, type TaskNotice } from '@/lib/server/notifications/notify';

/**
 * What each promise has been paid: the payments (not credit-note adjustments, which are payments on
 * a CREDIT_NOTE item) dated from the day it was taken to the promised date, on its invoices when it
 * names some, else on the account, or on every account of the family when it is a family promise.
 */
function paidSql(clientId: number): SQL {
  // One sum per kind of promise, each reached through its own index (the invoices it names, or the
  // account's or family's invoices by customer): a CASE inside one WHERE hid them from the planner,
  // and every promise scanned the client's payments (a minute each at a million invoices).
  const paidOn = (invoices: SQL) => sql`coalesce((
    select sum(pay.amount) from invoices i
    join payments pay on pay.client_id = i.client_id and pay.sys_invoice_num = i.sys_invoice_num
    where i.client_id = ${clientId} and pay.client_id = ${clientId} and ${invoices}
      and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      and pay.paid_date between p.taken_on and p.promised_date), 0)`;
  return sql`case
    when exists (select 1 from promise_invoices pi where pi.client_id = ${clientId} and pi.promise_id = p.id)
      then ${paidOn(sql`i.sys_invoice_num in (select pi.sys_invoice_num from promise_invoices pi
        where pi.client_id = ${clientId} and pi.promise_id = p.id)`)}
    when p.on_family
      then ${paidOn(sql`i.sys_obligor_code in (select f.sys_obligor_code from obligors f
        where f.client_id = ${clientId} and (f.sys_obligor_code = p.sys_obligor_code or f.parent_sys_obligor_code = p.sys_obligor_code))`)}
    else ${paidOn(sql`i.sys_obligor_code = p.sys_obligor_code`)}
  end`;
}

/** lib/domain/promises.ts promiseStatus(), in SQL, over `paid` and the promise `p`. */
function statusSql(today: string): SQL {
  return sql`case when c.paid >= p.amount then 'KEPT'
    when ${today}::date > p.promised_date then case when c.paid > 0 then 'PARTIAL' else 'BROKEN' end
    else 'OPEN' end`;
}

/** A promise whose paid amount or status the check changed. */
const Change = row({ id: col.int, oldStatus: col.oneOf(PROMISE_STATUSES), status: col.oneOf(PROMISE_STATUSES) });

/**
 * Brings the client's promises up to date on `today` (the client's day): their paid amount and
 * status by the rule of lib/domain/promises.ts. Checked: the open ones and those whose date is at
 * most PROMISE_RECHECK_DAYS days gone (a payment dated before it may be imported late). A promise
 * that turns BROKEN or PARTIAL from OPEN makes one task for the customer's field officer (else the
 * user who took it), due today, and a notification: only that change makes one, so checking twice
 * makes one task. Runs inside the caller's transaction (an import's, or the daily sweep's);
 * returns the notices for the caller to email after it commits.
 */
export async function checkPromises(
  db: Db,
  clientId: number,
  today: string,
  only?: { ids: number[] },
  options: { tasks?: boolean } = {},
): Promise<TaskNotice[]> {
  const which = only
    ? only.ids.length
      ? sql`p.id in (${sql.join(
          only.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`
    : sql`(p.status = 'OPEN' or p.promised_date >= ${today}::date - ${PROMISE_RECHECK_DAYS}::int)`;
  const changed = await queryRows(
    db,
    sql`
    with c as (
      select p.id, p.status as old_status, ${paidSql(clientId)} as paid
      from promises p where p.client_id = ${clientId} and ${which})
    update promises p set
      paid_amount = c.paid,
      status = ${statusSql(today)},
      closed_on = case when ${statusSql(today)} = 'OPEN' then null
        when p.status = ${statusSql(today)} then p.closed_on else ${today}::date end,
      changed_at = now()
    from c
    where p.client_id = ${clientId} and p.id = c.id
      and (p.paid_amount <> c.paid or p.status <> ${statusSql(today)})
    returning p.id, c.old_status as "oldStatus", p.status`,
    Change,
  );
  const failed = changed.filter((c) => c.oldStatus === 'OPEN' && (c.status === 'BROKEN' || c.status === 'PARTIAL'));
  // The demo's history (lib/db/seed/collections.ts) settles promises broken long ago without tasks.
  if (!failed.length || options.tasks === false) return [];
  return brokenPromiseTasks(
    db,
    clientId,
    today,
    failed.map((c) => c.id),
  );
}

/** One task and one notification per promise that was not kept. */
async function brokenPromiseTasks(db: Db, clientId: number, today: string, ids: number[]): Promise<TaskNotice[]> {
  const rows = await queryRows(
    db,
    sql`
    select p.id, p.sys_obligor_code as code, o.name, p.amount::text as amount, p.paid_amount::text as paid,
      p.promised_date::text as "promisedDate", p.status, coalesce(g.id, t.id) as "assigneeId", t.id as "takerId"
    from promises p
    join obligors o on o.client_id = p.client_id and o.sys_obligor_code = p.sys_obligor_code
    left join users g on g.client_id = p.client_id and g.id = o.guest_id and g.status = 'ACTIVE' and g.user_type = 'borrowers'
    left join users t on t.client_id = p.client_id and t.id = p.user_id and t.status = 'ACTIVE' and t.user_type = 'borrowers'
    where p.client_id = ${clientId} and p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by p.id`,
    row({
      id: col.int,
      code: col.text,
      name: col.text,
      amount: col.num,
      paid: col.num,
      promisedDate: col.day,
      status: col.oneOf(PROMISE_STATUSES),
      assigneeId: col.int.nullable(),
      takerId: col.int.nullable(),
    }),
  );
  const categoryId = await promiseCategory(db, clientId);
  const notices: TaskNotice[] = [];
  for (const row of rows) {
    // A promise nobody active took, on a customer without an active field officer: nobody to tell.
    if (row.assigneeId === null) continue;
    const promised = `${row.name} promised ${formatMoney(row.amount)} by ${formatDayInput(row.promisedDate)}`;
    const name =
      row.status === 'BROKEN'
        ? `Broken promise: ${promised}`
        : `Partly kept promise: ${promised}, paid ${formatMoney(row.paid)}`;
    const [task] = await db
      .insert(tasks)
      .values({
        clientId,
        name,
        sysObligorCode: row.code,
        categoryId,
        assigneeId: row.assigneeId,
        reporterId: row.takerId ?? row.assigneeId,
        dueDate: today,
      })
      .returning({ id: tasks.id });
    const notice: TaskNotice = {
      clientId,
      userId: row.assigneeId,
      from: null,
      taskId: task!.id,
      kind: 'PROMISE_BROKEN',
      message: name,
    };
    await db.insert(notifications).values({
      clientId,
      userId: notice.userId,
      message: notice.message,
      kind: notice.kind,
      fromName: 'Receivables Desk',
      associationId: notice.taskId,
    });
    notices.push(notice);
  }
  return notices;
}

/** The client's "Promise to pay" task category, else 'Others'. */
const promiseCategory = (db: Db, clientId: number) => categoryNamed(db, clientId, 'Promise to pay');

/**
 * The daily sweep: every borrower client's promises on its own today (at `now`, in its time zone),
 * one client at a time under its ledger lock (an import checks them too, under the same lock).
 * `clientIds` limits it to some clients (those whose day just turned). Emails the notices after
 * each client's transaction commits; returns how many promises failed.
 */
export async function checkPromisesEveryClient(db: Db, now = new Date(), clientIds?: number[]): Promise<number> {
  const days = await queryRows(
    db,
    sql`select c.id, (${now.toISOString()}::timestamptz at time zone c.time_zone)::date::text as today
    from clients c where c.kind = 'BORROWER'
      and exists (select 1 from promises p where p.client_id = c.id and p.status = 'OPEN')
    order by c.id`,
    row({ id: col.int, today: col.day }),
  );
  let failed = 0;
  for (const { id, today } of days) {
    if (clientIds && !clientIds.includes(id)) continue;
    const notices = await db.transaction(async (tx) => {
      await lockClient(tx, LOCKS.clientLedger, id);
      return checkPromises(tx, id, today);
    });
    failed += notices.length;
    for (const notice of notices) await emailNotification(db, notice);
  }
  return failed;
}
