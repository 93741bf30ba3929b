import { addDays, format } from 'date-fns';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { invoices, notifications, obligors, users } from '@/lib/db/schema';
import { todayIso } from '@/lib/domain/dates';
import { GET as listTasksRoute, POST as createTaskRoute } from '@/app/api/tasks/route';
import { GET as getTaskRoute } from '@/app/api/tasks/[id]/route';
import { POST as closeTaskRoute } from '@/app/api/tasks/[id]/close/route';
import { POST as assignTaskRoute } from '@/app/api/tasks/[id]/assign/route';
import { GET as taskHistoryRoute } from '@/app/api/tasks/[id]/history/route';
import { GET as taskInvoicesRoute } from '@/app/api/tasks/[id]/invoices/route';
import { GET as categoriesRoute } from '@/app/api/taskcategories/route';
import { GET as notificationsRoute } from '@/app/api/notifications/route';
import { sendDueReminders } from '@/lib/server/notifications/due-reminders';
import { callRoute } from '../helpers/api';
import type { User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { mailCatcher } from '../helpers/mail';
import { tasksWorld } from '../helpers/tasks';

const mail = mailCatcher();
const inbox = mail.inbox;
let database: TestDatabase;
let clientId: number;
let admin: User;
let guest: User;
let rep: User;
let root: User;
let obligorCode: string;
let invoiceNum: string;
let unassignedCode: string;
const inDays = (n: number) => format(addDays(new Date(`${todayIso()}T00:00:00`), n), 'yyyy-MM-dd');
const taskCount = async () =>
  (await queryRow(database.db, sql`select count(*)::int as n from tasks`, row({ n: col.int })))!.n;

beforeAll(async () => {
  await mail.start();
  ({ database, clientId, admin, guest, rep, root, obligorCode, invoiceNum, unassignedCode } = await tasksWorld());
});
afterAll(async () => {
  await mail.stop();
  await database?.dispose();
});

const createTask = (cookie: string, body: Record<string, unknown>) =>
  callRoute(createTaskRoute, '/api/tasks', { method: 'POST', cookie, body });
const validTask = () => ({
  name: 'Collect the September dues',
  sysObligorCode: obligorCode,
  sysInvoiceNum: [invoiceNum],
  assigneeId: guest.userId,
  categoryId: 1,
  dueDate: inDays(3),
});

describe('tasks', () => {
  let taskId: number;

  it('creates a task, notifies the assignee in the bell and by email with a link to the task', async () => {
    const res = await createTask(admin.cookie, validTask());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Collect the September dues',
      status: 'OPEN',
      assigneeId: guest.userId,
      sysInvoiceNum: [invoiceNum],
    });
    taskId = res.json.id;
    const bell = await callRoute(notificationsRoute, '/api/notifications', { cookie: guest.cookie });
    expect(bell.json[0]).toMatchObject({
      associationId: taskId,
      status: 'NEW',
      message: expect.stringContaining('assigned you a task: Collect the September dues'),
    });
    await expect.poll(() => inbox.length, { timeout: 5000 }).toBeGreaterThan(0);
    const mail = inbox.at(-1)!;
    expect(mail.to).toBe('guest@vardhman.test');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`http://receivables.test/borrowers/tasks/${taskId}`);
  });

  it('refuses invalid tasks with field messages and writes nothing', async () => {
    const before = await taskCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ dueDate: inDays(-1) }, 'dueDate'],
      [{ dueDate: '2026-13-45' }, 'dueDate'],
      [{ assigneeId: 999_999 }, 'assigneeId'],
      [{ categoryId: 77 }, 'categoryId'],
      [{ sysObligorCode: 'NO-SUCH' }, 'sysObligorCode'],
      [{ sysInvoiceNum: ['KAV-INV-0000001'] }, 'sysInvoiceNum'],
    ];
    for (const [change, field] of cases) {
      const res = await createTask(admin.cookie, { ...validTask(), ...change });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.json.fields ?? {}), field).toContain(field);
    }
    const kaveriUser = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@kaveri.test'));
    expect((await createTask(admin.cookie, { ...validTask(), assigneeId: kaveriUser[0]!.id })).status).toBe(400);
    // The field officer only sees their own customers: a task on another one is refused, saying why.
    const outside = await createTask(admin.cookie, {
      ...validTask(),
      sysObligorCode: unassignedCode,
      sysInvoiceNum: [],
    });
    expect(outside.status).toBe(400);
    expect(outside.json.fields.assigneeId).toMatch(/is not assigned to this customer/);
    const after = await taskCount();
    expect(after).toBe(before);
  });

  it("a task on a parent customer may carry any of its family's invoices, and no other's", async () => {
    const [child] = await database.db
      .select({ parent: obligors.parentSysObligorCode, invoice: invoices.sysInvoiceNum })
      .from(invoices)
      .innerJoin(
        obligors,
        and(eq(obligors.clientId, invoices.clientId), eq(obligors.sysObligorCode, invoices.sysObligorCode)),
      )
      .where(
        and(eq(invoices.clientId, clientId), eq(invoices.status, 'OPEN'), isNotNull(obligors.parentSysObligorCode)),
      )
      .limit(1);
    const task = { ...validTask(), assigneeId: admin.userId, sysObligorCode: child!.parent };
    const res = await createTask(admin.cookie, { ...task, sysInvoiceNum: [child!.invoice] });
    expect(res.status).toBe(200);
    expect(res.json.sysInvoiceNum).toEqual([child!.invoice]);
    const [outsider] = await database.db
      .select({ invoice: invoices.sysInvoiceNum })
      .from(invoices)
      .innerJoin(
        obligors,
        and(eq(obligors.clientId, invoices.clientId), eq(obligors.sysObligorCode, invoices.sysObligorCode)),
      )
      .where(
        and(
          eq(invoices.clientId, clientId),
          ne(obligors.sysObligorCode, child!.parent!),
          sql`coalesce(${obligors.parentSysObligorCode}, '') <> ${child!.parent}`,
        ),
      )
      .limit(1);
    const foreign = await createTask(admin.cookie, { ...task, sysInvoiceNum: [outsider!.invoice] });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields.sysInvoiceNum).toMatch(/not invoices of this customer/);
  });

  it("stores the 'Others' category (id 9) on first use", async () => {
    const categories = await callRoute(categoriesRoute, '/api/taskcategories', { cookie: admin.cookie });
    expect(categories.json).toContainEqual({ taskCategoryId: 9, taskCategory: 'Others' });
    expect((await createTask(admin.cookie, { ...validTask(), categoryId: 9, sysInvoiceNum: [] })).status).toBe(200);
  });

  it('lists open tasks by default, filters by invoice, and keeps collectors to their own tasks', async () => {
    const all = await callRoute(listTasksRoute, '/api/tasks', { cookie: admin.cookie, query: { count: 500 } });
    expect(all.status).toBe(200);
    expect(all.json.every((t: { status: string }) => t.status === 'OPEN')).toBe(true);
    expect(Number(all.headers.get('x-totalrecords'))).toBeGreaterThanOrEqual(all.json.length);
    const byInvoice = await callRoute(listTasksRoute, '/api/tasks', {
      cookie: admin.cookie,
      query: { sysInvoiceNum: invoiceNum },
    });
    expect(byInvoice.json.map((t: { id: number }) => t.id)).toContain(taskId);
    const mine = await callRoute(listTasksRoute, '/api/tasks', {
      cookie: guest.cookie,
      query: { count: 500, status: 'ALL' },
    });
    expect(
      mine.json.every(
        (t: { assigneeId: number; reporterId: number }) =>
          t.assigneeId === guest.userId || t.reporterId === guest.userId,
      ),
    ).toBe(true);
    const repView = await callRoute(getTaskRoute, `/api/tasks/${taskId}`, {
      cookie: rep.cookie,
      params: { id: String(taskId) },
    });
    expect(repView.status).toBe(404);
  });

  it('shows what the invoices of each task still owe and how late, and finds tasks by name or customer', async () => {
    const list = await callRoute(listTasksRoute, '/api/tasks', {
      cookie: admin.cookie,
      query: { sysInvoiceNum: invoiceNum },
    });
    const task = list.json.find((t: { id: number }) => t.id === taskId);
    const [item] = await database.db
      .select({ amount: invoices.amount, paid: invoices.paidToDate, due: invoices.dueDate, issued: invoices.issueDate })
      .from(invoices)
      .where(and(eq(invoices.clientId, clientId), eq(invoices.sysInvoiceNum, invoiceNum)));
    expect(task.openAmount).toBeCloseTo(Number(item!.amount) - Number(item!.paid), 2);
    const due = new Date(`${item!.due ?? item!.issued}T00:00:00Z`).getTime();
    const today = new Date(`${todayIso()}T00:00:00Z`).getTime();
    expect(task.daysPastDue).toBe(Math.round((today - due) / 86_400_000));
    const found = await callRoute(listTasksRoute, '/api/tasks', {
      cookie: admin.cookie,
      query: { search: 'september dues', count: 500 },
    });
    expect(found.json.map((t: { id: number }) => t.id)).toContain(taskId);
    expect(found.json.every((t: { name: string }) => /september dues/i.test(t.name))).toBe(true);
    const byCustomer = await callRoute(listTasksRoute, '/api/tasks', {
      cookie: admin.cookie,
      query: { search: obligorCode, count: 500 },
    });
    expect(byCustomer.json.map((t: { id: number }) => t.id)).toContain(taskId);
    const short = await callRoute(listTasksRoute, '/api/tasks', { cookie: admin.cookie, query: { search: 'se' } });
    expect(short.status).toBe(400);
  });

  it('reassigns a task and tells the new assignee, but never to a collector who cannot see the customer', async () => {
    const toRep = await callRoute(assignTaskRoute, `/api/tasks/${taskId}/assign`, {
      method: 'POST',
      cookie: admin.cookie,
      params: { id: String(taskId) },
      body: { assigneeId: rep.userId },
    });
    expect(toRep.status).toBe(400); // the West manager does not look after this North customer
    expect(toRep.json.fields.assigneeId).toMatch(/is not assigned to this customer/);
    const res = await callRoute(assignTaskRoute, `/api/tasks/${taskId}/assign`, {
      method: 'POST',
      cookie: admin.cookie,
      params: { id: String(taskId) },
      body: { assigneeId: root.userId },
    });
    expect(res.status).toBe(200);
    const bell = await callRoute(notificationsRoute, '/api/notifications', { cookie: root.cookie });
    expect(bell.json[0]).toMatchObject({ associationId: taskId });
    await callRoute(assignTaskRoute, `/api/tasks/${taskId}/assign`, {
      method: 'POST',
      cookie: admin.cookie,
      params: { id: String(taskId) },
      body: { assigneeId: guest.userId },
    });
  });

  it('closes with a required comment, notifies the reporter, and refuses a second close', async () => {
    const close = (body: unknown) =>
      callRoute(closeTaskRoute, `/api/tasks/${taskId}/close`, {
        method: 'POST',
        cookie: guest.cookie,
        params: { id: String(taskId) },
        body,
      });
    expect((await close({ comment: '  ' })).status).toBe(400);
    const res = await close({ comment: 'Customer paid by NEFT, UTR 4411' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'CLOSED', comment: 'Customer paid by NEFT, UTR 4411' });
    expect((await close({ comment: 'again' })).status).toBe(409);
    const bell = await callRoute(notificationsRoute, '/api/notifications', { cookie: admin.cookie });
    expect(bell.json[0]).toMatchObject({ associationId: taskId, message: expect.stringContaining('closed the task') });
  });

  it("tells a task's history and its invoices to whoever may see the task, and 404 to others", async () => {
    const read = (route: typeof taskHistoryRoute, cookie: string) =>
      callRoute(route, `/api/tasks/${taskId}`, { cookie, params: { id: String(taskId) } });
    const history = await read(taskHistoryRoute, admin.cookie);
    expect(history.status).toBe(200);
    const texts = history.json.map((event: { text: string }) => event.text);
    expect(texts).toContainEqual(expect.stringMatching(/^Created by /));
    expect(texts).toContainEqual(expect.stringMatching(/^Closed by /));
    expect(texts).toContainEqual(expect.stringMatching(/^Notified .*: .*assigned you a task/));
    const attached = await read(taskInvoicesRoute, admin.cookie);
    expect(attached.status).toBe(200);
    expect(attached.json.map((invoice: { sysInvoiceNum: string }) => invoice.sysInvoiceNum)).toEqual([invoiceNum]);
    for (const route of [taskHistoryRoute, taskInvoicesRoute]) expect((await read(route, rep.cookie)).status).toBe(404);
  });

  it('reminds assignees once a day of tasks due tomorrow and overdue', async () => {
    const due = await createTask(admin.cookie, {
      ...validTask(),
      name: 'Call before the due date',
      dueDate: inDays(1),
      sysInvoiceNum: [],
    });
    const sent = await sendDueReminders(database.db);
    expect(sent).toBeGreaterThan(0);
    const [reminder] = await database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.clientId, clientId),
          eq(notifications.associationId, due.json.id),
          eq(notifications.kind, 'TASK_DUE_TOMORROW'),
        ),
      );
    expect(reminder?.message).toBe('Due tomorrow: Call before the due date');
    expect(await sendDueReminders(database.db)).toBe(0);
  });

  it('sends each reminder once when several servers run the daily job at the same time', async () => {
    await createTask(admin.cookie, { ...validTask(), name: 'Second call', dueDate: inDays(1), sysInvoiceNum: [] });
    const runs = await Promise.all([1, 2, 3].map(() => sendDueReminders(database.db)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
