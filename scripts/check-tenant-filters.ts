/**
 * Proves, after the PostgreSQL test run, that every statement the product sent to a tenant table
 * (one with a client_id column) names the tenant: `client_id` appears in it at least once for each
 * tenant table it reads or writes (its where, or the join's condition). The run logs its
 * statements with SQL_STATEMENT_LOG=<folder> (lib/db/statement-log.ts); this reads that folder.
 * A statement on a tenant table without `client_id` could not be routed to the shard holding its
 * client (docs/scaling.md), and might read another client's rows.
 *
 * usage: tsx scripts/check-tenant-filters.ts <folder>
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import * as schema from '@/lib/db/schema';

/**
 * Statements allowed on a tenant table without its client, each with the reason. Keyed by the
 * call (or job) that sends them and a fragment of the statement.
 */
const ALLOWED: { origin: string; fragment: RegExp; why: string }[] = [
  {
    origin: 'personnel.invite',
    fragment: /^select "id" from "users" where "users"\."email" = \$1/,
    why: 'an e-mail signs in to exactly one client, so a new user is refused when any client already has it',
  },
  {
    origin: 'customerDoor.invite',
    fragment: /^select "id" from "users" where "users"\."email" = \$1/,
    why: 'a customer user signs in by e-mail like staff: refused when any client already has the address',
  },
];

interface Logged {
  origin: string;
  query: string;
}

function tenantTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is Table => isTable(value))
    .filter((table) => 'clientId' in getTableColumns(table))
    .map((table) => getTableName(table));
}

/** DDL and the migrator's own statements: not reads or writes of a client's rows. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|comment|grant|analyze|vacuum|set|reset|begin|commit|rollback)\b/i;

function main(folder: string): number {
  const tables = tenantTables();
  // Each reading or writing of a tenant table: `from invoices i`, `join "payments"`, `update "tasks"`.
  const reference = new RegExp(`\\b(?:from|join|update|into)\\s+"?(${tables.join('|')})"?(?=[\\s),;]|$)`, 'gi');
  const mentions = (query: string) => [...query.matchAll(reference)].map((m) => m[1]!.toLowerCase());
  const statements = new Map<string, Logged>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (!line) continue;
      const logged = JSON.parse(line) as Logged;
      statements.set(`${logged.origin}\u0000${logged.query}`, logged);
    }
  }
  const offending: (Logged & { tables: string[] })[] = [];
  let checked = 0;
  for (const logged of statements.values()) {
    if (SCHEMA_CHANGE.test(logged.query)) continue;
    const named = mentions(logged.query);
    if (named.length === 0) continue;
    checked += 1;
    // Every reference needs its own tenant condition (a where, or a join on client_id), so a statement
    // names client_id at least as often as it reads tenant tables.
    if ((logged.query.match(/\bclient_id\b/gi) ?? []).length >= named.length) continue;
    if (ALLOWED.some((a) => logged.origin === a.origin && a.fragment.test(logged.query))) continue;
    offending.push({ ...logged, tables: named });
  }
  console.log(
    `Tenant filters: ${statements.size} distinct statements logged, ${checked} touch a tenant table (${tables.length} tables), ${offending.length} without a client_id condition for each.`,
  );
  for (const o of offending) {
    console.log(`\n!!! ${o.origin} (${o.tables.join(', ')}):\n${o.query.replace(/\s+/g, ' ').slice(0, 600)}`);
  }
  if (statements.size === 0) {
    console.log('!!! no statement was logged: is SQL_STATEMENT_LOG passed to the test run?');
    return 1;
  }
  return offending.length ? 1 : 0;
}

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/check-tenant-filters.ts <folder>');
  process.exit(2);
}
process.exit(main(folder));
