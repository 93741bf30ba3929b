import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Logger } from 'drizzle-orm/logger';

/**
 * With SQL_STATEMENT_LOG=<folder> (the PostgreSQL test run sets it), every distinct statement the
 * product sends while it serves a call or runs a job is written there once, with the call's or
 * job's name, so that `scripts/check-tenant-filters.ts` can prove each one names the tenant
 * (`client_id`). Statements sent by tests themselves (fixtures, checks) carry no name and are left
 * out. Off by default, and then free.
 */
const folder = process.env.SQL_STATEMENT_LOG;
const origin = new AsyncLocalStorage<string>();

/** Runs `work` as `name` (a call's id, a job's name): the statements it sends are logged under it. */
export function asStatementOrigin<T>(name: string, work: () => T): T {
  return folder ? origin.run(name, work) : work();
}

export function statementLogger(): Logger | undefined {
  if (!folder) return undefined;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${process.pid}-${threadId}.jsonl`);
  const seen = new Set<string>();
  return {
    logQuery(query: string) {
      const name = origin.getStore();
      if (!name || seen.has(`${name}\u0000${query}`)) return;
      seen.add(`${name}\u0000${query}`);
      appendFileSync(file, `${JSON.stringify({ origin: name, query })}\n`);
    },
  };
}
