import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCalls } from '@/lib/server/calls';

const API_ROOT = path.resolve(__dirname, '../../app/api');

/** `/tasks/{id}/close` → app/api/tasks/[id]/close/route.ts, as Next lays out the spec's paths. */
function routeFileOf(callPath: string): string {
  return path.join(
    API_ROOT,
    ...callPath
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/^\{(\w+)\}$/, '[$1]')),
    'route.ts',
  );
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

describe('the call table', () => {
  const calls = allCalls();

  it('names each call once, by method and path', () => {
    const keys = calls.map((c) => `${c.contract.method} ${c.contract.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
  });

  it('binds every call in the route file of its path, and that file binds nothing else', async () => {
    for (const served of calls) {
      const file = routeFileOf(served.contract.path);
      const mod = (await import(file)) as Record<string, { served?: unknown }>;
      expect(
        mod[served.contract.method]?.served,
        `${served.id}: ${path.relative(API_ROOT, file)} exports ${served.contract.method}`,
      ).toBe(served);
    }
  });

  it('leaves no route file outside the table', async () => {
    const bound = new Set(calls.map((c) => routeFileOf(c.contract.path)));
    const unbound = routeFiles(API_ROOT)
      .filter((file) => !bound.has(file))
      .map((file) => path.relative(API_ROOT, file));
    expect(unbound).toEqual(LEGACY_ROUTES);
  });
});

/** Route files not yet bound to the call table; the list only shrinks. */
const LEGACY_ROUTES: string[] = [];
