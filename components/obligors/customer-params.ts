import { z } from 'zod';
import { ZParentObligorsQuery } from '@/lib/contract/customers';

/** URL parameters of the customer analysis page (names from the API contract, lib/contract/customers.ts). */
export const CUSTOMER_FILTER_KEYS = [
  'date',
  'dim',
  'risk',
  'collectionRisk',
  'openStatus',
  'salesSegment',
  'riskSalesSegment',
] as const;
export const CUSTOMER_LIST_KEYS = [...CUSTOMER_FILTER_KEYS, 'sortBy', 'order', 'offset', 'count'] as const;

export const CUSTOMER_VIEWS = ['customers', 'ratings', 'manage'] as const;
export type CustomerView = (typeof CUSTOMER_VIEWS)[number];

export const ZCustomerPageParams = ZParentObligorsQuery.and(z.object({ view: z.enum(CUSTOMER_VIEWS).optional() }));

/** The customer pages: a user may open them or not as a whole (`mayOpen(session, CUSTOMERS_PATH)`). */
export const CUSTOMERS_PATH = '/borrowers/obligors';

/** Where a customer's page is: parents have the family page, members of a family the child page. */
export function obligorHref(code: string, isParent: boolean): string {
  const encoded = encodeURIComponent(code);
  return isParent ? `${CUSTOMERS_PATH}/${encoded}` : `${CUSTOMERS_PATH}/child/${encoded}`;
}
