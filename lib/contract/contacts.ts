import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { API_ACCESS } from './access';
import { call, json, paged } from './call';
import { ZClientIdParam, ZOrder, ZPaging, ZId } from './common';
import { blankAsAbsent, ZObligorCode } from './communications';

/** Roles offered as suggestions; any other role may be typed. */
export const CONTACT_ROLES = [
  'Accounts Payable',
  'Accounts Executive',
  'Finance Manager',
  'Purchase Manager',
  'Owner',
  'Proprietor',
  'Partner',
  'Director',
] as const;

export const CONTACT_SORT_KEYS = ['name', 'obligorName', 'role'] as const;

/** GET /contacts: every contact person the user may see, optionally of one customer or matching a search. */
export const ZContactsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  sysObligorCode: blankAsAbsent(ZObligorCode),
  search: blankAsAbsent(
    z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100),
  ),
  sortBy: z.enum(CONTACT_SORT_KEYS).default('name'),
  order: ZOrder.default('ASC'),
});
export type TContactsQuery = z.infer<typeof ZContactsQuery>;

export const ZContactIdParam = z.object({ id: ZId });

/**
 * An Indian phone number as people write it: a mobile (+91 98201 45678, 09820145678, 9820145678)
 * or a landline with its STD code (022 2345 6789). Spaces, dashes, dots and brackets are ignored.
 */
export function isIndianPhone(text: string): boolean {
  return /^(?:\+?91|0)?[1-9]\d{9}$/.test(text.replace(/[\s\-().]/g, ''));
}

const ZPhone = z
  .string()
  .trim()
  .max(30, 'at most 30 characters')
  .refine(isIndianPhone, 'enter a 10-digit number, optionally with +91 (e.g. +91 98201 45678)')
  .transform((s) => s.replace(/\s+/g, ' '));

const ZEmail = z
  .string()
  .trim()
  .max(254, 'at most 254 characters')
  .pipe(z.email('enter a valid email address'))
  .transform((s) => s.toLowerCase());

const contactFields = {
  clientId: ZClientIdParam,
  name: z
    .string({ error: "enter the contact's name" })
    .trim()
    .min(2, 'enter a name of at least 2 characters')
    .max(120, 'at most 120 characters'),
  role: blankAsAbsent(z.string().trim().max(60, 'at most 60 characters')),
  email: blankAsAbsent(ZEmail),
  phone: blankAsAbsent(ZPhone),
};

/** Reaching someone needs a way to reach them: an email, a phone, or both. */
function reachable(body: { email?: string; phone?: string }, ctx: z.RefinementCtx): void {
  if (body.email || body.phone) return;
  for (const path of ['email', 'phone'])
    ctx.addIssue({ code: 'custom', path: [path], message: 'give an email or a phone number' });
}

/** POST /contacts */
export const ZCreateContactBody = z.object({ ...contactFields, sysObligorCode: ZObligorCode }).superRefine(reachable);
export type TCreateContactBody = z.infer<typeof ZCreateContactBody>;

/** POST /contacts/{id}: replaces name, role, email and phone; sysObligorCode, when given, moves the contact. */
export const ZEditContactBody = z
  .object({ ...contactFields, sysObligorCode: ZObligorCode.optional() })
  .superRefine(reachable);
export type TEditContactBody = z.infer<typeof ZEditContactBody>;

/** One contact person with the customer they work for. */
export const ZContact = z.strictObject({
  id: z.number().int(),
  sysObligorCode: z.string(),
  obligorName: z.string(),
  /** null for a parent obligor (its page is /borrowers/obligors/{code}); a child's page is /child/{code}. */
  parentSysObligorCode: z.string().nullable(),
  parentName: z.string().nullable(),
  name: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TContact = z.infer<typeof ZContact>;

/** The customer page of a contact's obligor. */
export function obligorHref(contact: Pick<TContact, 'sysObligorCode' | 'parentSysObligorCode'>): string {
  const code = encodeURIComponent(contact.sysObligorCode);
  return contact.parentSysObligorCode ? `/borrowers/obligors/child/${code}` : `/borrowers/obligors/${code}`;
}

// ---- Calls ----

const read = { userType: 'borrowers', requirement: API_ACCESS.customerNotes } as const;
const write = { userType: 'borrowers', requirement: API_ACCESS.manageContacts } as const;

export const contactCalls = {
  list: call({
    method: 'GET',
    path: '/contacts',
    access: read,
    query: ZContactsQuery,
    summary: 'Contact people the user may see, of one customer or matching a search, sorted and paged',
    answer: paged(ZContact),
  }),
  create: call({
    method: 'POST',
    path: '/contacts',
    access: write,
    body: ZCreateContactBody,
    summary: "Adds a contact person to a customer in the user's scope",
    answer: json(ZContact, 201),
  }),
  get: call({
    method: 'GET',
    path: '/contacts/{id}',
    access: read,
    params: ZContactIdParam,
    summary: 'One contact person the user may see',
    answer: json(ZContact),
  }),
  edit: call({
    method: 'POST',
    path: '/contacts/{id}',
    access: write,
    params: ZContactIdParam,
    body: ZEditContactBody,
    summary: "Replaces a contact's name, role, email and phone; a customer code moves it",
    answer: json(ZContact),
  }),
  remove: call({
    method: 'DELETE',
    path: '/contacts/{id}',
    access: write,
    params: ZContactIdParam,
    summary: 'Deletes a contact person; answers the removed contact',
    answer: json(ZContact),
  }),
};
