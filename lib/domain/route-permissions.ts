import type { RouteRequirement } from './access';
import { CUSTOMER_PAGES, LANDING_PATHS, satisfies, isPortalOnly, type AccessProfile } from './access';
import type { UserType } from './features';

/**
 * The one declaration of which permission each page route needs. Longest prefix wins; a route
 * that is not listed needs only a signed-in user of the right type.
 */
const ROUTE_REQUIREMENTS: [prefix: string, requirement: RouteRequirement][] = [
  ['/borrowers/dashboard', { type: 'Page', feature: 'COMPANY SUMMARY' }],
  ['/borrowers/summary-dashboard-beta', { type: 'Page', feature: 'COMPANY SUMMARY' }],
  ['/borrowers/obligors', { type: 'Page', feature: 'MY CUSTOMERS' }],
  ['/borrowers/contacts', { type: 'Permission', feature: 'MY CUSTOMERS', anyOf: ['MANAGE_CONTACTS'] }],
  ['/borrowers/receivables', { type: 'Page', feature: 'RECEIVABLES' }],
  ['/borrowers/invoices', { type: 'Page', feature: 'RECEIVABLES' }],
  ['/borrowers/reports', { type: 'Page', feature: 'REPORTS' }],
  ['/borrowers/dimension1', { type: 'Page', feature: 'BUSINESS PERFORMANCE' }],
  ['/borrowers/business-performance-beta', { type: 'Page', feature: 'BUSINESS PERFORMANCE' }],
  ['/borrowers/tasks', { type: 'Page', feature: 'TASKS' }],
  ['/borrowers/worklist', { type: 'Page', feature: 'TASKS' }],
  ['/borrowers/credit_limit', { type: 'Page', feature: 'CREDIT LIMIT' }],
  ['/borrowers/customerportal', { type: 'Page', feature: 'CUSTOMER PORTAL' }],
  ['/customerportal', { type: 'Page', feature: 'CUSTOMER PORTAL' }],
  ['/borrowers/users', { type: 'Permission', feature: 'MANAGE_USERS', anyOf: ['MANAGE_USERS'] }],
  ['/borrowers/integrations', { type: 'Permission', feature: 'MANAGE_USERS', anyOf: ['MANAGE_USERS'] }],
  ['/borrowers/reminders', { type: 'Permission', feature: 'MANAGE_USERS', anyOf: ['MANAGE_USERS'] }],
  ['/borrowers/cash', { type: 'Permission', feature: 'APPLY_CASH', anyOf: ['APPLY_CASH'] }],
  ['/borrowers/provision', { type: 'Permission', feature: 'VIEW_PROVISION', anyOf: ['VIEW_PROVISION'] }],
  ['/borrowers/write-offs', { type: 'Permission', feature: 'WRITE_OFF', anyOf: ['WRITE_OFF'] }],
];

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function requirementFor(pathname: string): RouteRequirement | null {
  let best: [string, RouteRequirement] | undefined;
  for (const entry of ROUTE_REQUIREMENTS) {
    if (matches(pathname, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? null;
}

/** Unauthenticated screens (spec section 1). */
export const PUBLIC_PATHS = ['/', '/forgot_password', '/reset_password', '/unlock_account'];
export const UNAUTHORIZED_PATH = '/borrowers/errors/unauthorized';

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

/** The user type a path belongs to, from its first segment; null for shared areas. */
export function userTypeOfPath(pathname: string): UserType | null {
  const first = pathname.split('/')[1];
  return first === 'borrowers' || first === 'investors' ? first : null;
}

/**
 * Where a user starts. Borrowers land on the dashboard (spec), unless they may not see it:
 * then on the first page they may see, so that no user lands on "unauthorized".
 */
export function landingPath(profile: AccessProfile): string {
  if (profile.userType === 'investors') return LANDING_PATHS.investors;
  if (profile.customer) return `/customerportal/${encodeURIComponent(profile.customer)}`;
  if (isPortalOnly(profile)) return '/customerportal';
  const dashboard = LANDING_PATHS.borrowers;
  if (satisfies(profile, requirementFor(dashboard))) return dashboard;
  const first = ROUTE_REQUIREMENTS.find(
    ([prefix, req]) => prefix.startsWith('/borrowers/') && req.type === 'Page' && profile.pages.includes(req.feature),
  );
  return first?.[0] ?? UNAUTHORIZED_PATH;
}

export type RouteDecision = { action: 'allow' } | { action: 'sign-in' } | { action: 'redirect'; to: string };

/** The proxy's decision for a page request (spec sections 2, 5, 6). */
export function decideRoute(pathname: string, profile: AccessProfile | null): RouteDecision {
  if (isPublicPath(pathname)) {
    return profile && pathname === '/' ? { action: 'redirect', to: landingPath(profile) } : { action: 'allow' };
  }
  if (!profile) return { action: 'sign-in' };
  if (pathname === UNAUTHORIZED_PATH) return { action: 'allow' };
  // A customer user: their portal and their own account page, nothing else of the client.
  if (profile.customer && !CUSTOMER_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`)))
    return { action: 'redirect', to: landingPath(profile) };
  const pathType = userTypeOfPath(pathname);
  if (pathType && pathType !== profile.userType) return { action: 'redirect', to: landingPath(profile) };
  if (pathname.startsWith('/customerportal') && profile.userType !== 'borrowers') {
    return { action: 'redirect', to: landingPath(profile) };
  }
  if (pathname === LANDING_PATHS.borrowers && !satisfies(profile, requirementFor(pathname))) {
    return { action: 'redirect', to: landingPath(profile) };
  }
  if (!satisfies(profile, requirementFor(pathname))) return { action: 'redirect', to: UNAUTHORIZED_PATH };
  return { action: 'allow' };
}

/**
 * Whether a link to this page may be offered to this user: the proxy's own decision, so that no menu
 * entry, customer name or contact name leads to the 403 page or a redirect.
 */
export function mayOpen(profile: AccessProfile, pathname: string): boolean {
  return decideRoute(pathname, profile).action === 'allow';
}
