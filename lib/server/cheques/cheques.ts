import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { chequeInvoices, cheques, communications, taskInvoices, tasks } from '@/lib/db/schema';
import type {
  TCheque,
  TChequeEventBody,
  TChequesQuery,
  TReceiveChequeBody,
  TReturnChequeBody,
} from '@/lib/contract/cheques';
import {
  CHEQUE_STATUSES,
  chequeValidUntil,
  isPostDated,
  s138Dates,
  s138NoticeDraft,
  type TChequeStatus,
} from '@/lib/domain/cheques';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import { conflict, invalid, notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { insertPromise } from '@/lib/server/promises/take-promise';
import { categoryNamed } from '@/lib/server/tasks/task-categories';

type User = { clientId: number; userId: number; scope: ObligorScope };

const badField = (field: string, message: string) => invalid(message, { [field]: message });

const ChequeRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  chequeNumber: col.text,
  bankName: col.text,
  chequeDate: col.day,
  amount: col.num,
  receivedOn: col.day,
  status: col.oneOf(CHEQUE_STATUSES),
  depositedOn: col.day.nullable(),
  clearedOn: col.day.nullable(),
  returnedOn: col.day.nullable(),
  returnReason: col.text.nullable(),
  promiseId: col.int.nullable(),
  sysInvoiceNums: col
    .array(col.text)
    .nullable()
    .transform((nums) => nums ?? []),
});
type ChequeRowT = z.infer<typeof ChequeRow>;

function chequeSelect(clientId: number, where: SQL): SQL {
  return sql`
    select c.id, c.sys_obligor_code as "sysObligorCode", o.name as "obligorName", c.cheque_number as "chequeNumber",
      c.bank_name as "bankName", c.cheque_date::text as "chequeDate", c.amount::text as amount,
      c.received_on::text as "receivedOn", c.status, c.deposited_on::text as "depositedOn",
      c.cleared_on::text as "clearedOn", c.returned_on::text as "returnedOn", c.return_reason as "returnReason",
      c.promise_id as "promiseId",
      (select array_agg(ci.sys_invoice_num order by ci.sys_invoice_num) from cheque_invoices ci
        where ci.client_id = ${clientId} and ci.cheque_id = c.id) as "sysInvoiceNums"
    from cheques c
    join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
    where c.client_id = ${clientId} and o.client_id = ${clientId} and ${where}`;
}

function toCheque(r: ChequeRowT): TCheque {
  return {
    ...r,
    postDated: isPostDated(r.chequeDate, r.receivedOn),
    validUntil: chequeValidUntil(r.chequeDate),
    s138: r.returnedOn ? s138Dates(r.returnedOn) : null,
  };
}

async function loadCheque(db: Db, clientId: number, id: number, scope?: ObligorScope): Promise<TCheque> {
  const inScope = scopeCondition(clientId, scope, sql`c.sys_obligor_code`) ?? sql`true`;
  const found = await queryRow(db, chequeSelect(clientId, sql`c.id = ${id} and ${inScope}`), ChequeRow);
  if (!found) throw notFound('Cheque');
  return toCheque(found);
}

