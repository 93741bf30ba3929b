import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { PAGE_FEATURES, PERMISSIONS } from '@/lib/domain/features';
import { API_ACCESS } from './access';
import { USER_STATUSES } from './auth';
import { call, file, json, paged } from './call';
import { ZClientIdParam, ZIsoDate, ZPaging, ZId } from './common';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from './downloads';

/** GET /api/users: the people pickers (assignees, field officers, managers), by name or email, role and status. */
export const ZUsersQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  nameOrEmail: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`)
    .max(100)
    .optional(),
  role: z.enum(['guest', 'representative']).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

/** GET /api/user_management/users: any role of the client, unlike the pickers' GET /users. */
export const ZPersonnelQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  nameOrEmail: z
    .string()
    .trim()
    .min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`)
    .max(100)
    .optional(),
  roleId: ZId.optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type TPersonnelQuery = z.infer<typeof ZPersonnelQuery>;

export const ZUserIdParam = z.object({ id: ZId });
export const ZRoleIdParam = z.object({ role_id: ZId });

export const ZInviteUserBody = z.object({
  name: z.string().trim().min(2, 'enter the full name').max(120),
  email: z.string().trim().toLowerCase().email('enter a valid email address').max(254),
  roleId: ZId,
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^[+\d\s-]*$/, 'digits, spaces, + and - only')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type TInviteUserBody = z.infer<typeof ZInviteUserBody>;

export const ZChangeRoleBody = z.object({ roleId: ZId });
export const ZUserStatusBody = z.object({ status: z.enum(USER_STATUSES) });

/** A page feature or a permission of the catalogue. */
export const ZFeatureType = z.enum([...PAGE_FEATURES, ...PERMISSIONS]);
/** The whole matrix row of a role: every feature with its box ticked or not. */
export const ZRolePermissionsBody = z.object({
  permissions: z
    .array(z.object({ featureType: ZFeatureType, accessValue: z.boolean() }))
    .min(1)
    .max(50),
});
export type TRolePermissionsBody = z.infer<typeof ZRolePermissionsBody>;

/** The edit log's filters: an action, an actor, a kind of thing, and days (in the client's time zone). */
const auditFilters = {
  clientId: ZClientIdParam,
  action: z.string().trim().max(40).optional(),
  userId: ZId.optional(),
  entity: z.string().trim().max(40).optional(),
  fromDate: ZIsoDate.optional(),
  toDate: ZIsoDate.optional(),
};
const inOrder = {
  check: (q: { fromDate?: string; toDate?: string }) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate,
  message: { path: ['toDate'], message: 'the end date is before the start date' },
};
export const ZAuditFilter = z.object(auditFilters).refine(inOrder.check, inOrder.message);
export type TAuditFilter = z.infer<typeof ZAuditFilter>;
export const ZAuditQuery = ZPaging.extend(auditFilters).refine(inOrder.check, inOrder.message);
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

// ---- Answers ----

const ZUserStatus = z.enum(USER_STATUSES);

/** A person of the client as the pickers show them. */
export const ZUserPick = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The role's code (admin, guest, representative, ...). */
  role: z.string(),
  status: ZUserStatus,
  phone: z.string().nullable(),
});
export type TUserPick = z.infer<typeof ZUserPick>;

/** One row of the personnel list: role, status, lock and last sign-in. */
export const ZPersonRow = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: ZUserStatus,
  roleId: z.number().int(),
  role: z.string(),
  roleName: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Locked for a while after repeated failed sign-ins. */
  locked: z.boolean(),
});
export type TPersonRow = z.infer<typeof ZPersonRow>;

/** A borrower role of the client with how many users hold it. */
export const ZRole = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  users: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

const ZFeatureKind = z.enum(['PAGE', 'PERMISSION']);

/** The shared catalogue of page features and permissions. */
export const ZPage = z.strictObject({
  featureType: ZFeatureType,
  kind: ZFeatureKind,
  label: z.string(),
  sortOrder: z.number().int(),
});
export type TPage = z.infer<typeof ZPage>;

export const ZStoredRolePermission = z.strictObject({
  roleId: z.number().int(),
  featureType: ZFeatureType,
  accessValue: z.boolean(),
});
export type TStoredRolePermission = z.infer<typeof ZStoredRolePermission>;

/** One role's row of the matrix: every catalogue entry, ticked or not; admin and root are shown, not editable. */
export const ZRoleMatrix = z.strictObject({
  role: z.strictObject({ id: z.number().int(), code: z.string(), name: z.string() }),
  editable: z.boolean(),
  permissions: z.array(
    z.strictObject({
      featureType: ZFeatureType,
      kind: ZFeatureKind,
      label: z.string(),
      accessValue: z.boolean(),
    }),
  ),
});
export type TRoleMatrix = z.infer<typeof ZRoleMatrix>;
export type TMatrixEntry = TRoleMatrix['permissions'][number];

export const ZSavedRoleMatrix = ZRoleMatrix.extend({ usersUpdated: z.number().int() });

