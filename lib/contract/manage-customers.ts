import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { API_ACCESS } from './access';
import { ZMoney } from './ageing';
import { call, json, paged } from './call';
import { ZClientIdParam, ZOrder, ZPaging, ZId } from './common';

const ZCode = z.string().trim().min(1).max(64);
const ZSearch = z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100);

/** Spec section 5: the manage-customer list takes its sort fields in snake_case. */
export const MANAGE_CUSTOMER_SORT_KEYS = [
  'name',
  'sys_obligor_code',
  'parent_name',
  'business_id',
  'city',
  'credit_limit',
  'guest_name',
  'representative_name',
  'rm_name',
] as const;
export type ManageCustomerSortKey = (typeof MANAGE_CUSTOMER_SORT_KEYS)[number];

/** GET obligors/list: every obligor (parents and children) with its people, for assigning them. */
export const ZObligorListQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  parentSysObligorCode: ZCode.optional(),
  businessId: ZSearch.optional(), // GSTIN, or 3+ characters of it
  search: ZSearch.optional(), // name or code
  guestId: ZId.optional(),
  representativeId: ZId.optional(),
  rmId: ZId.optional(),
  rmAssociationDimId: ZId.optional(),
  sortBy: z
    .enum(MANAGE_CUSTOMER_SORT_KEYS, {
      error: `sort by one of ${MANAGE_CUSTOMER_SORT_KEYS.join(', ')} (snake_case)`,
    })
    .default('name'),
  orderBy: ZOrder.default('ASC'),
});
export type TObligorListQuery = z.infer<typeof ZObligorListQuery>;

/** A person given by id, or null to clear the assignment; an absent key leaves it as it is. */
const ZAssignee = z.number({ error: 'give a user id, or null to clear' }).int().positive().nullable().optional();

/** POST obligors/{code}/assign: field officer (guest), area sales manager (representative), RM. */
export const ZAssignObligorBody = z
  .object({
    clientId: ZClientIdParam,
    guestId: ZAssignee,
    representativeId: ZAssignee,
    rmId: ZAssignee,
  })
  .refine((b) => b.guestId !== undefined || b.representativeId !== undefined || b.rmId !== undefined, {
    message: 'give guestId, representativeId or rmId',
  });
export type TAssignObligorBody = z.infer<typeof ZAssignObligorBody>;

export const ZObligorCodeParam = z.object({ code: ZCode });

// ---- Answers ----

const ZUserId = z.number().int();

/** One row of obligors/list (and the answer of an assignment): an obligor and the people assigned to it. */
export const ZManagedObligorRow = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  parentSysObligorCode: z.string().nullable(),
  parentName: z.string().nullable(),
  /** GSTIN. */
  businessId: z.string().nullable(),
  city: z.string().nullable(),
  tradeChannel: z.string().nullable(),
  creditLimit: ZMoney.nullable(),
  /** The field officer. */
  guestId: ZUserId.nullable(),
  guestName: z.string().nullable(),
  /** The area sales manager. */
  representativeId: ZUserId.nullable(),
  representativeName: z.string().nullable(),
  /** The relationship manager. */
  rmId: ZUserId.nullable(),
  rmName: z.string().nullable(),
  rmAssociationDimId: z.number().int().nullable(),
  dim1Id: z.number().int().nullable(),
  /** The dim1 (region) value's name. */
  dim1: z.string().nullable(),
});
export type TManagedObligorRow = z.infer<typeof ZManagedObligorRow>;

// ---- Calls ----

export const manageCustomerCalls = {
  list: call({
    method: 'GET',
    path: '/obligors/list',
    access: { userType: 'borrowers', requirement: API_ACCESS.customers },
    query: ZObligorListQuery,
    summary:
      'Every obligor (parents and children) with its GSTIN, place, credit limit and assigned people, filtered, sorted and paged',
    answer: paged(ZManagedObligorRow),
  }),
  assign: call({
    method: 'POST',
    path: '/obligors/{code}/assign',
    access: { userType: 'borrowers', requirement: API_ACCESS.manageCustomers },
    params: ZObligorCodeParam,
    body: ZAssignObligorBody,
    summary: "Sets or clears an obligor's field officer, area sales manager and relationship manager (audited)",
    answer: json(ZManagedObligorRow),
  }),
};
