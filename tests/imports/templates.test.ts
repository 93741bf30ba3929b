import { describe, expect, it } from 'vitest';
import { csvRecords } from '@/lib/server/imports/csv';
import { convertRow, IMPORT_KINDS } from '@/lib/server/imports/formats';
import { planHeader } from '@/lib/server/imports/header-plan';
import { columnGuide, templateCsv } from '@/lib/server/imports/templates';

async function records(text: string) {
  async function* gen() {
    yield text;
  }
  const out: string[][] = [];
  for await (const batch of csvRecords(gen())) out.push(...batch.map((r) => r.fields));
  return out;
}

describe('import templates and the column guide', () => {
  it.each(IMPORT_KINDS)('the %s template is a header the import knows and an example row it accepts', async (kind) => {
    const [header, example] = await records(templateCsv(kind));
    const plan = planHeader(kind, header!);
    expect(plan.errors).toEqual([]);
    const problems: string[] = [];
    const row = convertRow(kind, plan, example!, 2, { currency: 'INR', dateOrder: 'dmy' }, (column, reason) =>
      problems.push(`${column}: ${reason}`),
    );
    expect(problems).toEqual([]);
    expect(row.ok).toBe(true);
  });

  it('quotes a cell with a comma and describes every column, required ones marked', async () => {
    expect(templateCsv('ratings')).toBe('sys_obligor_code,rating_date,rating\r\nC1001,2026-11-30,2\r\n');
    expect(templateCsv('obligors').split('\r\n')[1]).toContain('"Krishna Agencies, Kanpur"');
    const invoices = columnGuide('invoices');
    expect(invoices.filter((c) => c.required).map((c) => c.name)).toEqual([
      'sys_invoice_num',
      'invoice_num',
      'sys_obligor_code',
      'issue_date',
      'amount',
    ]);
    expect(invoices.every((c) => c.format.length > 0)).toBe(true);
  });
});
