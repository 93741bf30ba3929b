import { getISODay, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as subscriptionGet, PUT as subscriptionPut } from '@/app/api/digest/subscription/route';
import { POST as previewPost } from '@/app/api/digest/preview/route';
import { POST as runPost } from '@/app/api/digest/runs/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { GET as receivablesRoute } from '@/app/api/v4/clients/receivables/route';
import { GET as kpisRoute } from '@/app/api/v3/clients/kpis/route';
import { GET as forecastRoute } from '@/app/api/v3/clients/forecast/route';
import { GET as promisesRoute } from '@/app/api/promises/route';
import { GET as disputesRoute } from '@/app/api/disputes/route';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import { KPI_STRIP, kpiFigure, stripMonths } from '@/lib/domain/kpi-strip';
import { runScheduledDigests } from '@/lib/server/digest/runs';
import { clientToday } from '@/lib/server/clients/client-day';
import { callRoute } from '../helpers/api';
import { daysFrom as addDaysIso } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { mailCatcher, readableMail } from '../helpers/mail';
import { clientIdOf, createSeededDatabase, signInAs, signInUser, TEST_TODAY } from '../helpers/seeded';

// The email digest: caught by a real SMTP server, its figures are the dashboard's for the same user and date.

const mail = mailCatcher();
const { inbox } = mail;
let database: TestDatabase;
let clientId: number;
let today: string;
let admin: string;
let officer: { cookie: string; userId: number };
let root: { cookie: string; userId: number };

type Handler = Parameters<typeof callRoute>[0];

beforeAll(async () => {
  await mail.start();
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  admin = (await signInAs(database, 'admin@vardhman.test')).cookie;
  root = await signInUser(database, 'root@vardhman.test');
  // The demo field officer (scoped to the customers assigned to him) is given the summary dashboard.
  const guest = await signInUser(database, 'guest@vardhman.test');
  await database.db
    .execute(sql`insert into user_page_permissions (client_id, user_id, feature_type, access_value, position)
    values (${clientId}, ${guest.userId}, 'COMPANY SUMMARY', true, 10)`);
  officer = await signInUser(database, 'guest@vardhman.test');
  today = await clientToday(database.db, clientId);
}, 120_000);

afterAll(async () => {
  await mail.stop();
  await database?.dispose();
});

const save = (cookie: string, body: Record<string, unknown>) =>
  callRoute(subscriptionPut, '/api/digest/subscription', { method: 'PUT', cookie, body });
const run = (cookie: string, body: Record<string, unknown> = {}) =>
  callRoute(runPost, '/api/digest/runs', { method: 'POST', cookie, body });

