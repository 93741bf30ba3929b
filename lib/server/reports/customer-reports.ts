import 'server-only';
import { ZReceivablesQuery } from '@/lib/contract/receivables';
import { ZParentObligorsQuery, type TFamilyRow } from '@/lib/contract/customers';
import { ZCreditLimitsQuery, type TCreditLimitRow } from '@/lib/contract/credit-limits';
import { bucketsOf, bucketTitle, type AgeingBasis } from '@/lib/domain/ageing';
import { CREDIT_LIMIT_STATUS_LABELS } from '@/lib/domain/credit-limit';
import { annualDso } from '@/lib/domain/dso';
import { titleCase } from '@/lib/domain/format';
import type { TReceivableRow } from '@/lib/contract/receivables';
import { listReceivables } from '@/lib/server/receivables/list-receivables';
import { listParentObligors } from '@/lib/server/obligors/list-parent-obligors';
import { listCreditLimits } from '@/lib/server/obligors/list-credit-limits';
import { CUSTOMER_PAGE_SIZE, type ReportContext } from './report-context';
import { pagedRows, type ReportColumn, type ReportSheet } from './workbook-writer';

type Page<R> = { rows: R[]; total: number };

/**
 * A paged service read by several sheets: each page is fetched once, kept until the last reader
 * has taken it, then dropped (so two sheets over the same rows cost one query per page).
 */
export function sharedPages<R>(
  fetchPage: (page: number) => Promise<Page<R>>,
  readers: number,
): (page: number) => Promise<Page<R>> {
  const pages = new Map<number, { result: Promise<Page<R>>; left: number }>();
  return (page) => {
    const entry = pages.get(page) ?? { result: fetchPage(page), left: readers };
    entry.left -= 1;
    if (entry.left > 0) pages.set(page, entry);
    else pages.delete(page);
    return entry.result;
  };
}

/** The receivables screen's rows (one per parent customer), by name, for both ageing sheets. */
function receivablePages(ctx: ReportContext) {
  return sharedPages(
    (page) =>
      listReceivables(ctx.db, ctx.client.id, {
        ...ZReceivablesQuery.parse({ date: ctx.asOf }),
        sortBy: 'name',
        order: 'ASC',
        offset: page,
        count: CUSTOMER_PAGE_SIZE,
        scope: ctx.scope,
      }),
    2,
  );
}

function ageingSheet(
  ctx: ReportContext,
  basis: AgeingBasis,
  pages: (page: number) => Promise<Page<TReceivableRow>>,
): ReportSheet<TReceivableRow> {
  const buckets: ReportColumn<TReceivableRow>[] = bucketsOf(basis).map((key) => ({
    header: bucketTitle(key, ctx.boundaries),
    kind: 'money',
    total: true,
    value: (r) => r[key],
  }));
  return {
    name: basis === 'CREDIT_DATE' ? 'By due date' : 'By invoice date',
    subtitle:
      basis === 'CREDIT_DATE'
        ? `Outstanding per parent customer by days past due (credit date basis), then the money received on account not yet allocated to invoices and the net balance, in ${ctx.client.currency}`
        : `Outstanding per parent customer by days since the invoice date (invoice date basis), then the money received on account not yet allocated to invoices and the net balance, in ${ctx.client.currency}`,
    columns: [
      { header: 'Customer code', kind: 'text', width: 16, value: (r) => r.sysObligorCode },
      { header: 'Customer', kind: 'text', width: 36, value: (r) => r.name },
      { header: ctx.client.dim1Name, kind: 'text', width: 16, value: (r) => r.dim1 },
      { header: 'Rating', kind: 'text', width: 10, value: (r) => (r.rating ? titleCase(r.rating) : null) },
      ...buckets,
      ...(basis === 'CREDIT_DATE'
        ? [{ header: 'Overdue', kind: 'money', total: true, value: (r) => r.overdue } as ReportColumn<TReceivableRow>]
        : []),
      { header: 'Balance', kind: 'money', total: true, value: (r) => r.balance },
      // Received on account or in advance and not yet allocated (negative, in no bucket), and what is owed net of it.
      { header: 'Unallocated', kind: 'money', total: true, value: (r) => r.unallocated },
      { header: 'Net balance', kind: 'money', total: true, value: (r) => r.netBalance },
    ],
    rows: pagedRows(pages, CUSTOMER_PAGE_SIZE),
  };
}

