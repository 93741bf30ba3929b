import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listRoute, POST as receiveRoute } from '@/app/api/cheques/route';
import { POST as depositRoute } from '@/app/api/cheques/[id]/deposit/route';
import { POST as clearRoute } from '@/app/api/cheques/[id]/clear/route';
import { POST as returnRoute } from '@/app/api/cheques/[id]/return/route';
import { GET as promisesRoute } from '@/app/api/promises/route';
import { GET as predictionsRoute } from '@/app/api/v3/clients/payment_predictions/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { s138Dates } from '@/lib/domain/cheques';
import { callRoute, sessionCookieFor } from '../helpers/api';
import { CLIENT_TODAY, day, ledgerClient, type LedgerClient } from '../helpers/ledger-client';
import { csv, newClient, PASSWORD } from '../imports/helpers';

let world: LedgerClient;

const receive = (cookie: string, body: Record<string, unknown>) =>
  callRoute(receiveRoute, '/api/cheques', { method: 'POST', cookie, body });
const list = (cookie: string, query: Record<string, string>) => callRoute(listRoute, '/api/cheques', { cookie, query });
const act = (handler: typeof depositRoute, what: string, cookie: string, id: number, body: Record<string, unknown>) =>
  callRoute(handler, `/api/cheques/${id}/${what}`, { method: 'POST', cookie, body, params: { id: String(id) } });

const PDC = { sysObligorCode: 'PD', chequeNumber: '123456', bankName: 'HDFC Bank', chequeDate: day(5), amount: 50000 };

beforeAll(async () => {
  world = await ledgerClient(
    'CHEQ',
    {
      'obligors.csv': csv(['sys_obligor_code,name', 'PD,Patil Distributors']),
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount,doc_type',
        `PD-1,PD/1,PD,${day(-40)},${day(-10)},50000,INVOICE`,
        `PD-2,PD/2,PD,${day(-20)},${day(10)},20000,INVOICE`,
      ]),
    },
    CLIENT_TODAY,
  );
  expect(world.report.status, JSON.stringify(world.report)).toBe('SUCCEEDED');
});
afterAll(() => world?.database.dispose());

