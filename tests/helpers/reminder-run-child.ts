/**
 * A reminder run in a process of its own, for tests that kill it half-way (tests/api/dunning-faults.test.ts):
 * the daily run of CLIENT_ID on DATABASE_URL, mail through SMTP_URL.
 */
import { openDatabase } from '@/lib/db/client';
import { runReminders } from '@/lib/server/dunning/runs';

const database = await openDatabase({ url: process.env.DATABASE_URL, role: 'jobs' });
console.log('reminder run started');
await runReminders(database.db, {
  clientId: Number(process.env.CLIENT_ID),
  userId: null,
  trigger: 'DAILY',
  dryRun: false,
});
console.log('reminder run finished');
await database.close();
