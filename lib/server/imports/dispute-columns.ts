import { DISPUTE_OUTCOMES, DISPUTE_REASONS } from '@/lib/contract/disputes';
import type { ColumnSpec } from './formats';
import { AMOUNT_FORMAT as AMOUNT, DATE_FORMAT as DATE, parseAmount, parseDateCell as date, parseOneOf } from './values';

/**
 * disputes.csv: a dispute of one invoice from the day it was opened, resolved on a later day (with
 * its outcome) or still open. The import's checks: validate.ts (disputeChecks); its upsert: apply.ts.
 */
export const DISPUTE_COLUMNS: ColumnSpec[] = [
  {
    name: 'sys_invoice_num',
    required: true,
    parse: (v) => (v.length <= 64 ? { ok: true, value: v } : { ok: false, reason: 'longer than 64 characters' }),
    format: 'The invoice disputed (in this batch or stored)',
    example: 'INV-2026-0412',
  },
  {
    name: 'opened_date',
    required: true,
    parse: date,
    format: `${DATE}; not before the issue date; with the invoice, the dispute's key`,
    example: '2026-11-20',
  },
  {
    name: 'reason',
    required: true,
    parse: parseOneOf(DISPUTE_REASONS),
    format: 'PRICING, QUANTITY, QUALITY, NOT_RECEIVED, DUPLICATE or OTHER',
    example: 'QUALITY',
  },
  {
    name: 'amount',
    required: true,
    parse: (v) => parseAmount(v, { positive: true }),
    format: `${AMOUNT}; not more than the invoice`,
    example: '18,000.00',
  },
  {
    name: 'resolved_date',
    parse: date,
    format: `${DATE}; not before the opened date; empty: still open`,
    example: '',
  },
  {
    name: 'outcome',
    parse: parseOneOf(DISPUTE_OUTCOMES),
    format: 'With a resolved date: CREDIT_NOTE, CUSTOMER_TO_PAY or WRITTEN_OFF',
    example: '',
  },
];
