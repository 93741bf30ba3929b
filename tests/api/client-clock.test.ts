import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { dayIn } from '@/lib/domain/instants';
import { refreshStaleRollups } from '@/lib/server/receivables/refresh-rollups';
import { hasSnapshot } from '@/lib/server/receivables/ageing-view';
import { GET as settingsRoute } from '@/app/api/clients/[clientId]/settings/route';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { POST as logCommRoute } from '@/app/api/communications/obligors/[code]/route';
import { POST as createTaskRoute } from '@/app/api/tasks/route';
import { callRoute } from '../helpers/api';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';
import type { TestDatabase } from '../helpers/db';

/*
 * A client's "today" is its own time zone's day, whatever the server's. The two zones below are
 * 25 hours apart (UTC-11 and UTC+14), so at every instant their days differ and the test cannot
 * pass by the server's clock agreeing with either.
 */
const WEST = 'Pacific/Pago_Pago';
const EAST = 'Pacific/Kiritimati';

let database: TestDatabase;
let clientId: number;
let cookie: string;
let obligorCode: string;
let assigneeId: number;

const setZone = (timeZone: string) => database.db.update(clients).set({ timeZone }).where(eq(clients.id, clientId));

const settings = async () =>
  (
    await callRoute(settingsRoute, `/api/clients/${clientId}/settings`, {
      cookie,
      params: { clientId: String(clientId) },
    })
  ).json as { timeZone: string; today: string };

const logComm = (commDate: string) =>
  callRoute(logCommRoute, `/api/communications/obligors/${obligorCode}`, {
    method: 'POST',
    cookie,
    params: { code: obligorCode },
    body: { commDate, channel: 'CALL', summary: 'Asked for the October dues.' },
  });

const createTask = (dueDate: string) =>
  callRoute(createTaskRoute, '/api/tasks', {
    method: 'POST',
    cookie,
    body: {
      name: 'Call about the dues',
      sysObligorCode: obligorCode,
      sysInvoiceNum: [],
      assigneeId,
      categoryId: 1,
      dueDate,
    },
  });

beforeAll(async () => {
  database = await createSeededDatabase();
  clientId = await clientIdOf(database, 'VARDHMAN');
  const signedIn = await signInAs(database, 'admin@vardhman.test');
  cookie = signedIn.cookie;
  assigneeId = signedIn.session.userId;
  const [first] = await queryRows(
    database.db,
    sql`select sys_obligor_code as code from obligors where client_id = ${clientId} order by sys_obligor_code limit 1`,
    row({ code: col.text }),
  );
  obligorCode = first!.code;
});
afterAll(() => database?.dispose());

describe("a client's today is its own time zone's day", () => {
  it('settings give the zone and its day, which every date default and bound then follows', async () => {
    const now = new Date();
    const [westDay, eastDay] = [dayIn(now, WEST), dayIn(now, EAST)];
    expect(westDay < eastDay).toBe(true);

    await setZone(WEST);
    expect(await settings()).toMatchObject({ timeZone: WEST, today: westDay });
    // The east's today is tomorrow (or later) for a client in the west: a conversation cannot be logged then,
    // and a task may fall due on it.
    const future = await logComm(eastDay);
    expect(future.status).toBe(400);
    expect(future.json.fields).toHaveProperty('commDate');
    expect((await logComm(westDay)).status).toBe(201);
    expect((await createTask(eastDay)).status).toBe(200);

    await setZone(EAST);
    expect(await settings()).toMatchObject({ timeZone: EAST, today: eastDay });
    expect((await logComm(eastDay)).status).toBe(201);
    // The west's today is already yesterday in the east: too late for a due date.
    const late = await createTask(westDay);
    expect(late.status).toBe(400);
    expect(late.json.fields).toHaveProperty('dueDate');
  });

  it("figures without a date are the client's today's", async () => {
    await setZone(WEST);
    const summary = (query: Record<string, string>) =>
      callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', { cookie, query });
    const westDay = dayIn(new Date(), WEST);
    expect((await summary({})).json).toEqual((await summary({ date: westDay })).json);
  });

  it("the rollups of a new day are added on the client's own day", async () => {
    await setZone(EAST);
    const eastDay = dayIn(new Date(), EAST);
    expect(await hasSnapshot(database.db, clientId, eastDay)).toBe(false);
    expect(await refreshStaleRollups(database.db, new Date())).toContain(clientId);
    expect(await hasSnapshot(database.db, clientId, eastDay)).toBe(true);
  });
});
