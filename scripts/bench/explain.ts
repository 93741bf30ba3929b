/**
 * For a call that misses its target: run it once through a Db that records every raw SQL query
 * (db.execute, which all the receivables services use for their heavy queries), then EXPLAIN
 * ANALYZE the slowest one and name the plan nodes that take the most time of their own.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';

interface Captured {
  query: SQL;
  ms: number;
}

/** Writes a statement out as the app's databases do (lib/db/client.ts: snake_case column names). */
const dialect = new PgDialect({ casing: 'snake_case' });

/** A view of `db` whose execute() also records the statement and its time. */
function capturing(db: Db, log: Captured[]): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return async (query: SQL) => {
          const started = performance.now();
          const result = await target.execute(query);
          log.push({ query, ms: performance.now() - started });
          return result;
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface PlanNode {
  node: string;
  /** Time of the node itself (its total over all loops minus its children's), ms. */
  selfMs: number;
  totalMs: number;
  rows: number;
  loops: number;
}

export interface Explanation {
  statementMs: number;
  statements: number;
  sql: string;
  params: unknown[];
  plan: string;
  costliest: PlanNode[];
}

/** Exclusive time per node of a text EXPLAIN ANALYZE plan (indentation gives the tree). */
export function costliestNodes(planLines: string[], top = 4): PlanNode[] {
  interface Parsed extends PlanNode {
    indent: number;
    childMs: number;
  }
  const nodes: Parsed[] = [];
  const stack: Parsed[] = [];
  for (const line of planLines) {
    const m =
      /^(\s*)(?:->\s+)?(.+?)\s+\(cost=[^)]*\)\s+\(actual time=([\d.]+)\.\.([\d.]+) rows=([\d.]+) loops=(\d+)\)/.exec(
        line,
      );
    if (!m) continue;
    const indent = m[1]!.length;
    const totalMs = Number(m[4]) * Number(m[6]);
    const node: Parsed = {
      node: m[2]!.trim(),
      indent,
      totalMs,
      childMs: 0,
      selfMs: 0,
      rows: Number(m[5]),
      loops: Number(m[6]),
    };
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.childMs += totalMs;
    stack.push(node);
    nodes.push(node);
  }
  for (const n of nodes) n.selfMs = Math.max(0, n.totalMs - n.childMs);
  // PostgreSQL's JIT compiles the expressions while the first rows are produced: its time shows up
  // inside the node timings above, and on its own in the "JIT: Timing: ... Total X ms" footer.
  const jit = planLines.map((l) => /^\s*Timing: Generation .* Total ([\d.]+) ms/.exec(l)).find(Boolean);
  if (jit)
    nodes.push({
      node: 'JIT compilation (jit=on; counted inside the node times above)',
      indent: 0,
      totalMs: Number(jit[1]),
      childMs: 0,
      selfMs: Number(jit[1]),
      rows: 0,
      loops: 1,
    });
  return nodes
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top + (jit ? 1 : 0))
    .map(({ node, selfMs, totalMs, rows, loops }) => ({
      node,
      selfMs: Math.round(selfMs * 10) / 10,
      totalMs: Math.round(totalMs * 10) / 10,
      rows,
      loops,
    }));
}

export async function explainSlowest(db: Db, call: (db: Db) => Promise<unknown>): Promise<Explanation | undefined> {
  const log: Captured[] = [];
  await call(capturing(db, log));
  const slowest = [...log].sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return undefined;
  // The statement itself again, inside EXPLAIN: the same text and parameters.
  const lines = await queryRows(db, sql`explain (analyze, buffers) ${slowest.query}`, row({ 'QUERY PLAN': col.text }));
  const plan = lines.map((line) => line['QUERY PLAN']);
  const { sql: text, params } = dialect.sqlToQuery(slowest.query);
  return {
    statementMs: Math.round(slowest.ms * 10) / 10,
    statements: log.length,
    sql: text,
    params,
    plan: plan.join('\n'),
    costliest: costliestNodes(plan),
  };
}
