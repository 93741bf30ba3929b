import 'server-only';
import ExcelJS from 'exceljs';
import type { Db } from '@/lib/db/client';
import { XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import type { TProvisionQuery } from '@/lib/contract/provision';
import { moneyFormat } from '@/lib/server/reports/excel-format';
import { getClient } from '@/lib/server/clients/get-client';
import { provisionWorkings } from './provision';

const RATE_FORMAT = '0.0000%';

/**
 * GET /provision/workbook.xlsx: the matrix with every rate's working, as formulas that add up in
 * Excel. 'Matrix': per segment and bucket the balance, loss rate, adjustment, allowance
 * (= balance x (rate + adjustment)) and the totals; 'Working': per segment the month-end balances
 * of each bucket, the write-offs, and each rate's numerator and denominator as SUMs of them.
 */
export async function provisionWorkbook(db: Db, clientId: number, query: TProvisionQuery): Promise<Response> {
  const client = await getClient(db, clientId);
  const { answer, history, writeOffs } = await provisionWorkings(db, clientId, query);
  const money = moneyFormat(client.currency, client.locale);
  const book = new ExcelJS.Workbook();
  const matrix = book.addWorksheet('Matrix');
  const working = book.addWorksheet('Working');
  const day = (iso: string) => iso.split('-').reverse().join('/');
  const method = answer.method === 'ROLL_RATE' ? 'roll-rate' : 'written off later';
  matrix.addRow([`Expected-credit-loss provision as of ${day(answer.date)} (${method} method)`]).font = { bold: true };
  matrix.addRow([
    `${client.name}; rates from the month ends ${day(answer.monthEnds[0]!)} to ${day(answer.monthEnds.at(-1)!)}`,
  ]);
  matrix.addRow([]);
  matrix.addRow(['Segment', 'Bucket', 'Balance', 'Loss rate', 'Adjustment', 'Allowance', 'Adjustment reason']).font = {
    bold: true,
  };
  const totals: string[] = [];
  let w = 1; // the Working sheet's next row
  for (const s of answer.segments) {
    const first = matrix.rowCount + 1;
    // Working: the month ends of this segment, then the rates' sums.
    working.getRow(w).values = [s.segment];
    working.getRow(w).font = { bold: true };
    w++;
    working.getRow(w).values = [
      'Month end',
      ...s.buckets.map((b) => b.bucket),
      'Written off in the month',
      `Entered ${s.buckets.at(-1)!.bucket} in the month`,
    ];
    working.getRow(w).font = { bold: true };
    w++;
    const top = w;
    const own = history.get(s.key);
    for (const end of answer.monthEnds) {
      const written = writeOffs
        .filter((o) => o.key === s.key && o.monthEnd === end && o.bucket === null)
        .reduce((sum, o) => sum + o.amount, 0);
      working.getRow(w).values = [day(end), ...(own?.get(end) ?? [0, 0, 0, 0, 0]), written];
      // The open-ended last bucket: what entered it is its growth plus what was written off from it.
      if (w > top) working.getRow(w).getCell(8).value = { formula: `MAX(0,F${w}-F${w - 1}+G${w})` };
      w++;
    }
    const bottom = w - 1;
    const letter = (i: number) => String.fromCharCode(66 + i); // B..F the buckets, G write-offs, H entered the last
    const rateRows: number[] = [];
    working.getRow(w).values = ['', 'numerator', 'denominator', 'rate'];
    working.getRow(w).font = { italic: true };
    w++;
    s.buckets.forEach((b, i) => {
      const r = working.getRow(w);
      r.getCell(1).value =
        `${b.bucket}: ${answer.method === 'ROLL_RATE' ? 'roll rate' : 'written off later / balance'}`;
      if (answer.method === 'ROLL_RATE') {
        // What rolled on a month later (the next bucket, or written off) over this bucket's balance the month before.
        const last = s.buckets.length - 1;
        const next = i === last ? 'G' : i === last - 1 ? 'H' : letter(i + 1);
        r.getCell(2).value = { formula: `SUM(${next}${top + 1}:${next}${bottom})`, result: b.working.numerator };
        r.getCell(3).value = {
          formula: `SUM(${letter(i)}${top}:${letter(i)}${bottom - 1})`,
          result: b.working.denominator,
        };
      } else {
        r.getCell(2).value = b.working.numerator;
        r.getCell(3).value = {
          formula: `SUM(${letter(i)}${top}:${letter(i)}${bottom})`,
          result: b.working.denominator,
        };
      }
      r.getCell(4).value = { formula: `IF(C${w}>0,MIN(1,B${w}/C${w}),0)`, result: b.working.rate };
      r.getCell(4).numFmt = RATE_FORMAT;
      rateRows.push(w);
      w++;
    });
    for (let r = top; r <= bottom; r++) for (let c = 2; c <= 8; c++) working.getRow(r).getCell(c).numFmt = money;
    w++;
    s.buckets.forEach((b, i) => {
      const r = matrix.addRow([s.segment, b.bucket, b.balance]);
      const n = r.number;
      // The loss rate: the chain of roll rates from this bucket down, or the bucket's own share.
      const chain =
        answer.method === 'ROLL_RATE'
          ? rateRows
              .slice(i)
              .map((row) => `Working!D${row}`)
              .join('*')
          : `Working!D${rateRows[i]}`;
      r.getCell(4).value = { formula: chain, result: b.lossRate };
      r.getCell(5).value = {
        formula: `D${n}*${(s.adjustment?.percent ?? 0) / 100}`,
        result: b.adjustment,
      };
      r.getCell(6).value = { formula: `ROUND(MAX(0,C${n})*MIN(1,D${n}+E${n}),2)`, result: b.allowance };
      if (i === 0 && s.adjustment) r.getCell(7).value = `${s.adjustment.percent}%: ${s.adjustment.reason}`;
      r.getCell(3).numFmt = money;
      r.getCell(4).numFmt = RATE_FORMAT;
      r.getCell(5).numFmt = RATE_FORMAT;
      r.getCell(6).numFmt = money;
    });
    const last = matrix.rowCount;
    const t = matrix.addRow([`${s.segment} total`, '']);
    t.getCell(3).value = { formula: `SUM(C${first}:C${last})`, result: s.balance };
    t.getCell(6).value = { formula: `SUM(F${first}:F${last})`, result: s.allowance };
    t.getCell(3).numFmt = money;
    t.getCell(6).numFmt = money;
    t.font = { bold: true };
    totals.push(`F${t.number}`);
  }
  matrix.addRow([]);
  const total = matrix.addRow(['Allowance', '']);
  total.getCell(6).value = { formula: totals.length ? totals.join('+') : '0', result: answer.allowance };
  total.getCell(6).numFmt = money;
  total.font = { bold: true };
  const previous = matrix.addRow([`Allowance at ${day(answer.previousDate)}`, '']);
  previous.getCell(6).value = answer.previousAllowance;
  previous.getCell(6).numFmt = money;
  const movement = matrix.addRow(['Movement', '']);
  movement.getCell(6).value = {
    formula: `F${total.number}-F${previous.number}`,
    result: answer.allowance - answer.previousAllowance,
  };
  movement.getCell(6).numFmt = money;
  matrix.addRow([]);
  matrix.addRow(['Journal entry']).font = { bold: true };
  matrix.addRow([answer.journal]);
  matrix.getColumn(1).width = 28;
  matrix.getColumn(2).width = 10;
  for (const c of [3, 6]) matrix.getColumn(c).width = 18;
  for (const c of [4, 5]) matrix.getColumn(c).width = 12;
  working.getColumn(1).width = 34;
  for (let c = 2; c <= 8; c++) working.getColumn(c).width = 16;
  const buffer = await book.xlsx.writeBuffer();
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="provision-${answer.date}.xlsx"`,
      'cache-control': 'private, no-store',
    },
  });
}
