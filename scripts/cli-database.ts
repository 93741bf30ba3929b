/**
 * Opens the database for a command-line tool that may run beside the app. PostgreSQL admits both
 * at once. The embedded PGlite directory admits one process: while the app (or another tool)
 * holds it, say so and wait for it to be released, or give up at once with --no-wait.
 */
import path from 'node:path';
import { defaultDataDir, openDatabase, type Database } from '@/lib/db/client';
import { dataDirOwner } from '@/lib/db/data-dir-lock';
import { migrateDatabase } from '@/lib/db/migrate';

const POLL_MS = 2_000;

export async function openForCli(options: { wait: boolean; log: (message: string) => void }): Promise<Database | null> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = defaultDataDir();
    let owner = dataDirOwner(dir);
    if (owner) {
      const where = path.relative(process.cwd(), dir) || dir;
      options.log(
        `The embedded database ${where} is in use by process ${owner.pid} (${owner.command}) since ${owner.since}.\n` +
          'It admits one process at a time: stop the app, or upload the files on the Integrations page (/borrowers/integrations),\n' +
          'or run against PostgreSQL (DATABASE_URL), where both may run at once.',
      );
      if (!options.wait) return null;
      options.log('Waiting for it to be released (Ctrl-C to give up)...');
      while ((owner = dataDirOwner(dir))) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      options.log('Released: continuing.');
    }
  }
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  return database;
}
