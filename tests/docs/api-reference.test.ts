import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLS, allCalls } from '@/lib/server/calls';
import { callName, renderApiReference } from '@/scripts/api-reference/render';
import { fieldsOf } from '@/scripts/api-reference/schema-fields';
import { SPEC_CALLS } from '@/scripts/api-reference/spec-calls';
import { ZCreateTaskBody } from '@/lib/contract/tasks';

const API_MD = path.resolve(__dirname, '../../docs/api.md');

describe('docs/api.md, the API reference', () => {
  it('is what the call table gives today (else: run npm run docs:api and commit docs/api.md)', () => {
    const committed = readFileSync(API_MD, 'utf8');
    // A boolean, so that a stale file fails with the fix in its message rather than a diff of 2,000 lines.
    expect(committed === renderApiReference(CALLS), 'docs/api.md is stale: run npm run docs:api').toBe(true);
  });

  it("marks as the spec's only calls that are still in the table", () => {
    const names = new Set(allCalls().map((c) => callName(c.contract)));
    expect([...SPEC_CALLS].filter((name) => !names.has(name))).toEqual([]);
  });

  it('lists a body with its types, limits, defaults and required fields', () => {
    const fields = fieldsOf(ZCreateTaskBody);
    expect(fields.find((f) => f.name === 'name')).toEqual({
      name: 'name',
      type: 'string, 3–200 characters',
      required: true,
    });
    expect(fields.find((f) => f.name === 'sysInvoiceNum')).toEqual({
      name: 'sysInvoiceNum',
      type: 'list of (string, 1–64 characters), at most 50 items',
      default: '[]',
      required: false,
    });
    expect(fields.find((f) => f.name === 'dueDate')?.type).toBe('date yyyy-mm-dd');
  });
});
