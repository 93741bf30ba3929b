import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readStatementFile } from '@/lib/server/bank/read-statement-file';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'bank');
const source = (name: string, content: Buffer | string) => ({
  name,
  open: () => Readable.from([typeof content === 'string' ? Buffer.from(content) : content]),
});

/** SBI exports a workbook: the same statement as sbi.csv, dates as date cells and amounts as numbers. */
async function sbiWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  sheet.addRow(['Account Name       :', 'VARDHMAN TRADING COMPANY PVT LTD']);
  sheet.addRow(['Account Number     :', '00000031234567890']);
  sheet.addRow([]);
  sheet.addRow([
    'Txn Date',
    'Value Date',
    'Description',
    'Ref No./Cheque No.',
    'Branch Code',
    'Debit',
    'Credit',
    'Balance',
  ]);
  const day = (d: number) => new Date(Date.UTC(2026, 10, d));
  sheet.addRow([
    day(2),
    day(2),
    'BY TRANSFER-NEFT*UTIB0000123*UTIBN12026110200456789*SHREE GANESH TR--',
    'TRANSFER FROM 3199876543210',
    1111,
    null,
    75000,
    375000,
  ]);
  sheet.addRow([
    day(3),
    day(3),
    'BY TRANSFER-UPI/CR/430912345670/KAVERI AG/SBIN/9822011223@ybl/KAVERI01--',
    'TRANSFER FROM 4897691162091',
    1111,
    null,
    12345.67,
    387345.67,
  ]);
  sheet.addRow([
    day(5),
    day(5),
    'TO TRANSFER-INB NEFT UTR NO: SBIN426309000111 RENT',
    'TRANSFER TO 4897691162092',
    1111,
    40000,
    null,
    347345.67,
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading a statement file', () => {
  it('a CSV export: the HDFC fixture', async () => {
    const result = await readStatementFile(source('hdfc.csv', readFileSync(path.join(FIXTURES, 'hdfc.csv'))));
    expect(result.ok && [result.bank, result.lines.length, result.closingBalance]).toEqual(['HDFC', 5, 64_241_000]);
  });

  it('an XLSX export: date cells and numbers read as the CSV reads text', async () => {
    const result = await readStatementFile(source('sbi.xlsx', await sbiWorkbook()));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.bank).toBe('SBI');
    expect(result.lines.map((l) => [l.line, l.date, l.credit - l.debit, l.balance])).toEqual([
      [5, '2026-11-02', 7_500_000, 37_500_000],
      [6, '2026-11-03', 1_234_567, 38_734_567],
      [7, '2026-11-05', -4_000_000, 34_734_567],
    ]);
  });

  it('another kind of file, a broken workbook and a file that is not UTF-8 are refused with a reason', async () => {
    const refused = async (name: string, content: Buffer | string) => {
      const result = await readStatementFile(source(name, content));
      return result.ok ? '' : result.problems[0]!.reason;
    };
    expect(await refused('statement.pdf', '%PDF-1.7')).toMatch(/CSV or an XLSX/);
    expect(await refused('statement.xlsx', 'not a zip')).toMatch(/not a readable XLSX/);
    expect(await refused('statement.csv', Buffer.from([0x44, 0x61, 0x74, 0x65, 0xff, 0x0a]))).toMatch(/UTF-8/);
  });
});
