import { z } from 'zod';
import { MAX_PAGE_SIZE } from '@/lib/constants';
import { ZIsoDate } from './common';
import { ZCode } from './receivables';

/** Statement lines and open items per page unless `count` / `itemsCount` say otherwise. */
export const STATEMENT_PAGE_SIZE = 100;
export const OPEN_ITEMS_PAGE_SIZE = 50;

/** A page number from 1 (spec section 7's `offset`) and a page size. */
const page = (name: string) => z.coerce.number().int().min(1, `${name} is a page number starting at 1`).default(1);
const size = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} per page`).default(fallback);

const period = { sysObligorCode: ZCode, fromDate: ZIsoDate.optional(), toDate: ZIsoDate.optional() };
const inOrder = (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate;
const notInOrder = { message: 'fromDate must not be after toDate', path: ['fromDate'] };

/**
 * A statement for one customer (and its family when it is a parent) over a period: one page of its
 * lines (`offset`, `count`) and one page of its open items (`itemsOffset`, `itemsCount`).
 */
export const ZStatementQuery = z.object({
  ...period,
  offset: page('offset'),
  count: size(STATEMENT_PAGE_SIZE),
  itemsOffset: page('itemsOffset'),
  itemsCount: size(OPEN_ITEMS_PAGE_SIZE),
}).refine(inOrder, notInOrder);
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ACCOUNT_TYPES = ['POSTPAID', 'PREPAID'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

export const ZAccountsQuery = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  obligorName: z.string().trim().max(64).optional(),
});

/** One account: a page of its bills (postpaid) or of its advance account lines (prepaid). */
export const ZAccountQuery = z.object({ sysObligorCode: ZCode, offset: page('offset'), count: size(STATEMENT_PAGE_SIZE) });
export type TAccountQuery = z.infer<typeof ZAccountQuery>;

/** The statement as a workbook holds every line and open item: no page. */
export const ZStatementDownloadQuery = z.object(period).refine(inOrder, notInOrder);
export type TStatementDownloadQuery = z.infer<typeof ZStatementDownloadQuery>;

export interface TOpenItem {
  sysInvoiceNum: string;
  invoiceNum: string;
  docType: 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';
  sysObligorCode: string;
  issueDate: string;
  dueDate: string | null;
  amount: number;
  outstanding: number;
  daysPastDue: number;
  bucket: string;
}
