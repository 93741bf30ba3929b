import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tellDateOrder } from '@/lib/server/imports/date-order';
import { dateColumns, IMPORT_KINDS, type ImportKind } from '@/lib/server/imports/formats';
import { dateReadings, parseDate } from '@/lib/server/imports/values';
import { csv, file } from './helpers';

/** The columns of a kind before and after its dates, each date column holding the row's date. */
const SHAPES: Record<Exclude<ImportKind, 'obligors'>, { header: string; row: (n: number, d: string) => string }> = {
  invoices: {
    header: 'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
    row: (n, d) => `I${n},INV/${n},C1,${d},${d},1000`,
  },
  instalments: { header: 'sys_invoice_num,due_date,amount', row: (n, d) => `I${n},${d},1000` },
  payments: { header: 'payment_ref,sys_invoice_num,paid_date,amount', row: (n, d) => `R${n},I${n},${d},1000` },
  allocations: {
    header: 'payment_ref,sys_invoice_num,amount,allocated_date',
    row: (n, d) => `R${n},I${n},1000,${d}`,
  },
  ratings: { header: 'sys_obligor_code,rating_date,rating', row: (n, d) => `C${n},${d},2` },
  disputes: {
    header: 'sys_invoice_num,opened_date,reason,amount,resolved_date,outcome',
    row: (n, d) => `I${n},${d},QUALITY,1000,,`,
  },
  cheques: {
    header: 'sys_obligor_code,cheque_number,bank_name,cheque_date,amount',
    row: (n, d) => `C${n},00451${n},HDFC Bank,${d},1000`,
  },
};
const KINDS = Object.keys(SHAPES) as (keyof typeof SHAPES)[];
const FIRST_DATE_COLUMN = {
  invoices: 'issue_date',
  instalments: 'due_date',
  payments: 'paid_date',
  allocations: 'allocated_date',
  ratings: 'rating_date',
  disputes: 'opened_date',
  cheques: 'cheque_date',
};

const fileOf = (kind: keyof typeof SHAPES, dates: string[]) =>
  file(`${kind}.csv`, csv([SHAPES[kind].header, ...dates.map((d, i) => SHAPES[kind].row(i + 1, d))]));

describe('dates of one or two digits, day-first or month-first', () => {
  it('reads single-digit days and months in the order given', () => {
    expect(parseDate('1/2/2013')).toEqual({ ok: true, value: '2013-02-01' });
    expect(parseDate('1/2/2013', 'mdy')).toEqual({ ok: true, value: '2013-01-02' });
    expect(parseDate('5-3-2026')).toEqual({ ok: true, value: '2026-03-05' });
    expect(parseDate('01/13/2013', 'mdy')).toEqual({ ok: true, value: '2013-01-13' });
    expect(parseDate('2013-01-13', 'mdy')).toEqual({ ok: true, value: '2013-01-13' });
    expect(parseDate('01/13/2013')).toEqual({
      ok: false,
      reason: '"01/13/2013" is not a calendar date day-first (it reads month-first only)',
    });
    for (const bad of ['1/2/13', '123/1/2013', '1/2-2013', '2/30/2013', '30/2/2013'])
      expect(parseDate(bad, 'mdy').ok && parseDate(bad).ok, bad).toBe(false);
  });

  it('tells what a cell can mean', () => {
    expect(dateReadings('02/10/2013')).toEqual({ dmy: '2013-10-02', mdy: '2013-02-10' });
    expect(dateReadings('13/01/2013')).toEqual({ dmy: '2013-01-13', mdy: null });
    expect(dateReadings('5/5/2013')).toEqual({ dmy: '2013-05-05', mdy: '2013-05-05' });
    expect(dateReadings('2013-02-10')).toEqual({ dmy: '2013-02-10', mdy: '2013-02-10' });
    expect(dateReadings('Feb 10')).toBeNull();
  });
});

