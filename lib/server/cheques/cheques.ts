import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type {
  TCheque,
  TChequeEventBody,
  TChequesQuery,
  TReceiveChequeBody,
  TReturnChequeBody,
} from '@/lib/contract/cheques';
import { CHEQUE_STATUSES, chequeValidUntil, isPostDated, s138Dates, type TChequeStatus } from '@/lib/domain/cheques';
import { formatDayInput } from '@/lib/domain/day-input';
import { recordAudit } from '@/lib/server/audit/record-audit';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import { conflict, invalid, notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible, scopeCondition, type ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { insertCheque, markChequeReturned } from './cheque-writes';

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

export async function loadCheque(db: Db, clientId: number, id: number, scope?: ObligorScope): Promise<TCheque> {
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
        and sys_obligor_code = ${body.sysObligorCode} and doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
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
  const id = await db.transaction((tx) =>
    insertCheque(tx, clientId, userId, today, { ...body, receivedOn, sysInvoiceNums: nums }),
  );
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
  await db.transaction((tx) => markChequeReturned(tx, clientId, userId, cheque, date, body.reason));
  return loadCheque(db, clientId, id);
}
