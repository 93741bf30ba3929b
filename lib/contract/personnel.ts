import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { PAGE_FEATURES, PERMISSIONS } from '@/lib/domain/features';
import { ZClientIdParam, ZPaging } from './common';

const ZId = z.coerce.number().int().positive();

/** GET /api/user_management/users: any role of the client, unlike the pickers' GET /users. */
export const ZPersonnelQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  nameOrEmail: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100).optional(),
  roleId: ZId.optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});
export type TPersonnelQuery = z.infer<typeof ZPersonnelQuery>;

export const ZUserIdParam = z.object({ id: ZId });
export const ZRoleIdParam = z.object({ role_id: ZId });

export const ZInviteUserBody = z.object({
  name: z.string().trim().min(2, 'enter the full name').max(120),
  email: z.string().trim().toLowerCase().email('enter a valid email address').max(254),
  roleId: ZId,
  phone: z.string().trim().max(20).regex(/^[+\d\s-]*$/, 'digits, spaces, + and - only').optional().or(z.literal('').transform(() => undefined)),
});
export type TInviteUserBody = z.infer<typeof ZInviteUserBody>;

export const ZChangeRoleBody = z.object({ roleId: ZId });
export const ZUserStatusBody = z.object({ status: z.enum(['ACTIVE', 'INACTIVE']) });

const ZFeature = z.enum([...PAGE_FEATURES, ...PERMISSIONS]);
/** The whole matrix row of a role: every feature with its box ticked or not. */
export const ZRolePermissionsBody = z.object({
  permissions: z.array(z.object({ featureType: ZFeature, accessValue: z.boolean() })).min(1).max(50),
});
export type TRolePermissionsBody = z.infer<typeof ZRolePermissionsBody>;

export const ZAuditQuery = ZPaging.extend({ clientId: ZClientIdParam, action: z.string().trim().max(40).optional() });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;
