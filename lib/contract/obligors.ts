import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import type { RatingLabel } from '@/lib/domain/rating';
import { RATING_SHIFTS, type RatingShift } from '@/lib/domain/rating-shift';
import { ZClientIdParam, ZIsoDate, ZOrder, ZPaging } from './common';

const ZCode = z.string().trim().min(1).max(64);
const ZId = z.coerce.number().int().positive();
const ZSearch = z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100);

/** Spec section 5: the manage-customer list takes its sort fields in snake_case. */
export const MANAGE_CUSTOMER_SORT_KEYS = [
  'name', 'sys_obligor_code', 'parent_name', 'business_id', 'city', 'credit_limit', 'guest_name', 'representative_name', 'rm_name',
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
  sortBy: z.enum(MANAGE_CUSTOMER_SORT_KEYS, {
    error: `sort by one of ${MANAGE_CUSTOMER_SORT_KEYS.join(', ')} (snake_case)`,
  }).default('name'),
  orderBy: ZOrder.default('ASC'),
});
export type TObligorListQuery = z.infer<typeof ZObligorListQuery>;

/** One row of obligors/list (and the answer of an assignment): an obligor and the people assigned to it. */
export interface ManagedObligorRow {
  sysObligorCode: string;
  name: string;
  parentSysObligorCode: string | null;
  parentName: string | null;
  businessId: string | null; // GSTIN
  city: string | null;
  tradeChannel: string | null;
  creditLimit: number | null;
  guestId: number | null; // field officer
  guestName: string | null;
  representativeId: number | null; // area sales manager
  representativeName: string | null;
  rmId: number | null; // relationship manager
  rmName: string | null;
  rmAssociationDimId: number | null;
  dim1Id: number | null;
  dim1: string | null; // the dim1 (region) value's name
}

/** A person given by id, or null to clear the assignment; an absent key leaves it as it is. */
const ZAssignee = z.number({ error: 'give a user id, or null to clear' }).int().positive().nullable().optional();

/** POST obligors/{code}/assign: field officer (guest), area sales manager (representative), RM. */
export const ZAssignObligorBody = z.object({
  clientId: ZClientIdParam,
  guestId: ZAssignee,
  representativeId: ZAssignee,
  rmId: ZAssignee,
}).refine((b) => b.guestId !== undefined || b.representativeId !== undefined || b.rmId !== undefined, {
  message: 'give guestId, representativeId or rmId',
});
export type TAssignObligorBody = z.infer<typeof ZAssignObligorBody>;

export const ZObligorCodeParam = z.object({ code: ZCode });

export const RATINGS_SORT_KEYS = ['name', 'rating', 'ratingDate', 'shift', 'balance'] as const;
export type RatingsSortKey = (typeof RATINGS_SORT_KEYS)[number];

/** GET /v3/clients/ratings: each rated obligor's latest rating on or before the date, and its shift. */
export const ZRatingsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  date: ZIsoDate.optional(),
  sysObligorCode: ZCode.optional(), // that obligor, or the whole family when it is a parent
  shift: z.enum(RATING_SHIFTS).optional(),
  sortBy: z.enum(RATINGS_SORT_KEYS).default('rating'),
  orderBy: ZOrder.default('ASC'),
});
export type TRatingsQuery = z.infer<typeof ZRatingsQuery>;

/** One row of the ratings list: the rating as of the date, the one before it, the shift, the balance. */
export interface RatingRow {
  sysObligorCode: string;
  name: string;
  parentSysObligorCode: string | null;
  parentName: string | null;
  rating: number;
  ratingLabel: RatingLabel;
  ratingDate: string;
  previousRating: number | null;
  previousRatingDate: string | null;
  shift: RatingShift;
  balance: number;
}
