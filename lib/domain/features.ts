/**
 * The catalogue of page features (menu entries) and permissions. featureType strings are the
 * spec's vocabulary and the values stored in pages / role_permissions / user_page_permissions.
 */
export const PAGE_FEATURES = [
  'COMPANY SUMMARY',
  'MY CUSTOMERS',
  'RECEIVABLES',
  'REPORTS',
  'BUSINESS PERFORMANCE',
  'TASKS',
  'CREDIT LIMIT',
  'CUSTOMER PORTAL',
] as const;
export type PageFeature = (typeof PAGE_FEATURES)[number];

export const PERMISSIONS = [
  'MANAGE_USERS',
  'MANAGE_CONTACTS',
  'MANAGE_CUSTOMERS',
  'MANAGE_TASKS',
  'MANAGE_REMINDERS',
  'APPLY_CASH',
  'VIEW_PROVISION',
  'WRITE_OFF',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const FEATURE_LABELS: Record<PageFeature | Permission, string> = {
  'COMPANY SUMMARY': 'Company summary',
  'MY CUSTOMERS': 'My customers',
  RECEIVABLES: 'Receivables',
  REPORTS: 'Reports',
  'BUSINESS PERFORMANCE': 'Business performance',
  TASKS: 'Tasks',
  'CREDIT LIMIT': 'Credit limit',
  'CUSTOMER PORTAL': 'Customer portal',
  MANAGE_USERS: 'Manage personnel',
  MANAGE_CONTACTS: 'Manage customer contacts',
  MANAGE_CUSTOMERS: 'Assign field officers and managers',
  MANAGE_TASKS: 'Create and assign tasks',
  MANAGE_REMINDERS: 'Send customer reminders',
  APPLY_CASH: 'Apply bank receipts',
  VIEW_PROVISION: 'Expected-credit-loss provision',
  WRITE_OFF: 'Write off bad debts',
};

export const ROLE_CODES = ['admin', 'root', 'guest', 'representative', 'member', 'investor'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const ROLE_NAMES: Record<RoleCode, string> = {
  admin: 'Administrator',
  root: 'Root',
  guest: 'Field officer',
  representative: 'Area sales manager',
  member: 'Finance staff',
  investor: 'Investor',
};

/** admin and root see everything (spec section 6). */
export function isAdminRole(role: string): boolean {
  return role === 'admin' || role === 'root';
}

export type UserType = 'borrowers' | 'investors';
