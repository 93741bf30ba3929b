import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog, communications, promiseInvoices, promises } from '@/lib/db/schema';
import type { TPromise, TTakePromiseBody } from '@/lib/contract/promises';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import { aboveOpenProblem, toPaise } from '@/lib/domain/open-amount';
import { promisedDateProblem, type TPromiseChannel } from '@/lib/domain/promises';
import { invalid } from '@/lib/server/domain-errors';
import { clientToday } from '@/lib/server/clients/client-day';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { IS_OPEN_DEBT } from '@/lib/server/invoices/open-debt';
import { checkPromises } from './check-promises';
import { getPromise } from './list-promises';

/** A promise as both ways of taking one give it (POST /promises, or a PROMISE_TO_PAY communication). */
export interface PromiseInput {
  code: string;
  amount: number;
  promisedDate: string;
  takenOn: string;
  sysInvoiceNums: string[];
  onFamily: boolean;
  channel: TPromiseChannel;
  promisedBy: string | null;
}

/** The request's names of the fields a problem is reported under. */
export interface PromiseFields {
  amount: string;
  promisedDate: string;
  sysInvoiceNums: string;
  onFamily: string;
}

const badField = (field: string, message: string) => invalid(message, { [field]: message });

/**
 * The rules of a promise, in one place: the customer is in the user's scope (404 otherwise), the
 * promised date is not before the client's today and at most 90 days ahead, a family promise is
 * taken on a parent, the invoices are open debts of the customer (or of its family), and the amount
 * is at most what is still owed on what the promise covers: its invoices, else all the open debts of
 * the customer (or family). A larger promise would lower the worklist's priority and hold back
 * reminders on money nobody can pay.
 */
export async function checkPromise(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  input: PromiseInput,
  fields: PromiseFields,
): Promise<void> {
  await assertObligorInScope(db, clientId, scope, input.code);
  const problem = promisedDateProblem(input.promisedDate, await clientToday(db, clientId));
  if (problem) throw badField(fields.promisedDate, problem);
  if (input.onFamily) {
    const obligor = await queryRow(
      db,
      sql`select parent_sys_obligor_code as parent from obligors where client_id = ${clientId} and sys_obligor_code = ${input.code}`,
      row({ parent: col.text.nullable() }),
    );
    if (obligor?.parent) throw badField(fields.onFamily, 'take a family promise on the parent customer');
  }
  const nums = [...new Set(input.sysInvoiceNums)];
  const family = input.onFamily
    ? sql`(o.sys_obligor_code = ${input.code} or o.parent_sys_obligor_code = ${input.code})`
    : sql`o.sys_obligor_code = ${input.code}`;
  const named = nums.length
    ? sql`and i.sys_invoice_num in (${sql.join(
        nums.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql``;
  // The open debts the promise covers: the invoices it names, else every one of the customer (or family).
  const open = await queryRows(
    db,
    sql`select i.sys_invoice_num as num, (i.amount - i.paid_to_date)::text as open from invoices i
    join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and o.client_id = ${clientId} and ${family} ${named} and ${IS_OPEN_DEBT}`,
    row({ num: col.text, open: col.num }),
  );
  const missing = nums.filter((n) => !open.some((o) => o.num === n));
  if (missing.length)
    throw badField(
      fields.sysInvoiceNums,
      `not open invoices of ${input.onFamily ? 'this family' : 'this customer'}: ${missing.join(', ')}`,
    );
  const owed = open.reduce((s, o) => s + toPaise(o.open), 0);
  const what = nums.length ? 'on these invoices' : input.onFamily ? 'by this family' : 'by this customer';
  const tooMuch = aboveOpenProblem(input.amount, owed, what);
  if (tooMuch) throw badField(fields.amount, tooMuch);
}

/** What the communication of a promise says: "Promised ₹25,000.00 by 30/11/2026 (Mr Shah)". */
export function promiseSummary(amount: number, promisedDate: string, promisedBy?: string | null): string {
  return `Promised ${formatMoney(amount)} by ${formatDayInput(promisedDate)}${promisedBy ? ` (${promisedBy})` : ''}`;
}

/**
 * Stores a checked promise inside the caller's transaction, linked to the communication that logs
 * it, and sets its status at once (payments dated from takenOn may already be there).
 */
export async function insertPromise(
  tx: Db,
  clientId: number,
  userId: number,
  input: PromiseInput,
  communicationId: number,
): Promise<number> {
  const [row] = await tx
    .insert(promises)
    .values({
      clientId,
      sysObligorCode: input.code,
      onFamily: input.onFamily,
      amount: input.amount.toFixed(2),
      promisedDate: input.promisedDate,
      takenOn: input.takenOn,
      channel: input.channel,
      promisedBy: input.promisedBy,
      userId,
      communicationId,
    })
    .returning({ id: promises.id });
  const id = row!.id;
  const nums = [...new Set(input.sysInvoiceNums)];
  if (nums.length)
    await tx.insert(promiseInvoices).values(nums.map((sysInvoiceNum) => ({ clientId, promiseId: id, sysInvoiceNum })));
  await tx.insert(auditLog).values({
    clientId,
    userId,
    action: 'promise_taken',
    entity: 'obligor',
    entityId: input.code,
    detail: { promiseId: id, communicationId, amount: input.amount, promisedDate: input.promisedDate },
  });
  await checkPromises(tx, clientId, await clientToday(tx, clientId), { ids: [id] });
  return id;
}

/**
 * POST /promises: checks the promise, then logs a PROMISE_TO_PAY communication saying the amount
 * and date and stores the promise with its id, in one transaction.
 */
export async function takePromise(
  db: Db,
  user: { clientId: number; userId: number; scope: ObligorScope },
  body: TTakePromiseBody,
): Promise<TPromise> {
  const { clientId, userId } = user;
  const takenOn = await clientToday(db, clientId);
  const input: PromiseInput = {
    code: body.sysObligorCode,
    amount: body.amount,
    promisedDate: body.promisedDate,
    takenOn,
    sysInvoiceNums: body.sysInvoiceNums,
    onFamily: body.onFamily,
    channel: body.channel,
    promisedBy: body.promisedBy ?? null,
  };
  await checkPromise(db, clientId, user.scope, input, {
    amount: 'amount',
    promisedDate: 'promisedDate',
    sysInvoiceNums: 'sysInvoiceNums',
    onFamily: 'onFamily',
  });
  const summary = promiseSummary(body.amount, body.promisedDate, body.promisedBy);
  const id = await db.transaction(async (tx) => {
    const [comm] = await tx
      .insert(communications)
      .values({
        clientId,
        sysObligorCode: body.sysObligorCode,
        commDate: takenOn,
        channel: 'PROMISE_TO_PAY',
        summary: body.note ? `${summary}: ${body.note}` : summary,
        promisedAmount: body.amount.toFixed(2),
        followUpDate: body.promisedDate,
        userId,
      })
      .returning({ id: communications.id });
    return insertPromise(tx, clientId, userId, input, comm!.id);
  });
  return getPromise(db, clientId, id);
}
