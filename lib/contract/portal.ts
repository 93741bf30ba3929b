import { z } from 'zod';
import { ZIsoDate } from './common';
import { ZCode } from './receivables';

/** A statement for one customer (and its family when it is a parent) over a period. */
export const ZStatementQuery = z.object({
  sysObligorCode: ZCode,
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
}).refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, { message: 'fromDate must not be after toDate', path: ['fromDate'] });
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ACCOUNT_TYPES = ['POSTPAID', 'PREPAID'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

export const ZAccountsQuery = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  obligorName: z.string().trim().max(64).optional(),
});

export const ZAccountQuery = z.object({ sysObligorCode: ZCode });

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
