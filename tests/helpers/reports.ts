import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import { expect } from 'vitest';
import { GET as downloadRoute } from '@/app/api/reports/download.xlsx/route';
import { RECEIPT_KIND_LABEL } from '@/lib/domain/statement';
import { callRoute } from './api';
import { TEST_TODAY } from './seeded';

/*
 * The report tests' reading of GET /reports/download.xlsx (the workbook, each sheet as a table) and
 * of the paged API answers its totals are checked against.
 */

type Route = Parameters<typeof callRoute>[0];
type Query = Record<string, string | number | undefined>;

export async function download(cookie: string, query: Query) {
  const url = new URL('http://localhost:3000/api/reports/download.xlsx');
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await downloadRoute(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) });
  const buffer = Buffer.from(await res.arrayBuffer());
  return { res, buffer };
}

export async function workbook(cookie: string, report: string, date = TEST_TODAY) {
  const { res, buffer } = await download(cookie, { report, date });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return { wb, res };
}

/** Header names, data rows (as header -> value) and the total row of a sheet. */
export function table(ws: ExcelJS.Worksheet) {
  const headers = (ws.getRow(3).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  let total: Record<string, unknown> | null = null;
  ws.eachRow((row, n) => {
    if (n <= 3) return;
    const values = (row.values as unknown[]).slice(1);
    const record = Object.fromEntries(
      headers.map((h, i) => {
        const v = values[i];
        return [h, v && typeof v === 'object' && 'result' in (v as object) ? (v as { result: unknown }).result : v];
      }),
    );
    if (values[0] === 'Total') total = record;
    else rows.push(record);
  });
  return { headers, rows, total: total as Record<string, unknown> | null };
}

/** The Type of a receipt's line on the open-invoice sheet. */
export const RECEIPT_TYPES = Object.values(RECEIPT_KIND_LABEL);

export const get = (cookie: string, route: Route, path: string, query: Query = {}) =>
  callRoute(route, path, { cookie, query });
export const totalOf = (res: { headers: Headers }) => Number(res.headers.get('x-totalrecords'));
export const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
export const sum = (values: unknown[]) => values.reduce<number>((s, v) => s + cents(v), 0) / 100;

export async function allPages<T>(cookie: string, route: Route, path: string, query: Query): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 1; ; offset += 1) {
    const res = await get(cookie, route, path, { ...query, offset, count: 500 });
    expect(res.status).toBe(200);
    rows.push(...(res.json as T[]));
    if (rows.length >= totalOf(res) || (res.json as T[]).length === 0) return rows;
  }
}
