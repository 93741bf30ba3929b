import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallContract } from '@/lib/contract/call';
import { route } from '@/lib/server/api/route';
import { resetRateLimits } from '@/lib/server/auth/rate-limit';
import { allCalls } from '@/lib/server/calls';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { createSeededDatabase, signInAs } from '../helpers/seeded';

/**
 * Every call of the call table, fed a generated set of bad values in its path, query and body,
 * signed in as a user who may make it: no answer may be a 5xx. A new call is walked the day it
 * joins the table. Run on PGlite and on PostgreSQL like every API test.
 */

const LONG = 'x'.repeat(20_000);
const BAD_SCALARS: (string | string[])[] = [
  '2026-02-30',
  '0000-01-01',
  '0001-01-01',
  '2026-13-01',
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1e400',
  'NaN',
  'a\u0000b',
  LONG,
  ['a', 'b'],
  '%FF',
  '<script>',
];
const BAD_PATH_VALUES = ['99999999999', '2147483648', '0', '-1', 'abc', 'a\u0000b', '\uFFFD', 'x'.repeat(3000)];
const BAD_BODY_VALUES: unknown[] = [
  null,
  [1],
  { a: 1 },
  'a\u0000b',
  99999999999,
  -1,
  1e308,
  '2026-02-30',
  '0000-01-01',
  'x'.repeat(100_000),
  true,
];
const FALLBACK_KEYS = ['date', 'fromDate', 'toDate', 'id', 'sysObligorCode', 'offset', 'count'];

/** The keys of an object schema (through refinements and pipes), else the common ones. */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown } } | undefined;
  if (s?.shape) return Object.keys(s.shape);
  if (s?.def?.in) return keysOf(s.def.in);
  if (s?.def?.schema) return keysOf(s.def.schema);
  return FALLBACK_KEYS;
}

function pathParams(contract: CallContract): string[] {
  return [...contract.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Plausible path values, so that query and body checks are reached. */
function goodPath(contract: CallContract): Record<string, string> {
  return Object.fromEntries(pathParams(contract).map((name) => [name, name.toLowerCase().includes('id') ? '1' : 'X1']));
}

function urlOf(contract: CallContract, params: Record<string, string>, query: [string, string][] = []): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

interface Probe {
  label: string;
  params: Record<string, string>;
  query?: [string, string][];
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

function probesOf(contract: CallContract): Probe[] {
  const params = goodPath(contract);
  const probes: Probe[] = [];
  for (const name of pathParams(contract)) {
    for (const value of BAD_PATH_VALUES) {
      probes.push({ label: `path ${name}=${value.slice(0, 20)}`, params: { ...params, [name]: value } });
    }
  }
  const queryKeys = contract.query ? keysOf(contract.query) : FALLBACK_KEYS;
  for (const key of queryKeys) {
    for (const value of BAD_SCALARS) {
      const pairs: [string, string][] = Array.isArray(value) ? value.map((v) => [key, v]) : [[key, value]];
      probes.push({ label: `query ${key}=${String(value).slice(0, 20)}`, params, query: pairs });
    }
  }
  // A long series: each date is real, the period is not.
  probes.push({ label: 'query a century', params, query: [['fromDate', '1900-01-01']] });
  probes.push({
    label: 'query reversed period',
    params,
    query: [
      ['fromDate', '2026-10-01'],
      ['toDate', '2026-01-01'],
    ],
  });
  if (contract.body) {
    const json = { 'content-type': 'application/json' };
    probes.push({ label: 'body not JSON', params, rawBody: '{"a":', headers: json });
    probes.push({ label: 'body as text/plain', params, rawBody: '{}', headers: { 'content-type': 'text/plain' } });
    probes.push({ label: 'body undecodable', params, rawBody: '"\uD800"', headers: json });
    // Nested 8,000 levels deep: parsed fine, but deeper than any call takes (MAX_JSON_DEPTH).
    probes.push({
      label: 'body nested 8,000 deep',
      params,
      rawBody: `${'['.repeat(8000)}${']'.repeat(8000)}`,
      headers: json,
    });
    probes.push({
      label: 'body object nested 8,000 deep',
      params,
      rawBody: `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`,
      headers: json,
    });
    for (const whole of [null, [], 'text', 42, {}])
      probes.push({ label: `body ${JSON.stringify(whole)}`, params, body: whole });
    const keys = contract.body === 'multipart' ? ['files'] : keysOf(contract.body);
    for (const key of keys) {
      for (const value of BAD_BODY_VALUES) {
        probes.push({ label: `body ${key}=${JSON.stringify(value)?.slice(0, 20)}`, params, body: { [key]: value } });
      }
    }
  }
  return probes;
}

let database: TestDatabase;
const cookies: Record<string, string> = {};
const fives: string[] = [];
let requests = 0;

beforeAll(async () => {
  database = await createSeededDatabase();
});
afterAll(() => database?.dispose());

async function cookieFor(contract: CallContract): Promise<string | undefined> {
  if (contract.access === 'public') return undefined;
  const email =
    typeof contract.access === 'object' && contract.access.userType === 'investors'
      ? 'investor@sahyadri.test'
      : 'admin@vardhman.test';
  // A fresh session per call: a walked sign-out or password change must not leave the rest unsigned.
  resetRateLimits();
  cookies[email] = (await signInAs(database, email)).cookie;
  return cookies[email];
}

describe('bad input', () => {
  const calls = allCalls();

  it('walks every call of the table', () => {
    expect(calls.length).toBeGreaterThan(90);
  });

  for (const served of calls) {
    const { contract } = served;
    it(`${contract.method} ${contract.path} answers no 5xx to bad values`, async () => {
      const handler = route(served);
      const cookie = await cookieFor(contract);
      for (const probe of probesOf(contract)) {
        requests += 1;
        const res = await callRoute(handler, urlOf(contract, probe.params, probe.query), {
          method: contract.method,
          params: probe.params,
          cookie,
          body: probe.body,
          rawBody: probe.rawBody,
          headers: probe.headers,
        });
        if (res.status >= 500) fives.push(`${contract.method} ${contract.path} ${probe.label} → ${res.status}`);
      }
    }, 120_000);
  }

  it('found no 5xx', () => {
    console.info(`bad-input walk: ${requests} requests over ${calls.length} calls, ${fives.length} answered 5xx`);
    expect(fives).toEqual([]);
  });
});

// The walk relies on zod's object schemas exposing their shape; a change of zod must not silently
// shrink it to the fallback keys.
describe('the walk itself', () => {
  it('reads the keys of a refined object schema', () => {
    const schema = z.object({ a: z.string(), b: z.string() }).refine(() => true);
    expect(keysOf(schema)).toEqual(['a', 'b']);
  });
});
