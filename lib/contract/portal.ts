import { z } from 'zod';
import { ZStatementInterest } from './msme';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '@/lib/constants';
import { DOC_TYPES } from '@/lib/domain/filters';
import { STATEMENT_KINDS } from '@/lib/domain/statement';
import { API_ACCESS } from './access';
import { ZCount, ZMoney } from './ageing';
import { call, file, json } from './call';
import { ZIsoDate } from './common';
import { XLSX_CONTENT_TYPE } from './downloads';
import { ZCode } from './receivables';

/** Statement lines and open items per page unless `count` / `itemsCount` say otherwise. */
export const STATEMENT_PAGE_SIZE = 100;
export const OPEN_ITEMS_PAGE_SIZE = 50;

/** A page number from 1 (spec section 7's `offset`) and a page size. */
const page = (name: string) =>
  z.coerce.number().int().min(1, `${name} is a page number starting at 1`).max(MAX_PAGE_NUMBER).default(1);
const size = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE} per page`).default(fallback);

const period = { sysObligorCode: ZCode, fromDate: ZIsoDate.optional(), toDate: ZIsoDate.optional() };
const inOrder = (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate;
const notInOrder = { message: 'fromDate must not be after toDate', path: ['fromDate'] };

/**
 * A statement for one customer (and its family when it is a parent) over a period: one page of its
 * lines (`offset`, `count`) and one page of its open items (`itemsOffset`, `itemsCount`).
 */
export const ZStatementQuery = z
  .object({
    ...period,
    offset: page('offset'),
    count: size(STATEMENT_PAGE_SIZE),
    itemsOffset: page('itemsOffset'),
    itemsCount: size(OPEN_ITEMS_PAGE_SIZE),
  })
  .refine(inOrder, notInOrder);
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ACCOUNT_TYPES = ['POSTPAID', 'PREPAID'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

export const ZAccountsQuery = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  obligorName: z.string().trim().max(64).optional(),
});

/** One account: a page of its bills (postpaid) or of its advance account lines (prepaid). */
export const ZAccountQuery = z.object({
  sysObligorCode: ZCode,
  offset: page('offset'),
  count: size(STATEMENT_PAGE_SIZE),
});
export type TAccountQuery = z.infer<typeof ZAccountQuery>;

/** The statement as a workbook holds every line and open item: no page. */
export const ZStatementDownloadQuery = z.object(period).refine(inOrder, notInOrder);
export type TStatementDownloadQuery = z.infer<typeof ZStatementDownloadQuery>;

/** The accounts list shows this many customers at most: a name or code narrows it. */
export const ACCOUNT_LIST_LIMIT = 50;

// ---- Answers ----

const ZDocType = z.enum(DOC_TYPES);

/** An item open at a date: what is still owed on it, its days past due and its ageing bucket's label. */
export const ZOpenItem = z.strictObject({
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  docType: ZDocType,
  sysObligorCode: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  amount: ZMoney,
  outstanding: ZMoney,
  daysPastDue: z.number().int(),
  bucket: z.string(),
  /** In an open dispute (raised by the customer here, or by a collector). */
  inDispute: z.boolean(),
});
export type TOpenItem = z.infer<typeof ZOpenItem>;

/** One page (from 1) of the open items, with how many there are in all. */
export const ZOpenItemsPage = z.strictObject({ page: ZCount, count: ZCount, total: ZCount, rows: z.array(ZOpenItem) });

/** A ledger line (lib/domain/statement.ts): signed amount, its debit or credit column and the balance after it. */
export const ZStatementLine = z.strictObject({
  date: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  reference: z.string(),
  /** The document a payment settles. */
  against: z.string().nullable(),
  dueDate: z.string().nullable(),
  amount: ZMoney,
  debit: ZMoney,
  credit: ZMoney,
  balance: ZMoney,
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

/** One page of a ledger: it opens at the balance brought forward and closes at the balance carried forward. */
export const ZStatementPage = z.strictObject({
  page: ZCount,
  count: ZCount,
  /** Lines in the whole period. */
  total: ZCount,
  broughtForward: ZMoney,
  carriedForward: ZMoney,
  rows: z.array(ZStatementLine),
});
export type TStatementPage = z.infer<typeof ZStatementPage>;

const ZPortalCustomer = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  /** A parent's statement and accounts cover its whole family. */
  isParent: z.boolean(),
});

/** GET /customerportal/statement. */
export const ZStatement = z.strictObject({
  customer: z.strictObject({ ...ZPortalCustomer.shape, accountType: z.enum(ACCOUNT_TYPES) }),
  client: z.strictObject({ name: z.string(), currency: z.string() }),
  fromDate: z.string(),
  toDate: z.string(),
  opening: ZMoney,
  debits: ZMoney,
  credits: ZMoney,
  /** The receivables net balance at the end date: the open items plus `unallocated`. */
  closing: ZMoney,
  /** Received on account or in advance and not allocated to a bill at the end date: zero or negative. */
  unallocated: ZMoney,
  overdue: ZMoney,
  lines: ZStatementPage,
  openItems: ZOpenItemsPage,
  /** By credit-basis bucket, most overdue first, buckets with items only. */
  ageing: z.array(z.strictObject({ bucket: z.string(), amount: ZMoney })),
  creditLimit: ZMoney.nullable(),
  exposure: ZMoney,
  available: ZMoney.nullable(),
  overLimit: z.boolean(),
  /** MSMED s16 interest at the end date, when the client states it on statements (else null). */
  msmeInterest: ZStatementInterest.nullable(),
});
export type TStatement = z.infer<typeof ZStatement>;

/** GET /customerportal/accounts: one customer of the list (advance and last top-up for prepaid ones). */
export const ZAccountRow = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  creditLimit: ZMoney.nullable(),
  outstanding: ZMoney,
  overdue: ZMoney,
  advance: ZMoney.nullable(),
  lastTopup: z.string().nullable(),
});
export type TAccountRow = z.infer<typeof ZAccountRow>;

/** GET /customerportal/postpaid. */
export const ZPostpaidAccount = z.strictObject({
  customer: ZPortalCustomer,
  date: z.string(),
  outstanding: ZMoney,
  overdue: ZMoney,
  /** Not yet due, falling due within `upcomingDays`. */
  dueSoon: ZMoney,
  upcomingDays: ZCount,
  creditLimit: ZMoney.nullable(),
  available: ZMoney.nullable(),
  overLimit: z.boolean(),
  items: ZOpenItemsPage,
});
export type TPostpaidAccount = z.infer<typeof ZPostpaidAccount>;

/** GET /customerportal/prepaid. */
export const ZPrepaidAccount = z.strictObject({
  customer: ZPortalCustomer,
  date: z.string(),
  /** The first top-up. */
  since: z.string().nullable(),
  toppedUp: ZMoney,
  drawn: ZMoney,
  advance: ZMoney,
  lastTopup: z.strictObject({ date: z.string(), amount: ZMoney }).nullable(),
  lines: ZStatementPage,
});
export type TPrepaidAccount = z.infer<typeof ZPrepaidAccount>;

// ---- Calls ----

/** The portal's calls: staff with the portal page, and customer users for their own customer (their scope). */
const portalAccess = { userType: 'borrowers', requirement: API_ACCESS.customerPortal, customers: true } as const;

export const portalCalls = {
  statement: call({
    method: 'GET',
    path: '/customerportal/statement',
    access: portalAccess,
    query: ZStatementQuery,
    summary:
      "A customer's statement of account for a period (default: three months to today), paged, with its open items",
    answer: json(ZStatement),
  }),
  statementXlsx: call({
    method: 'GET',
    path: '/customerportal/statement.xlsx',
    access: portalAccess,
    query: ZStatementDownloadQuery,
    summary: 'The whole statement of the period (every line, every open item) as an Excel workbook, streamed',
    answer: file(XLSX_CONTENT_TYPE),
  }),
  statementPdf: call({
    method: 'GET',
    path: '/customerportal/statement.pdf',
    access: portalAccess,
    query: ZStatementDownloadQuery,
    summary:
      'The whole statement of the period as a PDF: lines with brought and carried forward, ageing, open items, UPI QR, page numbers',
    answer: file('application/pdf'),
  }),
  accounts: call({
    method: 'GET',
    path: '/customerportal/accounts',
    access: portalAccess,
    query: ZAccountsQuery,
    summary: `Postpaid customers by what they owe, or prepaid ones by their advance (${ACCOUNT_LIST_LIMIT} at most)`,
    answer: json(z.array(ZAccountRow)),
  }),
  postpaid: call({
    method: 'GET',
    path: '/customerportal/postpaid',
    access: portalAccess,
    query: ZAccountQuery,
    summary: 'A postpaid account: owed, overdue, due soon, credit left, and a page of its open bills by due date',
    answer: json(ZPostpaidAccount),
  }),
  prepaid: call({
    method: 'GET',
    path: '/customerportal/prepaid',
    access: portalAccess,
    query: ZAccountQuery,
    summary: 'A prepaid account: top-ups, what documents drew from the advance, and a page of its lines',
    answer: json(ZPrepaidAccount),
  }),
};
