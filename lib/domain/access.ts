import { isAdminRole, PAGE_FEATURES, PERMISSIONS, type PageFeature, type Permission, type UserType } from './features';

/** What the route guards need to know about a signed-in user; carried in the session cookie. */
export interface AccessProfile {
  userType: UserType;
  role: string;
  /** Page features in the user's order; the first one decides a portal-only user. */
  pages: string[];
  /** Permissions whose accessValue is true. */
  permissions: string[];
  /** A customer user's bound customer (users.customer_code): the portal of that customer, nothing else. */
  customer?: string;
}

/** Pages a customer user may open besides their portal: their own account (password, sign-out everywhere). */
export const CUSTOMER_PAGES = ['/customerportal', '/borrowers/account'];

export interface StoredPermission {
  featureType: string;
  accessValue: boolean;
  kind: 'PAGE' | 'PERMISSION';
}

/** Spec section 2: a non-admin borrower with no permission data gets Receivables and Tasks. */
export const FALLBACK_PAGES: PageFeature[] = ['RECEIVABLES', 'TASKS'];

/** Turns the stored page permissions of a user into the profile the guards check. */
export function effectiveAccess(userType: UserType, role: string, stored: StoredPermission[]): AccessProfile {
  if (userType === 'investors') return { userType, role, pages: [], permissions: [] };
  if (isAdminRole(role)) {
    return {
      userType,
      role,
      pages: [...PAGE_FEATURES], // CUSTOMER PORTAL is last, so admins are never portal-only
      permissions: [...PERMISSIONS],
    };
  }
  const granted = stored.filter((p) => p.accessValue);
  const pages = granted.filter((p) => p.kind === 'PAGE').map((p) => p.featureType);
  const permissions = granted.filter((p) => p.kind === 'PERMISSION').map((p) => p.featureType);
  if (stored.length === 0) return { userType, role, pages: [...FALLBACK_PAGES], permissions: [] };
  return { userType, role, pages, permissions };
}

/** A user whose first permitted feature is CUSTOMER PORTAL sees only the portal. */
export function isPortalOnly(profile: AccessProfile): boolean {
  return profile.pages[0] === 'CUSTOMER PORTAL';
}

export type RouteRequirement =
  | { type: 'Page'; feature: PageFeature }
  | { type: 'Permission'; feature: PageFeature | Permission; anyOf: Permission[] }
  /** API calls that serve several pages: any one of them grants the call. */
  | { type: 'AnyPage'; features: PageFeature[] };

/** Spec section 5: a page entry with the required featureType, or (Permission) any granted one listed. */
export function satisfies(profile: AccessProfile, requirement: RouteRequirement | null): boolean {
  if (!requirement) return true;
  if (requirement.type === 'AnyPage') return requirement.features.some((f) => profile.pages.includes(f));
  if (profile.pages.includes(requirement.feature)) return true;
  if (requirement.type === 'Permission') {
    return requirement.anyOf.some((p) => profile.permissions.includes(p));
  }
  return false;
}

export const LANDING_PATHS: Record<UserType, string> = {
  borrowers: '/borrowers/dashboard',
  investors: '/investors/my_securities',
};

/** Admin and root hold every permission; others only what they were granted. */
export function hasPermission(profile: AccessProfile, permission: Permission): boolean {
  return isAdminRole(profile.role) || profile.permissions.includes(permission);
}
