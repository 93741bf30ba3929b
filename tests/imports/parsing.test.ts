import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { csvRecords, CsvFormatError } from '@/lib/server/imports/csv';
import { kindOfFile, planHeader } from '@/lib/server/imports/header-plan';
import { parseAmount, parseDate } from '@/lib/server/imports/values';
import { xlsxRecords } from '@/lib/server/imports/xlsx';

async function read(...chunks: string[]) {
  async function* gen() {
    yield* chunks;
  }
  const out: { line: number; fields: string[] }[] = [];
  for await (const batch of csvRecords(gen())) out.push(...batch);
  return out;
}

describe('CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, with a BOM', async () => {
    const records = await read(
      '\uFEFFa,b,c\r\n"Krishna Agencies, Kanpur","say ""hi""","two\nlines"\r\nx,,z\n\n',
      'last,row,',
    );
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['Krishna Agencies, Kanpur', 'say "hi"', 'two\nlines'] },
      { line: 4, fields: ['x', '', 'z'] },
      { line: 6, fields: ['last', 'row', ''] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries (CR|LF, inside quotes, "" split)', async () => {
    const text = 'h1,h2\r\n"a ""q"" b",2\r\n"multi\r\nline",3\r\n';
    const whole = await read(text);
    for (let i = 1; i < text.length; i++) expect(await read(text.slice(0, i), text.slice(i))).toEqual(whole);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', async () => {
    await expect(read('a,b\n"open,1\n')).rejects.toThrow(CsvFormatError);
    await expect(read('a,b\n"x"y,1\n')).rejects.toMatchObject({ line: 2 });
  });
});

async function readXlsx(buffer: Buffer) {
  const out: { line: number; fields: string[] }[] = [];
  for await (const batch of xlsxRecords(Readable.from([buffer]))) out.push(...batch);
  return out;
}

describe('XLSX reader', () => {
  it('resolves the shared strings of a workbook whose sheets are zipped before them, every time', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(['sys_obligor_code', 'rating_date', 'rating']);
    sheet.addRow(['O1', new Date('2026-01-01T00:00:00Z'), 2]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    // exceljs's own zip walk lost the parts after the sheet about once in 700 reads: the header then
    // read "[object Object]". 2,000 reads of the same bytes, four at a time, must all give the text.
    const wrong: unknown[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = 0; n < 500; n++) {
          const records = await readXlsx(buffer);
          if (records[0]?.fields[0] !== 'sys_obligor_code' || records[1]?.fields[1] !== '2026-01-01')
            wrong.push(records);
        }
      }),
    );
    expect(wrong).toEqual([]);
  });

  it("reads the workbook's first tab, wherever its part lies in the zip", async () => {
    const workbook = new ExcelJS.Workbook();
    const second = workbook.addWorksheet('Notes');
    second.addRow(['not the data']);
    const first = workbook.addWorksheet('Data');
    first.addRow(['sys_obligor_code']);
    first.addRow(['O1']);
    // "Data" is the first tab, stored as sheet2.xml, zipped after sheet1.xml.
    // orderNo is the tab position; exceljs's types leave it out.
    Object.assign(second, { orderNo: 2 });
    Object.assign(first, { orderNo: 1 });
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
    const reordered = new JSZip();
    for (const name of [...names].sort()) reordered.file(name, await zip.file(name)!.async('uint8array'));
    const buffer = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(await readXlsx(buffer)).toEqual([
      { line: 1, fields: ['sys_obligor_code'] },
      { line: 2, fields: ['O1'] },
    ]);
  });
});

describe('values', () => {
  it('reads the three date styles and refuses impossible days', () => {
    expect(parseDate('2026-03-05')).toEqual({ ok: true, value: '2026-03-05' });
    expect(parseDate('05-03-2026')).toEqual({ ok: true, value: '2026-03-05' });
    expect(parseDate('05/03/2026')).toEqual({ ok: true, value: '2026-03-05' });
    expect(parseDate('29/02/2024')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDate('2000-02-29')).toEqual({ ok: true, value: '2000-02-29' });
    expect(parseDate('31-12-1900')).toEqual({ ok: true, value: '1900-12-31' });
    for (const bad of [
      '2026-02-29',
      '1900-02-29',
      '1899-12-31',
      '31/04/2026',
      '2026-13-01',
      '2026-00-10',
      '00/01/2026',
      '32-01-2026',
      '05-03/2026',
      '5/3/26',
      '2026/03/05',
      '',
    ])
      expect(parseDate(bad).ok, bad).toBe(false);
  });

  it('reads Indian and Western grouping and plain decimals, at most 2 decimals', () => {
    for (const text of ['12,34,567.50', '1,234,567.50', '1234567.5', '1234567.50']) {
      expect(parseAmount(text, { positive: true })).toEqual({ ok: true, value: '1234567.50' });
    }
    expect(parseAmount('1,00,000', { positive: true })).toEqual({ ok: true, value: '100000.00' });
    expect(parseAmount('0', { positive: false })).toEqual({ ok: true, value: '0.00' });
    expect(parseAmount('007.5', { positive: true })).toEqual({ ok: true, value: '7.50' });
    expect(parseAmount('0.01', { positive: true })).toEqual({ ok: true, value: '0.01' });
    expect(parseAmount('0,000.00', { positive: false })).toEqual({ ok: true, value: '0.00' });
    expect(parseAmount('00.00', { positive: true }).ok).toBe(false);
    for (const bad of ['0', '1.234', '12,3456', '1,23,45', '-5', '₹100', '1e5', '1 000']) {
      expect(parseAmount(bad, { positive: true }).ok, bad).toBe(false);
    }
  });

  it('knows the file kinds and names unknown and missing columns', () => {
    expect(kindOfFile('Invoices.XLSX')).toBe('invoices');
    expect(kindOfFile('payments-2026-11.csv')).toBe('payments');
    expect(kindOfFile('customers.csv')).toBeNull();
    expect(planHeader('ratings', ['sys_obligor_code', 'score']).errors).toEqual([
      'unknown column score (expected sys_obligor_code, rating_date, rating)',
      'missing required columns rating_date, rating',
    ]);
  });
});
