import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, parallelWorkers } from '@/lib/db/client';
import { allowParallelWorkers, queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { testServerUrl } from '../helpers/db';

/**
 * The app asks PostgreSQL for no parallel workers per statement unless DATABASE_PARALLEL_WORKERS
 * says otherwise (lib/db/client.ts); the benchmark's baseline asks for PostgreSQL's default.
 */
const saved = process.env.DATABASE_PARALLEL_WORKERS;
afterEach(() => {
  if (saved === undefined) delete process.env.DATABASE_PARALLEL_WORKERS;
  else process.env.DATABASE_PARALLEL_WORKERS = saved;
});

/** The setting as PostgreSQL reports it (text). */
const Setting = row({ w: col.text });

async function workersOf(options: { parallelWorkers?: number } = {}): Promise<string> {
  const database = await openDatabase({ url: testServerUrl(), ...options });
  try {
    // Two reads side by side: each pooled connection carries the setting, not only the first.
    const [a, b] = await Promise.all([
      queryRow(database.db, sql`select current_setting('max_parallel_workers_per_gather') as w`, Setting),
      queryRow(database.db, sql`select current_setting('max_parallel_workers_per_gather') as w`, Setting),
    ]);
    expect(a!.w).toBe(b!.w);
    return a!.w;
  } finally {
    await database.close();
  }
}

describe('parallel workers', () => {
  it('reads DATABASE_PARALLEL_WORKERS: none by default, a whole number of workers, anything else none', () => {
    delete process.env.DATABASE_PARALLEL_WORKERS;
    expect(parallelWorkers()).toBe(0);
    process.env.DATABASE_PARALLEL_WORKERS = '3';
    expect(parallelWorkers()).toBe(3);
    for (const bad of ['-1', '1.5', 'two']) {
      process.env.DATABASE_PARALLEL_WORKERS = bad;
      expect(parallelWorkers()).toBe(0);
    }
  });

  it.runIf(testServerUrl())('asks the PostgreSQL server for them on every connection', async () => {
    delete process.env.DATABASE_PARALLEL_WORKERS;
    expect(await workersOf()).toBe('0');
    process.env.DATABASE_PARALLEL_WORKERS = '1';
    expect(await workersOf()).toBe('1');
    expect(await workersOf({ parallelWorkers: 2 })).toBe('2');
  });

  it.runIf(testServerUrl())('lets a background rebuild use the default workers for its transaction only', async () => {
    delete process.env.DATABASE_PARALLEL_WORKERS;
    const database = await openDatabase({ url: testServerUrl(), parallelWorkers: undefined });
    const setting = sql`select current_setting('max_parallel_workers_per_gather') as w`;
    try {
      const inside = await database.db.transaction(async (tx) => {
        await allowParallelWorkers(tx);
        return (await queryRow(tx, setting, Setting))!.w;
      });
      expect(inside).toBe('2');
      expect((await queryRow(database.db, setting, Setting))!.w).toBe('0');
    } finally {
      await database.close();
    }
  });
});