/** One audit-log entry with the actor's name and, for a user, the subject's email. */
export const ZAuditRow = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  detail: z.unknown(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  /** The entry's place in the client's chain (1, 2, ...). */
  seq: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  /** sha256 of the entry and its predecessor's hash. */
  hash: z.string(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** The walk of the edit log's hash chain: intact, or the first broken link named. */
export const ZAuditChainCheck = z.strictObject({
  entries: z.number().int(),
  firstSeq: z.number().int().nullable(),
  lastSeq: z.number().int().nullable(),
  intact: z.boolean(),
  brokenAt: z
    .strictObject({
      seq: z.number().int(),
      id: z.number().int(),
      at: z.string(),
      /** altered: the entry no longer matches its hash; missing: its predecessor is gone; relinked: its link does not match. */
      reason: z.enum(['altered', 'missing', 'relinked']),
    })
    .nullable(),
});
export type TAuditChainCheck = z.infer<typeof ZAuditChainCheck>;

// ---- Calls ----

const people = { userType: 'borrowers', requirement: API_ACCESS.people } as const;
const manageUsers = { userType: 'borrowers', requirement: API_ACCESS.manageUsers } as const;

export const personnelCalls = {
  users: call({
    method: 'GET',
    path: '/users',
    access: people,
    query: ZUsersQuery,
    summary: 'People of the client for the pickers: by name or email (3+ characters), role and status',
    answer: paged(ZUserPick),
  }),
  clientUsers: call({
    method: 'GET',
    path: '/users/client',
    access: people,
    summary: 'Every active user of the client (assignee pickers)',
    answer: json(z.array(ZUserPick)),
  }),
  invite: call({
    method: 'POST',
    path: '/users',
    access: manageUsers,
    body: ZInviteUserBody,
    summary: "Invites a user: the account gets the role's pages and a set-password link goes by email",
    answer: json(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        email: z.string(),
        role: z.string(),
        roleName: z.string(),
        status: z.literal('ACTIVE'),
      }),
    ),
  }),
  changeRole: call({
    method: 'POST',
    path: '/users/{id}/role',
    access: manageUsers,
    params: ZUserIdParam,
    body: ZChangeRoleBody,
    summary: 'Gives a user another role and its pages (their sessions end, so it holds on their next request)',
    answer: json(z.strictObject({ id: z.number().int(), role: z.string(), roleName: z.string() })),
  }),
  setStatus: call({
    method: 'POST',
    path: '/users/{id}/status',
    access: manageUsers,
    params: ZUserIdParam,
    body: ZUserStatusBody,
    summary: 'Deactivates a user (their sessions stop at once) or reactivates them',
    answer: json(z.strictObject({ id: z.number().int(), status: ZUserStatus })),
  }),
  roles: call({
    method: 'GET',
    path: '/user_management',
    access: manageUsers,
    summary: "The client's roles (investor excluded) with their user counts",
    answer: json(z.array(ZRole)),
  }),
  pages: call({
    method: 'GET',
    path: '/user_management/pages',
    access: manageUsers,
    summary: 'The catalogue of page features and permissions',
    answer: json(z.array(ZPage)),
  }),
  rolePermissions: call({
    method: 'GET',
    path: '/user_management/pagepermissions',
    access: manageUsers,
    summary: "Every role's stored page permissions",
    answer: json(z.array(ZStoredRolePermission)),
  }),
  people: call({
    method: 'GET',
    path: '/user_management/users',
    access: manageUsers,
    query: ZPersonnelQuery,
    summary: 'Personnel of any role: searchable by name or email, by role and status, paged',
    answer: paged(ZPersonRow),
  }),
  auditLog: call({
    method: 'GET',
    path: '/user_management/audit_log',
    access: manageUsers,
    query: ZAuditQuery,
    summary: "The client's edit log, newest first, filtered by action, actor, kind of thing and days",
    answer: paged(ZAuditRow),
  }),
  auditCsv: call({
    method: 'GET',
    path: '/user_management/audit_log/export.csv',
    access: manageUsers,
    query: ZAuditFilter,
    summary: "The filtered edit log as CSV, every entry, instants in the client's time zone",
    answer: file(CSV_CONTENT_TYPE),
  }),
  auditXlsx: call({
    method: 'GET',
    path: '/user_management/audit_log/export.xlsx',
    access: manageUsers,
    query: ZAuditFilter,
    summary: "The filtered edit log as an Excel workbook, every entry, instants in the client's time zone",
    answer: file(XLSX_CONTENT_TYPE),
  }),
  auditCheck: call({
    method: 'GET',
    path: '/user_management/audit_log/check',
    access: manageUsers,
    query: z.object({ clientId: ZClientIdParam }),
    summary: "Walks the edit log's hash chain and names the first broken link",
    answer: json(ZAuditChainCheck),
  }),
  roleMatrix: call({
    method: 'GET',
    path: '/user_management/{role_id}/permissions',
    access: manageUsers,
    params: ZRoleIdParam,
    summary: "One role's row of the permission matrix",
    answer: json(ZRoleMatrix),
  }),
  saveRoleMatrix: call({
    method: 'POST',
    path: '/user_management/{role_id}/permissions',
    access: manageUsers,
    params: ZRoleIdParam,
    body: ZRolePermissionsBody,
    summary: "Stores a role's row and gives it to the role's users (they sign in again)",
    answer: json(ZSavedRoleMatrix),
  }),
};
