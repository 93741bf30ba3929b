import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, obligors, tasks, users } from '@/lib/db/schema';
import type { CallContract } from '@/lib/contract/call';
import { CALLS } from '@/lib/server/calls';
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

/**
 * The same walk for a customer user of each kind (bound to a family, bound to one account), with
 * another customer of the same client in every path, query and body: a call outside the
 * customer's door answers 403 or 404; a call of the door (open to customer users) refuses or
 * answers without a trace of the other customer; nothing of the client changes.
 */
describe('customer users reach their own customer only', () => {
  /** The door's calls (`customers`), and the calls any session may make on its own account. */
  const open = new Set(
    Object.values(CALLS)
      .flatMap((domain) => Object.values(domain as Record<string, { contract: CallContract }>))
      .filter(
        ({ contract }) => contract.access === 'signedIn' || contract.access === 'public' || contract.access.customers,
      )
      .map(({ contract }) => `${contract.method} ${contract.path}`),
  );
  const pathOf = (route: string) =>
    `/${route
      .split(path.sep)
      .join('/')
      .replace(/\[+(?:\.\.\.)?([^\]]+)\]+/g, '{$1}')}`;

  /** The user's own sign-out calls: walked, they would end the session the walk goes on with. */
  const ENDS_SESSION = new Set(['/borrowers/sign_out', '/auth/sign_out_everywhere']);

  let theirs: { code: string; name: string; invoice: string; invoiceNum: string; parent: string };
  let vardhman: number;

  beforeAll(async () => {
    vardhman = await clientIdOf(database, 'VARDHMAN');
    const bound = await database.db.execute(
      sql`select customer_code as code from users where client_id = ${vardhman} and customer_code is not null`,
    );
    const mine = bound.rows.map((r) => String((r as { code: string }).code));
    // A customer of neither customer user, with an open bill.
    const picked = await database.db.execute(sql`
      select o.sys_obligor_code as code, o.name, o.parent_sys_obligor_code as parent, i.sys_invoice_num as invoice, i.invoice_num
      from obligors o join invoices i on i.client_id = o.client_id and i.sys_obligor_code = o.sys_obligor_code
      where o.client_id = ${vardhman} and o.parent_sys_obligor_code is not null
        and o.parent_sys_obligor_code not in (${sql.join(
          mine.map((c) => sql`${c}`),
          sql`, `,
        )})
        and o.sys_obligor_code not in (${sql.join(
          mine.map((c) => sql`${c}`),
          sql`, `,
        )})
        and i.settled_date is null and i.doc_type = 'INVOICE'
      order by o.sys_obligor_code desc limit 1`);
    const row = picked.rows[0] as Record<string, string>;
    theirs = {
      code: row.code!,
      name: row.name!,
      parent: row.parent!,
      invoice: row.invoice!,
      invoiceNum: row.invoice_num!,
    };
  });

  /** What any change to the client's customers leaves behind. */
  async function clientState(): Promise<string> {
    const result = await database.db.execute(sql`
      select (select count(*) from disputes where client_id = ${vardhman}) as disputes,
        (select count(*) from promises where client_id = ${vardhman}) as promises,
        (select count(*) from communications where client_id = ${vardhman}) as communications,
        (select count(*) from contacts where client_id = ${vardhman}) as contacts,
        (select count(*) from tasks where client_id = ${vardhman}) as tasks,
        (select count(*) from remittance_advices where client_id = ${vardhman}) as advices,
        (select count(*) from users where client_id = ${vardhman}) as users,
        (select string_agg(coalesce(guest_id::text, '-') || coalesce(credit_limit::text, '-'), ',' order by sys_obligor_code) from obligors where client_id = ${vardhman}) as obligors,
        (select count(*) from users where client_id = ${vardhman} and status = 'ACTIVE') as active_users`);
    return JSON.stringify(result.rows);
  }

  for (const email of ['family@customer.test', 'account@customer.test']) {
    it(`${email}: every call outside the door answers 403 or 404, the door's calls show no other customer`, async () => {
      const before = await clientState();
      const { cookie } = await signInAs(database, email);
      const ids: Record<string, string> = {
        clientId: String(vardhman),
        code: theirs.code,
        sysObligorCode: theirs.code,
        parentSysObligorCode: theirs.parent,
        sysInvoiceNum: theirs.invoice,
        id: '1',
        role_id: '1',
        userId: '1',
      };
      const markers = [theirs.name, `"${theirs.code}"`, theirs.invoice, `"${theirs.invoiceNum}"`];
      const closed: string[] = [];
      for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(r) && !ENDS_SESSION.has(pathOf(r)))) {
        const routeModule = (await import(path.join(API_ROOT, route, 'route.ts'))) as Record<string, unknown>;
        const params: Record<string, string> = {};
        const url = route
          .split(path.sep)
          .map((segment) => {
            const match = /^\[+(?:\.\.\.)?([^\]]+)\]+$/.exec(segment);
            if (!match?.[1]) return segment;
            params[match[1]] = ids[match[1]] ?? theirs.code;
            return params[match[1]];
          })
          .join('/');
        for (const method of METHODS) {
          const handler = routeModule[method];
          if (typeof handler !== 'function') continue;
          const res = await callRoute(handler as never, `/api/${url}`, {
            method,
            params,
            query: { ...ids, clientId: undefined, accountType: 'POSTPAID' },
            cookie,
            body:
              method === 'GET'
                ? undefined
                : {
                    clientId: vardhman,
                    sysObligorCode: theirs.code,
                    sysInvoiceNums: [theirs.invoice],
                    sysInvoiceNum: [theirs.invoice],
                    amount: 1,
                    reason: 'OTHER',
                    promisedDate: '2099-01-01',
                    paidOn: '2026-11-01',
                    reference: 'UTR123456',
                    contactId: 1,
                    status: 'INACTIVE',
                  },
          });
          const call = `${method} ${pathOf(route)}`;
          expect(res.status, `${call} answered 5xx`).toBeLessThan(500);
          if (!open.has(call)) {
            if (![403, 404].includes(res.status)) closed.push(`${call} → ${res.status}`);
            continue;
          }
          if (res.status >= 400) continue;
          const text = JSON.stringify(res.json);
          for (const marker of markers) expect(text, `${call} showed ${marker}`).not.toContain(marker);
        }
      }
      expect(closed, 'calls outside the door that did not refuse').toEqual([]);
      expect(await clientState(), `a customer user changed the client's data`).toBe(before);
    });
  }
});