/** GET /cheques: one customer's (a parent's code: its family's), by status, or the due-to-deposit list. */
export async function listCheques(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  query: TChequesQuery,
): Promise<{ rows: TCheque[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (query.sysObligorCode) {
    await assertObligorVisible(db, clientId, scope, query.sysObligorCode);
    where.push(
      sql`(o.sys_obligor_code = ${query.sysObligorCode} or o.parent_sys_obligor_code = ${query.sysObligorCode})`,
    );
  }
  const inScope = scopeCondition(clientId, scope, sql`c.sys_obligor_code`);
  if (inScope) where.push(inScope);
  if (query.status) where.push(sql`c.status = ${query.status}`);
  if (query.dueToDeposit) where.push(sql`c.status = 'RECEIVED'`);
  const condition = sql.join(where, sql` and `);
  const order = query.dueToDeposit ? sql`c.cheque_date, c.id` : sql`c.cheque_date desc, c.id desc`;
  const [rows, count] = await Promise.all([
    queryRows(
      db,
      sql`${chequeSelect(clientId, condition)} order by ${order}
      limit ${query.count} offset ${(query.offset - 1) * query.count}`,
      ChequeRow,
    ),
    queryRow(
      db,
      sql`select count(*) as total from cheques c
      join obligors o on o.client_id = c.client_id and o.sys_obligor_code = c.sys_obligor_code
      where c.client_id = ${clientId} and ${condition}`,
      row({ total: col.int }),
    ),
  ]);
  return { rows: rows.map(toCheque), total: count?.total ?? 0 };
}

/**
 * POST /cheques: checks the customer is in scope, the invoices are its own and the cheque is not
 * stale, stores it with its invoices and, when post-dated, a promise to pay its amount on its date
 * (with the PROMISE_TO_PAY communication that logs it): the worklist, the forecast and the reminders
 * read promises, so a PDC counts in each of them as the promise it is. Audited.
 */
export async function receiveCheque(db: Db, user: User, body: TReceiveChequeBody): Promise<TCheque> {
  const { clientId, userId } = user;
  await assertObligorInScope(db, clientId, user.scope, body.sysObligorCode);
  const today = await clientToday(db, clientId);
  const receivedOn = body.receivedOn ?? today;
  if (receivedOn > today) throw badField('receivedOn', 'a cheque cannot be received after today');
  if (chequeValidUntil(body.chequeDate) < receivedOn)
    throw badField('chequeDate', 'this cheque is more than three months old: the bank will not pay it');
  const nums = [...new Set(body.sysInvoiceNums)];
  if (nums.length) {
    const known = await queryRows(
      db,
      sql`select sys_invoice_num as num from invoices where client_id = ${clientId}
        and sys_obligor_code = ${body.sysObligorCode} and doc_type <> 'CREDIT_NOTE'
        and sys_invoice_num in (${sql.join(
          nums.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      row({ num: col.text }),
    );
    const missing = nums.filter((n) => !known.some((k) => k.num === n));
    if (missing.length) throw badField('sysInvoiceNums', `not invoices of this customer: ${missing.join(', ')}`);
  }
  const duplicate = await queryRow(
    db,
    sql`select id from cheques where client_id = ${clientId} and sys_obligor_code = ${body.sysObligorCode}
      and bank_name = ${body.bankName} and cheque_number = ${body.chequeNumber}`,
    row({ id: col.int }),
  );
  if (duplicate)
    throw conflict('this cheque is already in the register', {
      chequeNumber: 'this cheque is already in the register',
    });
  const postDated = isPostDated(body.chequeDate, receivedOn);
  // A PDC still to be paid is a promise; one whose date has gone is recorded as a plain cheque.
  const promise = postDated && body.chequeDate >= today;
  const id = await db.transaction(async (tx) => {
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
          channel: 'VISIT',
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
      detail: {
        chequeId,
        chequeNumber: body.chequeNumber,
        amount: body.amount,
        chequeDate: body.chequeDate,
        postDated,
      },
    });
    return chequeId;
  });
  return loadCheque(db, clientId, id);
}

async function chequeForChange(db: Db, user: User, id: number, from: TChequeStatus[]): Promise<TCheque> {
  const cheque = await loadCheque(db, user.clientId, id, user.scope);
  if (!from.includes(cheque.status))
    throw conflict(`this cheque is ${cheque.status.toLowerCase()}`, {
      status: `this cheque is ${cheque.status.toLowerCase()}`,
    });
  return cheque;
}

/** POST /cheques/{id}/deposit: on or after the cheque's date and within its validity. */
export async function depositCheque(db: Db, user: User, id: number, body: TChequeEventBody): Promise<TCheque> {
  const { clientId, userId } = user;
  const cheque = await chequeForChange(db, user, id, ['RECEIVED']);
  const today = await clientToday(db, clientId);
  const date = body.date ?? today;
  if (date > today) throw badField('date', 'a cheque cannot be deposited after today');
  if (date < cheque.chequeDate)
    throw badField('date', `the cheque is dated ${formatDayInput(cheque.chequeDate)}: deposit it on or after that day`);
  if (date > cheque.validUntil)
    throw badField('date', `the cheque was valid until ${formatDayInput(cheque.validUntil)}: ask for a new one`);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update cheques set status = 'DEPOSITED', deposited_on = ${date}::date where client_id = ${clientId} and id = ${id}`,
    );
    await recordAudit(tx, {
      clientId,
      userId,
      action: 'cheque_deposited',
      entity: 'customer',
      entityId: cheque.sysObligorCode,
      detail: { chequeId: id, date },
    });
  });
  return loadCheque(db, clientId, id);
}

/** POST /cheques/{id}/clear: the bank paid it (the receipt reaches the ledger with the ERP import). */
export async function clearCheque(db: Db, user: User, id: number, body: TChequeEventBody): Promise<TCheque> {
  const { clientId, userId } = user;
  const cheque = await chequeForChange(db, user, id, ['DEPOSITED']);
  const today = await clientToday(db, clientId);
  const date = body.date ?? today;
  if (date > today) throw badField('date', 'a cheque cannot clear after today');
  if (date < cheque.depositedOn!) throw badField('date', 'a cheque clears on or after the day it was deposited');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update cheques set status = 'CLEARED', cleared_on = ${date}::date where client_id = ${clientId} and id = ${id}`,
    );
    await recordAudit(tx, {
      clientId,
      userId,
      action: 'cheque_cleared',
      entity: 'customer',
      entityId: cheque.sysObligorCode,
      detail: { chequeId: id, date },
    });
  });
  return loadCheque(db, clientId, id);
}

/**
 * POST /cheques/{id}/return: the bank returned it unpaid (date of its return memo, its reason). The
 * cheque's promise is broken at once; the customer's bounce count goes up; and the s138 clock
 * starts as three dated tasks for the customer's field officer (else the user): send the demand
 * notice (with a draft) by the 30th day, check payment when the drawer's 15 days end, file the
 * complaint within the month after. Audited.
 */
export async function returnCheque(db: Db, user: User, id: number, body: TReturnChequeBody): Promise<TCheque> {
  const { clientId, userId } = user;
  const cheque = await chequeForChange(db, user, id, ['DEPOSITED', 'CLEARED']);
  const today = await clientToday(db, clientId);
  const date = body.date ?? today;
  if (date < cheque.depositedOn!) throw badField('date', 'a cheque is returned on or after the day it was deposited');
  if (date > today) throw badField('date', 'the return memo cannot be dated after today');
  const clock = s138Dates(date);
  const client = await getClient(db, clientId);
  const assignee = await queryRow(
    db,
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
    reason: body.reason,
    invoices: cheque.sysInvoiceNums,
  });
  const steps = [
    { name: `s138 notice due: ${label} returned "${body.reason}"`, dueDate: clock.noticeDueBy, comment: draft },
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
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update cheques set status = 'RETURNED', returned_on = ${date}::date, return_reason = ${body.reason}
      where client_id = ${clientId} and id = ${id}`);
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
      detail: { chequeId: id, date, reason: body.reason, ...clock },
    });
  });
  return loadCheque(db, clientId, id);
}