describe('the date order of a file, told from its values', () => {
  it('obligors have no date column', () => {
    expect(dateColumns('obligors')).toEqual([]);
    expect(IMPORT_KINDS.filter((k) => dateColumns(k).length)).toEqual(KINDS.slice().sort(byKindOrder));
  });

  it.each(KINDS)('%s: a month-first file is read month-first, and the report says why', async (kind) => {
    const finding = await tellDateOrder(fileOf(kind, ['02/10/2013', '01/13/2013', '1/2/2013']), kind);
    expect(finding).toEqual({
      order: 'mdy',
      refusal: null,
      warning: `${kind}.csv: dates read month-first (${FIRST_DATE_COLUMN[kind]} 01/13/2013 on line 3 can only be month-first)`,
    });
  });

  it.each(KINDS)('%s: a day-first file is read day-first without a note', async (kind) => {
    const finding = await tellDateOrder(fileOf(kind, ['02/10/2013', '13/01/2013', '1/2/2013']), kind);
    expect(finding).toEqual({ order: 'dmy', refusal: null, warning: null });
  });

  it.each(KINDS)('%s: ISO dates and dates the same both ways depend on no order', async (kind) => {
    const finding = await tellDateOrder(fileOf(kind, ['2013-01-13', '2013-10-02', '05/05/2013']), kind);
    expect(finding).toEqual({ order: 'dmy', refusal: null, warning: null });
  });

  it.each(KINDS)('%s: every date ambiguous is read day-first, with a note', async (kind) => {
    const finding = await tellDateOrder(fileOf(kind, ['02/10/2013', '03/11/2013', '2013-01-20']), kind);
    expect(finding).toEqual({
      order: 'dmy',
      refusal: null,
      warning: `${kind}.csv, ${FIRST_DATE_COLUMN[kind]}: every date reads both ways (02/10/2013, ${kind === 'invoices' ? '02/10/2013' : '03/11/2013'}): read day-first; pass --date-order mdy if the file is month-first`,
    });
  });

  it.each(KINDS)('%s: a file mixing both is refused with one message', async (kind) => {
    const finding = await tellDateOrder(fileOf(kind, ['02/10/2013', '13/01/2013', '01/13/2013', '01/14/2013']), kind);
    expect(finding.refusal).toEqual({
      column: FIRST_DATE_COLUMN[kind],
      reason: `${kind}.csv, ${FIRST_DATE_COLUMN[kind]}: 02/10/2013 and 13/01/2013 read day-first; 01/13/2013 reads month-first only: pass --date-order mdy or fix the file`,
    });
  });

  it('a mixed file mostly day-first suggests dmy, and names the columns when they differ', async () => {
    const invoices = file(
      'invoices.csv',
      csv([SHAPES.invoices.header, 'I1,1,C1,13/01/2013,14/01/2013,1', 'I2,2,C1,15/01/2013,01/20/2013,1']),
    );
    expect((await tellDateOrder(invoices, 'invoices')).refusal).toEqual({
      column: 'issue_date',
      reason:
        'invoices.csv: due_date 01/20/2013 reads month-first; issue_date 13/01/2013 reads day-first only: pass --date-order dmy or fix the file',
    });
  });
});

describe('the date order of a workbook', () => {
  it('real date cells depend on no order; text cells are told like CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(SHAPES.invoices.header.split(','));
    // An ERP writing the issue date as an Excel date and the due date as month-first text.
    sheet.addRow(['I1', 'INV/1', 'C1', new Date('2013-01-20T00:00:00Z'), '02/10/2013', 1000]);
    sheet.addRow(['I2', 'INV/2', 'C1', new Date('2013-02-25T00:00:00Z'), '03/27/2013', 1000]);
    const xlsx = file('invoices.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await tellDateOrder(xlsx, 'invoices')).toEqual({
      order: 'mdy',
      refusal: null,
      warning: 'invoices.xlsx: dates read month-first (due_date 03/27/2013 on line 3 can only be month-first)',
    });
  });
});

function byKindOrder(a: ImportKind, b: ImportKind) {
  return IMPORT_KINDS.indexOf(a) - IMPORT_KINDS.indexOf(b);
}