async function read(cookie: string, handler: Handler, query: Record<string, string | number> = {}) {
  const res = await callRoute(handler, '/api/figure', { cookie, query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

async function all<T>(cookie: string, handler: Handler, query: Record<string, string | number> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 1; ; offset++) {
    const page = await read(cookie, handler, { ...query, count: 500, offset });
    rows.push(...(page.json as T[]));
    if (rows.length >= Number(page.headers.get('x-totalrecords')) || (page.json as T[]).length === 0) return rows;
  }
}

type Parent = { sysObligorCode: string; name: string; balance: number; overdue: number };

/**
 * What the dashboard's calls answer for this user and date, read over HTTP as the dashboard reads them
 * (no date for today), and the digest's sections worked out from them by hand.
 */
async function dashboard(cookie: string, date: string, frequency: 'DAILY' | 'WEEKLY') {
  const onDate: Record<string, string> = date === today ? {} : { date };
  const previous = addDaysIso(date, frequency === 'DAILY' ? -1 : -7);
  const nextEnd = frequency === 'DAILY' ? date : addDaysIso(date, 6);
  const summary = (await read(cookie, summaryRoute, onDate)).json;
  const before = (await read(cookie, summaryRoute, { date: previous })).json;
  const kpis = (await read(cookie, kpisRoute, date === today ? {} : { toDate: date })).json;
  const forecast = (await read(cookie, forecastRoute, onDate)).json;
  const now = await all<Parent>(cookie, receivablesRoute, onDate);
  const then = new Map(
    (await all<Parent>(cookie, receivablesRoute, { date: previous })).map((p) => [p.sysObligorCode, p]),
  );
  const codes = new Set([...now.map((p) => p.sysObligorCode), ...then.keys()]);
  const byCode = new Map(now.map((p) => [p.sysObligorCode, p]));
  const moves = [...codes].map((code) => {
    const n = byCode.get(code);
    const b = then.get(code);
    const db = Math.round(((n?.balance ?? 0) - (b?.balance ?? 0)) * 100) / 100;
    const dov = Math.round(((n?.overdue ?? 0) - (b?.overdue ?? 0)) * 100) / 100;
    return { code, size: Math.max(Math.abs(db), Math.abs(dov)), balanceChange: db, overdueChange: dov };
  });
  const movers = moves
    .filter((m) => m.size > 0)
    .sort((a, b) => b.size - a.size || a.code.localeCompare(b.code))
    .slice(0, 10);
  type P = { id: number; promisedDate: string };
  const open = await all<P>(cookie, promisesRoute, { status: 'OPEN' });
  const broken = await all<P>(cookie, promisesRoute, { status: 'BROKEN' });
  const disputes = await all<{ id: number; openedOn: string }>(cookie, disputesRoute);
  return {
    summary,
    before,
    months: stripMonths(kpis.months),
    weeks: forecast.weeks.slice(0, 4),
    movers,
    due: open.filter((p) => p.promisedDate >= date && p.promisedDate <= nextEnd).map((p) => p.id),
    broken: broken.filter((p) => p.promisedDate > previous && p.promisedDate <= date).map((p) => p.id),
    disputes: disputes.filter((d) => d.openedOn > previous && d.openedOn <= date).map((d) => d.id),
  };
}

/** The digest's figures (the preview's) against the dashboard's calls, and the mail's text showing them. */
async function expectSameFigures(cookie: string, date: string, frequency: 'DAILY' | 'WEEKLY', text?: string) {
  const expected = await dashboard(cookie, date, frequency);
  const preview = await callRoute(previewPost, '/api/digest/preview', {
    method: 'POST',
    cookie,
    body: date === today ? { frequency } : { frequency, date },
  });
  expect(preview.status, JSON.stringify(preview.json)).toBe(200);
  const f = preview.json.figures;
  expect(f.balance).toBe(expected.summary.balance);
  expect(f.overdue).toBe(expected.summary.overdue);
  expect(f.previousBalance).toBe(expected.before.balance);
  expect(f.previousOverdue).toBe(expected.before.overdue);
  const last = expected.months.at(-1);
  expect(f.kpiMonth).toBe(last?.month ?? null);
  for (const k of KPI_STRIP) expect(f.kpis.find((x: { key: string }) => x.key === k.key)?.value).toBe(last?.[k.key]);
  expect(f.forecast).toEqual(
    expected.weeks.map((w: Record<string, unknown>) => ({
      weekStart: w.weekStart,
      weekEnd: w.weekEnd,
      expected: w.expected,
      low: w.low,
      high: w.high,
    })),
  );
  expect(f.movers.map((m: { sysObligorCode: string }) => m.sysObligorCode)).toEqual(expected.movers.map((m) => m.code));
  expect(f.movers.map((m: { balanceChange: number }) => m.balanceChange)).toEqual(
    expected.movers.map((m) => m.balanceChange),
  );
  expect(f.promisesDue.map((p: { id: number }) => p.id).sort()).toEqual(expected.due.sort());
  expect(f.promisesBroken.map((p: { id: number }) => p.id).sort()).toEqual(expected.broken.sort());
  expect(f.newDisputes.map((d: { id: number }) => d.id).sort()).toEqual(expected.disputes.sort());

  // The mail shows them: amounts in full with Indian grouping, dates dd/mm/yyyy.
  const body = text ?? preview.json.text;
  expect(body).toContain(`Balance: ${formatMoney(expected.summary.balance)}`);
  expect(body).toContain(`Overdue: ${formatMoney(expected.summary.overdue)}`);
  expect(body).toContain(`since ${formatDayInput(f.previousDate)}`);
  if (last) for (const k of KPI_STRIP) expect(body).toContain(`${k.label}: ${kpiFigure(last[k.key], k.unit)}`);
  for (const w of expected.weeks)
    expect(body).toContain(
      `${formatDayInput(w.weekStart)} to ${formatDayInput(w.weekEnd)}: ${formatMoney(w.expected)}`,
    );
  for (const m of f.movers)
    expect(body).toContain(`${m.name} (${m.sysObligorCode}): balance ${formatMoney(m.balance)}`);
  // Lakh and crore, never thousands as "K".
  expect(preview.json.text).not.toMatch(/\d ?K\b/);
  return preview.json;
}

/** The xlsx part of a raw mail, decoded. */
async function attachedWorkbook(raw: string) {
  const part = /filename="?([^"\r\n]+\.xlsx)"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part, 'an xlsx attachment').not.toBeNull();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(part![2]!.replace(/\s/g, ''), 'base64') as unknown as ArrayBuffer);
  return { name: part![1]!, sheets: workbook.worksheets.map((w) => w.name) };
}