describe('the cheque register', () => {
  let pdcId: number;

  it('takes a post-dated cheque as a promise to pay on its date, on the due-to-deposit list', async () => {
    const res = await receive(world.cookie, { ...PDC, sysInvoiceNums: ['PD-1'] });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      status: 'RECEIVED',
      postDated: true,
      receivedOn: CLIENT_TODAY,
      sysInvoiceNums: ['PD-1'],
      s138: null,
    });
    expect(res.json.promiseId).toEqual(expect.any(Number));
    pdcId = res.json.id;
    const promises = await callRoute(promisesRoute, '/api/promises', {
      cookie: world.cookie,
      query: { sysObligorCode: 'PD' },
    });
    expect(promises.json).toEqual([
      expect.objectContaining({
        id: res.json.promiseId,
        amount: 50000,
        promisedDate: day(5),
        promisedBy: 'PDC 123456, HDFC Bank',
        channel: 'PDC',
        status: 'OPEN',
        sysInvoiceNums: ['PD-1'],
      }),
    ]);
    const due = await list(world.cookie, { dueToDeposit: 'true' });
    expect(due.json.map((c: { id: number }) => c.id)).toEqual([pdcId]);
    // The forecast expects PD-1's money on the cheque's date, as promised.
    const predicted = await callRoute(predictionsRoute, '/api/v3/clients/payment_predictions', {
      cookie: world.cookie,
      query: { sysObligorCode: 'PD' },
    });
    expect(predicted.status).toBe(200);
    expect(predicted.json.predictions.find((p: { sysInvoiceNum: string }) => p.sysInvoiceNum === 'PD-1')).toMatchObject(
      { basis: 'PROMISED', date: day(5) },
    );
  });

  it('refuses bad input with field messages: the number, a duplicate, a stale cheque, an early deposit', async () => {
    const short = await receive(world.cookie, { ...PDC, chequeNumber: '12' });
    expect(short.status).toBe(400);
    expect(short.json.fields.chequeNumber).toBe('a cheque number has six digits');
    const again = await receive(world.cookie, PDC);
    expect(again.status).toBe(409);
    expect(again.json.fields.chequeNumber).toBe('this cheque is already in the register');
    const stale = await receive(world.cookie, { ...PDC, chequeNumber: '654321', chequeDate: day(-100) });
    expect(stale.status).toBe(400);
    expect(stale.json.fields.chequeDate).toBe('this cheque is more than three months old: the bank will not pay it');
    const other = await receive(world.cookie, { ...PDC, chequeNumber: '654321', sysInvoiceNums: ['NOPE'] });
    expect(other.json.fields.sysInvoiceNums).toBe('not invoices of this customer: NOPE');
    const early = await act(depositRoute, 'deposit', world.cookie, pdcId, {});
    expect(early.status).toBe(400);
    expect(early.json.fields.date).toMatch(/^the cheque is dated \d\d\/\d\d\/\d{4}: deposit it on or after that day$/);
  });

  it('deposits, returns and starts the s138 clock: dated tasks, a broken promise, a bounce', async () => {
    // Received ten days ago, dated today: a PDC whose day has come.
    const res = await receive(world.cookie, {
      ...PDC,
      chequeNumber: '222333',
      chequeDate: CLIENT_TODAY,
      receivedOn: day(-10),
      amount: 20000,
      sysInvoiceNums: ['PD-2'],
    });
    expect(res.status).toBe(201);
    const id = res.json.id as number;
    expect((await act(clearRoute, 'clear', world.cookie, id, {})).status).toBe(409);
    const deposited = await act(depositRoute, 'deposit', world.cookie, id, {});
    expect(deposited.json).toMatchObject({ status: 'DEPOSITED', depositedOn: CLIENT_TODAY });
    const returned = await act(returnRoute, 'return', world.cookie, id, { reason: 'Funds insufficient' });
    expect(returned.status).toBe(200);
    const clock = s138Dates(CLIENT_TODAY);
    expect(returned.json).toMatchObject({
      status: 'RETURNED',
      returnedOn: CLIENT_TODAY,
      returnReason: 'Funds insufficient',
      s138: clock,
    });
    expect((await act(returnRoute, 'return', world.cookie, id, { reason: 'again' })).status).toBe(409);

    const tasks = await queryRows(
      world.database.db,
      sql`select t.name, t.due_date::text as due, t.comment,
        (select array_agg(ti.sys_invoice_num) from task_invoices ti where ti.client_id = t.client_id and ti.task_id = t.id) as invoices
      from tasks t where t.client_id = ${world.clientId} and t.sys_obligor_code = 'PD' order by t.due_date, t.id`,
      row({ name: col.text, due: col.day, comment: col.text.nullable(), invoices: col.array(col.text).nullable() }),
    );
    expect(tasks.map((t) => t.due)).toEqual([clock.noticeDueBy, clock.drawerPaysBy, clock.complaintDueBy]);
    expect(tasks[0]!.name).toBe(
      's138 notice due: cheque 222333 (HDFC Bank, ₹20,000.00) of Patil Distributors returned "Funds insufficient"',
    );
    expect(tasks[0]!.comment).toContain('Notice under section 138 of the Negotiable Instruments Act, 1881');
    expect(tasks[0]!.comment).toContain('towards invoice PD-2');
    expect(tasks.every((t) => t.invoices?.[0] === 'PD-2')).toBe(true);

    const promises = await callRoute(promisesRoute, '/api/promises', {
      cookie: world.cookie,
      query: { sysObligorCode: 'PD' },
    });
    expect(promises.json.find((p: { id: number }) => p.id === res.json.promiseId).status).toBe('BROKEN');
    const returnedList = await list(world.cookie, { sysObligorCode: 'PD', status: 'RETURNED' });
    expect(returnedList.json.map((c: { id: number }) => c.id)).toEqual([id]);

    const audit = await queryRows(
      world.database.db,
      sql`select action from audit_log where client_id = ${world.clientId} and action like 'cheque_%' order by id`,
      row({ action: col.text }),
    );
    expect(audit.map((a) => a.action)).toEqual([
      'cheque_received',
      'cheque_received',
      'cheque_deposited',
      'cheque_returned',
    ]);
  });

  it("keeps one client's cheques from another", async () => {
    const other = await newClient(world.database.db, 'OTHERCQ');
    const cookie = (await sessionCookieFor(world.database.db, other.email, PASSWORD)).cookie;
    expect((await list(cookie, { sysObligorCode: 'PD' })).status).toBe(404);
    expect((await list(cookie, {})).json).toEqual([]);
    expect((await act(depositRoute, 'deposit', cookie, pdcId, {})).status).toBe(404);
    expect((await receive(cookie, PDC)).status).toBe(404);
  });
});
