import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as policyGet, PUT as policyPut } from '@/app/api/dunning/policy/route';
import { GET as detailsGet, PUT as detailsPut } from '@/app/api/clients/payment_details/route';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { DEFAULT_POLICY } from '@/lib/domain/dunning';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { setUpDunningClient } from '../helpers/dunning';
import { createSeededDatabase } from '../helpers/seeded';

// The reminder policy and the payment details the reminders carry; the runs are in dunning-runs.test.ts.

let database: TestDatabase;
let clientId: number;
let admin: string;
let vardhmanGuest: { cookie: string; userId: number };

beforeAll(async () => {
  database = await createSeededDatabase();
  ({ clientId, admin, vardhmanGuest } = await setUpDunningClient(database));
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

describe('the reminder policy', () => {
  it('is the default one for a client that has saved none', async () => {
    const res = await callRoute(policyGet, '/api/dunning/policy', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      isDefault: true,
      enabled: true,
      grouping: 'FAMILY',
      minAmount: 1000,
      quietDays: 7,
    });
    expect(res.json.levels.map((l: { days: number }) => l.days)).toEqual([-3, 1, 15, 30, 60]);
  });

  it('refuses bad levels with a message per field (400)', async () => {
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const bad = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: {
        enabled: true,
        grouping: 'TEAM',
        minAmount: -5,
        quietDays: 91,
        levels: [
          { ...levels[0], days: -31 },
          { ...levels[1], days: 15, subject: 'Pay {{amount}} now' },
          { ...levels[2], days: 15, body: ' ' },
          { ...levels[3], channel: 'SMS' },
          { ...levels[4], taskFor: undefined },
          { ...levels[1], days: 400, taskFor: 'MANAGER' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({
      grouping: expect.any(String),
      minAmount: 'the minimum amount cannot be negative',
      quietDays: 'at most 90 days',
      'levels.0.days': 'at least -30 (days before the due date)',
      'levels.1.subject': expect.stringContaining('unknown placeholder {{amount}}'),
      'levels.2.body': 'write the message',
      'levels.3.channel': 'choose email, WhatsApp or task',
      'levels.5.days': 'at most 365 days after the due date',
    });
    // The cross-field rules run once every field parses.
    const order = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: {
        enabled: true,
        grouping: 'FAMILY',
        minAmount: 1000,
        quietDays: 7,
        levels: [
          levels[0],
          { ...levels[2], days: -3 },
          { ...levels[4], taskFor: null },
          { ...levels[1], days: 90, taskFor: 'MANAGER' },
        ],
      },
    });
    expect(order.status).toBe(400);
    expect(order.json.fields).toEqual({
      'levels.1.days': 'each level comes later than the one before: more than -3 days',
      'levels.2.taskFor': 'choose who gets the task',
      'levels.3.taskFor': 'only a task level names who gets the task',
    });
    const still = await callRoute(policyGet, '/api/dunning/policy', { cookie: admin });
    expect(still.json.isDefault).toBe(true);
  });

  it('keep a UPI limit, ₹1,00,000 by default, and refuse one above what UPI apps take (400)', async () => {
    const before = await callRoute(detailsGet, '/api/clients/payment_details', { cookie: admin });
    expect(before.json.upiLimit).toBe(100_000);
    const over = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { ...before.json, upiLimit: '6,00,000' },
    });
    expect(over.status).toBe(400);
    expect(over.json.fields).toEqual({ upiLimit: 'UPI apps take at most ₹5,00,000 in one payment' });
    const set = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { ...before.json, upiLimit: '2,00,000' },
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.upiLimit).toBe(200_000);
    // Blank: back to the default.
    const reset = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { ...before.json, upiLimit: '' },
    });
    expect(reset.json.upiLimit).toBe(100_000);
  });
  it('may not be changed by a field officer (403)', async () => {
    const res = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: vardhmanGuest.cookie,
      body: { ...DEFAULT_POLICY },
    });
    expect(res.status).toBe(403);
  });

  it('is saved whole, its levels replaced, and audited', async () => {
    const levels = DEFAULT_POLICY.levels.map(({ level: _l, ...l }) => l);
    const body = { enabled: true, grouping: 'ACCOUNT', minAmount: '2,500', quietDays: 3, levels: levels.slice(1, 3) };
    const res = await callRoute(policyPut, '/api/dunning/policy', { method: 'PUT', cookie: admin, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ isDefault: false, grouping: 'ACCOUNT', minAmount: 2500, quietDays: 3 });
    expect(res.json.levels.map((l: { level: number; days: number }) => [l.level, l.days])).toEqual([
      [1, 1],
      [2, 15],
    ]);
    const [audit] = await queryRows(
      database.db,
      sql`select count(*)::int as n from audit_log where client_id = ${clientId} and action = 'dunning_policy_saved'`,
      row({ n: col.int }),
    );
    expect(audit!.n).toBe(1);
    // Back to the default levels for the runs below (saved, so no longer "default").
    const back = await callRoute(policyPut, '/api/dunning/policy', {
      method: 'PUT',
      cookie: admin,
      body: { enabled: true, grouping: 'FAMILY', minAmount: 1000, quietDays: 7, levels },
    });
    expect(back.status).toBe(200);
    expect(back.json.levels).toHaveLength(5);
  });
});

describe('payment details', () => {
  it('refuse a VPA without a bank handle and a malformed IFSC (400)', async () => {
    const res = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: admin,
      body: { upiVpa: 'dunningtraders', bankIfsc: 'ICIC1000123', bankAccountNumber: '12-34' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(['bankAccountNumber', 'bankIfsc', 'upiVpa']);
    const kept = await callRoute(detailsGet, '/api/clients/payment_details', { cookie: admin });
    expect(kept.json.upiVpa).toBe('dunningtraders@icici');
  });
  it('may not be changed by a field officer (403)', async () => {
    const res = await callRoute(detailsPut, '/api/clients/payment_details', {
      method: 'PUT',
      cookie: vardhmanGuest.cookie,
      body: { upiVpa: 'mine@ybl' },
    });
    expect(res.status).toBe(403);
  });
});
