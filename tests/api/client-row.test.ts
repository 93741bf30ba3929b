import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { currentSessionClient, revokeSession } from '@/lib/server/auth/current-session';
import { clientToday, todayOf } from '@/lib/server/clients/client-day';
import { forgetClientRow, getClient, withClientRow } from '@/lib/server/clients/get-client';
import { GET as summaryRoute } from '@/app/api/v4/clients/receivables/current/summary/route';
import { callRoute } from '../helpers/api';
import { clientIdOf, createSeededDatabase, signInAs } from '../helpers/seeded';
import type { TestDatabase } from '../helpers/db';

/*
 * The HTTP binding reads the tenant's row in the session check's statement and holds it while the
 * call runs, so that a service's getClient or clientToday costs no round trip. These check that the
 * row is the session's client's, is held only while the call runs and only for that client, and is
 * let go once the call changes it.
 */
let database: TestDatabase;
let clientId: number;
let otherId: number;

/** A database that fails any statement: what a read that should not happen would hit. */
const NO_READS = new Proxy({} as Db, {
  get: () => () => {
    throw new Error('read the database');
  },
});

beforeAll(async () => {
  database = await createSeededDatabase(0.02);
  clientId = await clientIdOf(database, 'VARDHMAN');
  otherId = (await database.db.select({ id: clients.id }).from(clients)).find((c) => c.id !== clientId)!.id;
}, 120_000);
afterAll(() => database?.dispose());

describe("the client's row read with the session check", () => {
  it("is the session's own client's row while the session is current, and null once it was signed out", async () => {
    const { session } = await signInAs(database, 'admin@vardhman.test');
    const row = await currentSessionClient(database.db, session);
    expect(row).toEqual(await getClient(database.db, clientId));
    await revokeSession(database.db, session);
    expect(await currentSessionClient(database.db, session)).toBeNull();
  });

  it('answers getClient and clientToday without a read while the call runs, for that client only', async () => {
    const row = await getClient(database.db, clientId);
    await withClientRow(row, async () => {
      expect(await getClient(NO_READS, clientId)).toBe(row);
      expect(await clientToday(NO_READS, clientId)).toBe(todayOf(row));
      await expect(getClient(NO_READS, otherId)).rejects.toThrow('read the database');
      expect((await getClient(database.db, otherId)).id).toBe(otherId);
    });
  });

  it('is let go when the call ends, and when the call changes the row', async () => {
    const row = await getClient(database.db, clientId);
    let escaped: (() => Promise<unknown>) | undefined;
    await withClientRow(row, async () => {
      // A streamed answer or a job started by the call runs after it: it reads afresh.
      escaped = () => getClient(NO_READS, clientId);
      expect(await escaped()).toBe(row);
    });
    await expect(escaped!()).rejects.toThrow('read the database');
    await withClientRow(row, async () => {
      forgetClientRow(); // as saving the payment details does
      await expect(getClient(NO_READS, clientId)).rejects.toThrow('read the database');
    });
  });

  it('serves a call its own client’s figures in its own time zone, changed between two calls', async () => {
    const { cookie } = await signInAs(database, 'admin@vardhman.test');
    const zones = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'];
    const dates: string[] = [];
    for (const timeZone of zones) {
      await database.db.update(clients).set({ timeZone }).where(eq(clients.id, clientId));
      const res = await callRoute(summaryRoute, '/api/v4/clients/receivables/current/summary', { cookie });
      expect(res.status).toBe(200);
      dates.push(res.json.date);
    }
    expect(dates).toEqual(zones.map((timeZone) => todayOf({ timeZone })));
  });
});
