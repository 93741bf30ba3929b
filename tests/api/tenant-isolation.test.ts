import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, obligors, tasks, users } from '@/lib/db/schema';
import { callRoute } from '../helpers/api';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';

/**
 * Every API route, found on disk, called as a user of client A with client B's ids in the path
 * and the query: it must refuse (403/404) or answer without any of B's data. A new route is
 * covered the day it is added.
 */
const API_ROOT = path.join(process.cwd(), 'app', 'api');
const PUBLIC_ROUTES = new Set(['sign_in', 'session_expired']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

interface OtherTenant {
  clientId: number;
  markers: string[]; // strings only B's data contains
  ids: Record<string, string>;
}

let database: TestDatabase;
let other: OtherTenant;
const routes = routeFiles(API_ROOT).map((file) => path.relative(API_ROOT, path.dirname(file)));

beforeAll(async () => {
  database = await createSeededDatabase();
  const clientId = await clientIdOf(database, 'KAVERI');
  const db = database.db;
  const [obligor] = await db
    .select()
    .from(obligors)
    .where(and(eq(obligors.clientId, clientId), ne(obligors.parentSysObligorCode, '')))
    .limit(1);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.clientId, clientId)).limit(1);
  const [task] = await db.select().from(tasks).where(eq(tasks.clientId, clientId)).limit(1);
  const [user] = await db.select().from(users).where(eq(users.clientId, clientId)).limit(1);
  if (!obligor || !invoice || !user) throw new Error('the second client has no data to protect');
  other = {
    clientId,
    markers: ['Kaveri Agro Foods', obligor.name, obligor.sysObligorCode, invoice.sysInvoiceNum, user.email],
    ids: {
      clientId: String(clientId),
      code: obligor.sysObligorCode,
      sysObligorCode: obligor.sysObligorCode,
      parentSysObligorCode: obligor.parentSysObligorCode ?? obligor.sysObligorCode,
      sysInvoiceNum: invoice.sysInvoiceNum,
      id: String(task?.id ?? user.id),
      role_id: '1',
      userId: String(user.id),
    },
  };
});
afterAll(() => database?.dispose());

/** A plausible body naming the other client's things, so mutations reach their tenant checks. */
function mutationBody() {
  return {
    name: 'Isolation check',
    comment: 'Isolation check',
    categoryId: 1,
    dueDate: '2099-01-01',
    assigneeId: Number(other.ids.userId),
    sysObligorCode: other.ids.sysObligorCode,
    sysInvoiceNum: [other.ids.sysInvoiceNum],
  };
}

/** A fingerprint of the other client's mutable rows: it must not change. */
async function otherClientState(): Promise<string> {
  const result = await database.db.execute(sql`
    select (select count(*) from tasks where client_id = ${other.clientId}) as tasks,
      (select count(*) from tasks where client_id = ${other.clientId} and status = 'OPEN') as open_tasks,
      (select string_agg(assignee_id::text, ',' order by id) from tasks where client_id = ${other.clientId}) as assignees,
      (select count(*) from notifications where client_id = ${other.clientId} and status = 'NEW') as new_notifications`);
  // The row is compared whole, never read by column.
  return JSON.stringify(result.rows);
}

function fillPath(route: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = route
    .split(path.sep)
    .map((segment) => {
      const match = /^\[+(?:\.\.\.)?([^\]]+)\]+$/.exec(segment);
      if (!match?.[1]) return segment;
      params[match[1]] = other.ids[match[1]] ?? other.ids.code!;
      return params[match[1]];
    })
    .join('/');
  return { url: `/api/${url}`, params };
}

describe('tenant isolation', () => {
  it('finds the API routes on disk', () => {
    expect(routes).toContain(path.join('borrowers', 'user'));
  });

  for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(r))) {
    it(`${route}: a user of another client gets none of its data and changes none of it`, async () => {
      const before = await otherClientState();
      const routeModule = (await import(path.join(API_ROOT, route, 'route.ts'))) as Record<string, unknown>;
      const { cookie } = await signInAs(database, 'admin@vardhman.test');
      const { url, params } = fillPath(route);
      const query = {
        clientId: other.clientId,
        sysObligorCode: other.ids.sysObligorCode,
        parentSysObligorCode: other.ids.parentSysObligorCode,
        sysInvoiceNum: other.ids.sysInvoiceNum,
        obligorName: other.markers[1]?.slice(0, 6),
      };
      const withoutClientId = { ...query, clientId: undefined };
      for (const method of METHODS) {
        const handler = routeModule[method];
        if (typeof handler !== 'function') continue;
        for (const q of [query, withoutClientId]) {
          const res = await callRoute(handler as never, url, {
            method,
            params,
            query: q,
            cookie,
            body: method === 'GET' ? undefined : mutationBody(),
          });
          expect(res.status, `${method} ${url}`).not.toBe(500);
          if (res.status === 403 || res.status === 404 || res.status === 400) continue;
          const text = JSON.stringify(res.json);
          for (const marker of other.markers) expect(text, `${method} ${url} leaked ${marker}`).not.toContain(marker);
        }
      }
      expect(await otherClientState(), `${route} changed the other client's data`).toBe(before);
    });
  }
});