/** Ageing by customer on both bases: the receivables screen, one sheet per basis. */
export function ageingByCustomer(ctx: ReportContext): ReportSheet<TReceivableRow>[] {
  const pages = receivablePages(ctx);
  return [ageingSheet(ctx, 'CREDIT_DATE', pages), ageingSheet(ctx, 'INVOICE_DATE', pages)];
}

/** Annual DSO per parent customer as the customer analysis shows it: balance over 12-month sales x 365. */
export function dsoByCustomer(ctx: ReportContext): ReportSheet<TFamilyRow>[] {
  const rows = pagedRows(
    (page) =>
      listParentObligors(ctx.db, ctx.client.id, {
        ...ZParentObligorsQuery.parse({ date: ctx.asOf }),
        sortBy: 'name',
        order: 'ASC',
        offset: page,
        count: CUSTOMER_PAGE_SIZE,
        scope: ctx.scope,
      }),
    CUSTOMER_PAGE_SIZE,
  );
  return [
    {
      name: 'DSO by customer',
      subtitle: `Annual DSO = balance / credit sales of the 12 months to the date x 365, per parent customer, in ${ctx.client.currency}`,
      columns: [
        { header: 'Customer code', kind: 'text', width: 16, value: (r) => r.sysObligorCode },
        { header: 'Customer', kind: 'text', width: 36, value: (r) => r.name },
        { header: ctx.client.dim1Name, kind: 'text', width: 16, value: (r) => r.dim1 },
        { header: 'Accounts', kind: 'count', value: (r) => r.members },
        { header: 'Balance', kind: 'money', total: true, value: (r) => r.balance },
        { header: '12-month sales', kind: 'money', total: true, value: (r) => r.sales12m },
        {
          header: 'DSO (days)',
          kind: 'days',
          value: (r) => r.dso,
          total: (sums) => annualDso(sums.Balance ?? 0, sums['12-month sales'] ?? 0),
        },
      ],
      rows,
    },
  ];
}

/** The credit limit screen's families, breaches first. */
export function creditLimitUtilisation(ctx: ReportContext): ReportSheet<TCreditLimitRow>[] {
  const rows = pagedRows(
    (page) =>
      listCreditLimits(ctx.db, ctx.client.id, {
        ...ZCreditLimitsQuery.parse({ date: ctx.asOf }),
        sortBy: 'utilisation',
        order: 'DESC',
        offset: page,
        count: CUSTOMER_PAGE_SIZE,
        scope: ctx.scope,
      }),
    CUSTOMER_PAGE_SIZE,
  );
  return [
    {
      name: 'Credit limit utilisation',
      subtitle: `Exposure (balance) against the credit limit per parent customer, breaches first, in ${ctx.client.currency}`,
      columns: [
        { header: 'Customer code', kind: 'text', width: 16, value: (r) => r.sysObligorCode },
        { header: 'Customer', kind: 'text', width: 36, value: (r) => r.name },
        { header: ctx.client.dim1Name, kind: 'text', width: 16, value: (r) => r.dim1 },
        { header: 'Accounts', kind: 'count', value: (r) => r.accounts },
        { header: 'Credit limit', kind: 'money', total: true, value: (r) => r.creditLimit },
        { header: 'Exposure', kind: 'money', total: true, value: (r) => r.exposure },
        { header: 'Available', kind: 'money', total: true, value: (r) => r.available },
        { header: 'Utilisation', kind: 'percent', value: (r) => r.utilisation },
        { header: 'Status', kind: 'text', width: 22, value: (r) => CREDIT_LIMIT_STATUS_LABELS[r.status] },
      ],
      rows,
    },
  ];
}
