import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as notificationsRoute } from '@/app/api/notifications/route';
import { POST as markAsReadRoute } from '@/app/api/notifications/[id]/markasread/route';
import { POST as markAllRoute } from '@/app/api/notifications/markallasread/route';
import { GET as usersRoute } from '@/app/api/users/route';
import { GET as clientUsersRoute } from '@/app/api/users/client/route';
import { GET as emailTemplateRoute } from '@/app/api/clients/[clientId]/email_template/route';
import { GET as obligorSearchRoute } from '@/app/api/v3/parentobligors/route';
import { obligors } from '@/lib/db/schema';
import { callRoute } from '../helpers/api';
import type { User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';
import { tasksWorld } from '../helpers/tasks';

let database: TestDatabase;
let clientId: number;
let admin: User;
let guest: User;
let obligorCode: string;

beforeAll(async () => {
  ({ database, clientId, admin, guest, obligorCode } = await tasksWorld());
});
afterAll(async () => {
  await database?.dispose();
});

describe('notifications', () => {
  it('lists 20 a page with the total, marks one read (own only) and all read', async () => {
    const page = await callRoute(notificationsRoute, '/api/notifications', {
      cookie: guest.cookie,
      query: { status: 'NEW' },
    });
    expect(page.json.length).toBeLessThanOrEqual(20);
    const total = Number(page.headers.get('x-totalrecords'));
    expect(total).toBeGreaterThan(20);
    const first = page.json[0];
    expect(
      (
        await callRoute(markAsReadRoute, '/x', {
          method: 'POST',
          cookie: admin.cookie,
          params: { id: String(first.id) },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(markAsReadRoute, '/x', {
          method: 'POST',
          cookie: guest.cookie,
          params: { id: String(first.id) },
        })
      ).status,
    ).toBe(200);
    const after = await callRoute(notificationsRoute, '/api/notifications', { cookie: guest.cookie });
    expect(Number(after.headers.get('x-totalrecords'))).toBe(total - 1);
    expect(after.json.map((n: { id: number }) => n.id)).not.toContain(first.id);
    await callRoute(markAllRoute, '/x', { method: 'POST', cookie: guest.cookie });
    const none = await callRoute(notificationsRoute, '/api/notifications', { cookie: guest.cookie });
    expect(none.json).toEqual([]);
    expect(none.headers.get('x-totalrecords')).toBe('0');
  });
});

describe('people', () => {
  it('searches users from 3 characters, by role, with the total', async () => {
    expect(
      (await callRoute(usersRoute, '/api/users', { cookie: admin.cookie, query: { nameOrEmail: 'su' } })).status,
    ).toBe(400);
    const guests = await callRoute(usersRoute, '/api/users', {
      cookie: admin.cookie,
      query: { role: 'guest', count: 50 },
    });
    expect(guests.json.length).toBeGreaterThan(3);
    expect(guests.json.every((u: { role: string }) => u.role === 'guest')).toBe(true);
    const found = await callRoute(usersRoute, '/api/users', { cookie: admin.cookie, query: { nameOrEmail: 'suresh' } });
    expect(found.json.map((u: { email: string }) => u.email)).toContain('guest@vardhman.test');
    const everyone = await callRoute(clientUsersRoute, '/api/users/client', { cookie: admin.cookie });
    expect(everyone.json.every((u: { email: string }) => u.email.endsWith('@vardhman.test'))).toBe(true);
  });

  it('answers the email template of the client', async () => {
    const res = await callRoute(emailTemplateRoute, `/api/clients/${clientId}/email_template`, {
      cookie: admin.cookie,
      params: { clientId: String(clientId) },
    });
    expect(res.status).toBe(200);
    expect(res.json.body).toContain('{{obligorName}}');
  });
});

describe('customer search', () => {
  it('finds customers by name or code from 3 characters', async () => {
    const [obligor] = await database.db
      .select()
      .from(obligors)
      .where(and(eq(obligors.clientId, clientId), eq(obligors.sysObligorCode, obligorCode)));
    const byName = await callRoute(obligorSearchRoute, '/api/v3/parentobligors', {
      cookie: admin.cookie,
      query: { obligorName: obligor!.name.slice(0, 6) },
    });
    expect(byName.json.map((o: { sysObligorCode: string }) => o.sysObligorCode)).toContain(obligorCode);
    const byCode = await callRoute(obligorSearchRoute, '/api/v3/parentobligors', {
      cookie: admin.cookie,
      query: { obligorName: obligorCode },
    });
    expect(byCode.json[0].sysObligorCode).toBe(obligorCode);
    expect(
      (
        await callRoute(obligorSearchRoute, '/api/v3/parentobligors', {
          cookie: admin.cookie,
          query: { obligorName: 'ab' },
        })
      ).status,
    ).toBe(400);
  });
});