describe('the email digest', () => {
  it('is for staff with the dashboard: customer users, investors and staff without it answer 403', async () => {
    for (const email of ['family@customer.test', 'investor@sahyadri.test', 'staff@vardhman.test']) {
      const { cookie } = await signInAs(database, email);
      expect((await callRoute(subscriptionGet, '/api/digest/subscription', { cookie })).status, email).toBe(403);
      expect((await save(cookie, { frequency: 'DAILY', enabled: true })).status, email).toBe(403);
      expect((await callRoute(previewPost, '/api/digest/preview', { method: 'POST', cookie, body: {} })).status).toBe(
        403,
      );
    }
    expect((await run(officer.cookie)).status).toBe(403);
  });

  it('is off until saved; a weekly digest needs its weekday (400 on the field)', async () => {
    const first = await callRoute(subscriptionGet, '/api/digest/subscription', { cookie: admin });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      enabled: false,
      saved: false,
      hour: 7,
      email: 'admin@vardhman.test',
      sends: [],
    });
    const noDay = await save(admin, { frequency: 'WEEKLY', enabled: true });
    expect(noDay.status).toBe(400);
    expect(JSON.stringify(noDay.json)).toMatch(/weekday/);
    expect((await save(admin, { frequency: 'WEEKLY', weekday: 8, enabled: true })).status).toBe(400);
    expect((await save(admin, { frequency: 'MONTHLY', enabled: true })).status).toBe(400);
    const saved = await save(admin, { frequency: 'DAILY', weekday: 3, enabled: true });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ frequency: 'DAILY', weekday: null, enabled: true, saved: true });
  });

  it("sends each subscriber's digest with the dashboard's figures for that user, once per period", async () => {
    const weekday = getISODay(parseISO(today));
    expect((await save(officer.cookie, { frequency: 'WEEKLY', weekday, enabled: true })).status).toBe(200);
    const first = await run(admin);
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const sent = first.json.sends;
    expect(sent.map((s: { status: string }) => s.status)).toEqual(['SENT', 'SENT']);
    expect(inbox).toHaveLength(2);

    const adminMail = readableMail(inbox.find((m) => m.to === 'admin@vardhman.test')!.raw);
    const officerMail = readableMail(inbox.find((m) => m.to === 'guest@vardhman.test')!.raw);
    expect(adminMail).toContain(`Daily receivables digest: Vardhman`);
    expect(adminMail).toContain(formatDayInput(today));
    const adminDigest = await expectSameFigures(admin, today, 'DAILY', adminMail);
    const officerDigest = await expectSameFigures(officer.cookie, today, 'WEEKLY', officerMail);
    // The field officer's digest is his customers' only.
    expect(officerDigest.figures.balance).toBeLessThan(adminDigest.figures.balance);
    expect(officerMail).toContain('for your customers');

    const workbook = await attachedWorkbook(inbox[0]!.raw);
    expect(workbook.name).toMatch(new RegExp(`summary-dashboard-${today}\\.xlsx$`));
    expect(workbook.sheets.length).toBeGreaterThanOrEqual(3);

    // The same period again: none goes.
    const second = await run(admin);
    expect(second.json.sends.map((s: { status: string }) => s.status)).toEqual(['SKIPPED', 'SKIPPED']);
    expect(inbox).toHaveLength(2);
    const logged = await callRoute(subscriptionGet, '/api/digest/subscription', { cookie: officer.cookie });
    expect(logged.json.sends).toMatchObject([{ status: 'SENT', period: sent[1].period, asOf: today, error: null }]);
  });

  it('as of a past day carries the dashboard figures of that day', async () => {
    await expectSameFigures(admin, TEST_TODAY, 'WEEKLY');
    await expectSameFigures(officer.cookie, TEST_TODAY, 'DAILY');
    const later = await callRoute(previewPost, '/api/digest/preview', {
      method: 'POST',
      cookie: admin,
      body: { date: addDaysIso(today, 1) },
    });
    expect(later.status).toBe(400);
  });

  it("goes by itself from 07:00 the client's time; a refused mail is FAILED with its reason, and retried by a run", async () => {
    await save(root.cookie, { frequency: 'DAILY', enabled: true });
    await database.db.execute(
      sql`update users set email = 'root@refuse.example' where client_id = ${clientId} and id = ${root.userId}`,
    );
    const early = await runScheduledDigests(database.db, new Date(`${today}T06:30:00+05:30`));
    expect(early).toBe(0);
    const morning = await runScheduledDigests(database.db, new Date(`${today}T07:30:00+05:30`));
    expect(morning).toBe(0); // admin and the officer had theirs; root's mail is refused
    const failed = await callRoute(subscriptionGet, '/api/digest/subscription', { cookie: root.cookie });
    expect(failed.json.sends).toMatchObject([{ status: 'FAILED', recipient: 'root@refuse.example' }]);
    expect(failed.json.sends[0].error).toMatch(/550|mailbox/);
    // The clock does not try it again each minute; an administrator's run does.
    expect(await runScheduledDigests(database.db, new Date(`${today}T07:31:00+05:30`))).toBe(0);
    await database.db.execute(
      sql`update users set email = 'root@vardhman.test' where client_id = ${clientId} and id = ${root.userId}`,
    );
    const retried = await run(admin);
    expect(retried.json.sends.map((s: { userId: number; status: string }) => [s.userId, s.status])).toContainEqual([
      root.userId,
      'SENT',
    ]);
    expect(inbox.filter((m) => m.to === 'root@vardhman.test')).toHaveLength(1);
    // Switched off: nothing goes.
    await save(root.cookie, { frequency: 'DAILY', enabled: false });
    const off = await run(admin);
    expect(off.json.sends.map((s: { userId: number }) => s.userId)).not.toContain(root.userId);
  });
});
