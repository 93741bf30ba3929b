import { z } from 'zod';
import { ZReceivablesQuery } from '@/lib/contract/receivables';

/** The URL parameters each part of the receivables page reads (names from the API contract). */
export const OBLIGOR_FILTER_KEYS = [
  'date',
  'dim1Id',
  'dim2Id',
  'dim3Id',
  'salesSegment',
  'riskSalesSegment',
  'risk',
] as const;
export const LIST_KEYS = [
  ...OBLIGOR_FILTER_KEYS,
  'ageingFilter',
  'parentSysObligorCode',
  'sortBy',
  'order',
  'offset',
  'count',
] as const;
export const TOTALS_KEYS = [...OBLIGOR_FILTER_KEYS, 'ageingFilter', 'parentSysObligorCode'] as const;

/** The contract of the list plus the page's own ageing basis switch. */
export const ZReceivablesPageParams = ZReceivablesQuery.extend({
  basis: z.enum(['CREDIT_DATE', 'INVOICE_DATE']).optional(),
});
