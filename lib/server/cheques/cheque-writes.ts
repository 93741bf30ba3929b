import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { chequeInvoices, cheques, communications, taskInvoices, tasks } from '@/lib/db/schema';
import type { TCheque } from '@/lib/contract/cheques';
import { isPostDated, s138Dates, s138NoticeDraft } from '@/lib/domain/cheques';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { getClient } from '@/lib/server/clients/get-client';
import { insertPromise } from '@/lib/server/promises/take-promise';
import { categoryNamed } from '@/lib/server/tasks/task-categories';

/**
 * The writes a cheque's life makes, shared by the register's calls (cheques.ts) and the
 * `cheques.csv` import: both run inside the caller's transaction and check nothing themselves.
 */

export interface NewCheque {
  sysObligorCode: string;
  chequeNumber: string;
  bankName: string;
  chequeDate: string;
  amount: number;
  receivedOn: string;
  sysInvoiceNums: string[];
  note?: string | null;
}

/**
 * Stores a received cheque with its invoices and, when post-dated and its date not yet gone, a
 * promise to pay its amount on its date (with the PROMISE_TO_PAY communication that logs it).
 * Audited as `cheque_received`. Returns the cheque's id.
 */
export async function insertCheque(
  tx: Db,
  clientId: number,
  userId: number,
  today: string,
  body: NewCheque,
): Promise<number> {
  const { receivedOn } = body;
  const nums = [...new Set(body.sysInvoiceNums)];
  const postDated = isPostDated(body.chequeDate, receivedOn);
  // A PDC still to be paid is a promise; one whose date has gone is recorded as a plain cheque.
  const promise = postDated && body.chequeDate >= today;
  const [cheque] = await tx
    .insert(cheques)
    .values({
      clientId,
      sysObligorCode: body.sysObligorCode,
      chequeNumber: body.chequeNumber,
      bankName: body.bankName,
      chequeDate: body.chequeDate,
      amount: body.amount.toFixed(2),
      receivedOn,
      note: body.note ?? null,
      createdBy: userId,
    })
    .returning({ id: cheques.id });
  const chequeId = cheque!.id;
  if (nums.length)
    await tx.insert(chequeInvoices).values(nums.map((sysInvoiceNum) => ({ clientId, chequeId, sysInvoiceNum })));
  if (promise) {
    const promisedBy = `PDC ${body.chequeNumber}, ${body.bankName}`;
    const summary = `Post-dated cheque ${body.chequeNumber} (${body.bankName}) for ${formatMoney(body.amount)} dated ${formatDayInput(body.chequeDate)}`;
    const [comm] = await tx
      .insert(communications)
      .values({
        clientId,
        sysObligorCode: body.sysObligorCode,
        commDate: receivedOn,
        channel: 'PROMISE_TO_PAY',
        summary,
        promisedAmount: body.amount.toFixed(2),
        followUpDate: body.chequeDate,
        userId,
      })
      .returning({ id: communications.id });
    const promiseId = await insertPromise(
      tx,
      clientId,
      userId,
      {
        code: body.sysObligorCode,
        amount: body.amount,
        promisedDate: body.chequeDate,
        takenOn: receivedOn,
        sysInvoiceNums: nums,
        onFamily: false,
        channel: 'PDC',
        promisedBy,
      },
      comm!.id,
    );
    await tx.execute(
      sql`update cheques set promise_id = ${promiseId} where client_id = ${clientId} and id = ${chequeId}`,
    );
  }
  await recordAudit(tx, {
    clientId,
    userId,
    action: 'cheque_received',
    entity: 'customer',
    entityId: body.sysObligorCode,
    detail: { chequeId, chequeNumber: body.chequeNumber, amount: body.amount, chequeDate: body.chequeDate, postDated },
  });
  return chequeId;
}

/**
 * A cheque returned unpaid on `date` (its return memo) for `reason`: marks it RETURNED, breaks its
 * promise, and starts the s138 clock as three dated tasks for the customer's field officer (else
 * the user): the demand notice (with a draft) by the 30th day, the drawer's 15 days, the complaint
 * within the month after. Audited as `cheque_returned`.
 */
export async function markChequeReturned(
  tx: Db,
  clientId: number,
  userId: number,
  cheque: TCheque,
  date: string,
  reason: string,
): Promise<void> {
  const clock = s138Dates(date);
  const client = await getClient(tx, clientId);
  const assignee = await queryRow(
    tx,
    sql`select g.id from obligors o
      join users g on g.client_id = o.client_id and g.id = o.guest_id and g.status = 'ACTIVE' and g.user_type = 'borrowers'
      where o.client_id = ${clientId} and o.sys_obligor_code = ${cheque.sysObligorCode}`,
    row({ id: col.int }),
  );
  const assigneeId = assignee?.id ?? userId;
  const amount = formatMoney(cheque.amount);
  const label = `cheque ${cheque.chequeNumber} (${cheque.bankName}, ${amount}) of ${cheque.obligorName}`;
  const draft = s138NoticeDraft({
    supplier: client.name,
    customer: cheque.obligorName,
    chequeNumber: cheque.chequeNumber,
    bankName: cheque.bankName,
    chequeDate: cheque.chequeDate,
    amount,
    returnedOn: date,
    reason,
    invoices: cheque.sysInvoiceNums,
  });
  const steps = [
    { name: `s138 notice due: ${label} returned "${reason}"`, dueDate: clock.noticeDueBy, comment: draft },
    {
      name: `s138 drawer's 15 days end: check payment of ${label}`,
      dueDate: clock.drawerPaysBy,
      comment:
        'Counted from the last day to send the notice; move it to 15 days after the customer received the notice.',
    },
    {
      name: `s138 complaint due: ${label}`,
      dueDate: clock.complaintDueBy,
      comment: 'One month from the day after the drawer’s 15 days end (s142(1)(b)). Hand the file to your advocate.',
    },
  ];
  await tx.execute(sql`
    update cheques set status = 'RETURNED', returned_on = ${date}::date, return_reason = ${reason}
    where client_id = ${clientId} and id = ${cheque.id}`);
  if (cheque.promiseId !== null)
    await tx.execute(sql`
      update promises set status = 'BROKEN', closed_on = ${date}::date, changed_at = now()
      where client_id = ${clientId} and id = ${cheque.promiseId} and status <> 'KEPT'`);
  const categoryId = await categoryNamed(tx, clientId, 'Cheque return');
  for (const step of steps) {
    const [task] = await tx
      .insert(tasks)
      .values({
        clientId,
        name: step.name.slice(0, 300),
        sysObligorCode: cheque.sysObligorCode,
        categoryId,
        assigneeId,
        reporterId: userId,
        dueDate: step.dueDate,
        comment: step.comment,
      })
      .returning({ id: tasks.id });
    if (cheque.sysInvoiceNums.length)
      await tx
        .insert(taskInvoices)
        .values(cheque.sysInvoiceNums.map((sysInvoiceNum) => ({ clientId, taskId: task!.id, sysInvoiceNum })));
  }
  await recordAudit(tx, {
    clientId,
    userId,
    action: 'cheque_returned',
    entity: 'customer',
    entityId: cheque.sysObligorCode,
    detail: { chequeId: cheque.id, date, reason, ...clock },
  });
}
