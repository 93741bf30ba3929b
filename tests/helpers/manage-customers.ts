import { GET as listRoute } from '@/app/api/obligors/list/route';
import { callRoute } from './api';
import type { TestDatabase } from './db';
import { clientIdOf, createSeededDatabase, signInUser } from './seeded';

/** A demo user signed in: their cookie and id. */
interface Person {
  cookie: string;
  userId: number;
}

/** The demo data of the Manage customers tests: the two borrower clients, and the admin, field officer and area sales manager of one. */
export interface ManageCustomersWorld {
  database: TestDatabase;
  clientId: number;
  kaveriId: number;
  admin: Person;
  guest: Person;
  rep: Person;
}

export async function manageCustomersWorld(): Promise<ManageCustomersWorld> {
  const database = await createSeededDatabase();
  return {
    database,
    clientId: await clientIdOf(database, 'VARDHMAN'),
    kaveriId: await clientIdOf(database, 'KAVERI'),
    admin: await signInUser(database, 'admin@vardhman.test'),
    guest: await signInUser(database, 'guest@vardhman.test'),
    rep: await signInUser(database, 'rep@vardhman.test'),
  };
}

/** GET obligors/list as the holder of `cookie`. */
export const listObligors = (cookie: string, query: Record<string, string | number | undefined> = {}) =>
  callRoute(listRoute, '/api/obligors/list', { cookie, query });

/** The list's total, from x-totalrecords. */
export const totalRecords = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));
