import { randomBytes } from 'node:crypto';
import { openDatabase, installDatabase, type Database } from '@/lib/db/client';
import { migrateDatabase } from '@/lib/db/migrate';

/** PostgreSQL under test when TEST_DATABASE_URL (or DATABASE_URL) is set, otherwise PGlite in memory. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export interface TestDatabase extends Database {
  /** The scratch database's URL on a PostgreSQL server (absent on PGlite). */
  url?: string;
  /** Closes the connection and drops the scratch database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated, empty database for one test file: an in-memory PGlite, or a scratch database
 * created on the PostgreSQL server (dropped on dispose), so test files never share state.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(database);
    installDatabase(database);
    return { ...database, dispose: () => database.close() };
  }
  const name = `rd_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url: serverUrl });
  await admin.db.execute(`create database ${name}` as never);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  installDatabase(database);
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await admin.db.execute(`drop database if exists ${name} with (force)` as never);
      await admin.close();
    },
  };
}
