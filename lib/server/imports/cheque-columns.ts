import { CHEQUE_STATUSES } from '@/lib/domain/cheques';
import type { ColumnSpec } from './formats';
import { AMOUNT_FORMAT as AMOUNT, DATE_FORMAT as DATE, parseAmount, parseDateCell as date, parseOneOf } from './values';
import type { Parsed } from './values';

const text = (max: number) => (v: string) =>
  v.length <= max ? { ok: true as const, value: v } : { ok: false as const, reason: `longer than ${max} characters` };

/** The invoices a cheque is for: codes separated by `;` or spaces, staged as one `;`-joined text. */
function parseInvoiceList(value: string): Parsed<string> {
  const nums = [...new Set(value.split(/[;\s]+/).filter(Boolean))];
  const long = nums.find((n) => n.length > 64);
  if (long) return { ok: false, reason: `invoice "${long}" is longer than 64 characters` };
  if (nums.length > 50) return { ok: false, reason: 'at most 50 invoices per cheque' };
  return { ok: true, value: nums.join(';') };
}

/**
 * cheques.csv: the cheque register. One cheque per customer, number and bank (its key), with the
 * invoices it is for, its status and the days of each step. The import's checks: cheque-import.ts
 * (chequeChecks); its writes: cheque-import.ts (applyCheques), through the register's own writes.
 */
export const CHEQUE_COLUMNS: ColumnSpec[] = [
  { name: 'sys_obligor_code', required: true, parse: text(64), format: "The customer's code", example: 'C1001' },
  {
    name: 'cheque_number',
    required: true,
    parse: (v) =>
      /^\d{6}$/.test(v) ? { ok: true, value: v } : { ok: false, reason: 'a cheque number has six digits' },
    format: 'Six digits, as printed (004512); with the customer and the bank, the cheque’s key',
    example: '004512',
  },
  { name: 'bank_name', required: true, parse: text(120), format: 'The drawee bank', example: 'HDFC Bank' },
  {
    name: 'cheque_date',
    required: true,
    parse: date,
    format: `${DATE}; after the received day: a post-dated cheque (a promise to pay on that day)`,
    example: '2026-12-15',
  },
  {
    name: 'amount',
    required: true,
    parse: (v) => parseAmount(v, { positive: true }),
    format: AMOUNT,
    example: '1,18,000.00',
  },
  {
    name: 'sys_invoice_nums',
    parse: parseInvoiceList,
    format: 'The invoices it is for, of the same customer (in this batch or stored), separated by ; or spaces',
    example: 'INV-2026-0412;INV-2026-0413',
  },
  {
    name: 'status',
    parse: parseOneOf(CHEQUE_STATUSES),
    format: 'RECEIVED (default), DEPOSITED, CLEARED or RETURNED',
    example: 'RECEIVED',
  },
  {
    name: 'received_date',
    parse: date,
    format: `${DATE}; not after today; empty: the cheque's date, or today for a post-dated cheque`,
    example: '2026-11-28',
  },
  {
    name: 'deposited_date',
    parse: date,
    format: `${DATE}; DEPOSITED, CLEARED and RETURNED: on or after the cheque's date, within its 3 months`,
    example: '',
  },
  { name: 'cleared_date', parse: date, format: `${DATE}; CLEARED: on or after the deposit`, example: '' },
  {
    name: 'returned_date',
    parse: date,
    format: `${DATE}; RETURNED: the bank's return memo, on or after the deposit`,
    example: '',
  },
  { name: 'return_reason', parse: text(200), format: "RETURNED: the bank's reason (Funds insufficient)", example: '' },
];
