import { isPortalOnly, type AccessProfile } from './access';
import { mayOpen } from './route-permissions';
import type { PageFeature } from './features';

export type MenuIcon =
  | 'dashboard'
  | 'customers'
  | 'receivables'
  | 'reports'
  | 'performance'
  | 'tasks'
  | 'worklist'
  | 'credit'
  | 'securities'
  | 'offerings';

export interface MenuEntry {
  group: string;
  label: string;
  href: string;
  icon: MenuIcon;
}

interface BorrowerMenuEntry extends Omit<MenuEntry, 'label'> {
  /** The page feature it needs; null: the entry shows when the route's permission allows (route-permissions.ts). */
  feature: PageFeature | null;
  label: (dim1Name: string) => string;
}

/** The borrower side menu of spec section 2, in the spec's order. */
const BORROWER_MENU: BorrowerMenuEntry[] = [
  {
    group: 'COMPANY SUMMARY',
    feature: 'COMPANY SUMMARY',
    label: () => 'Summary Dashboard',
    href: '/borrowers/dashboard',
    icon: 'dashboard',
  },
  {
    group: 'MY CUSTOMERS',
    feature: 'MY CUSTOMERS',
    label: () => 'Customer Analysis',
    href: '/borrowers/obligors',
    icon: 'customers',
  },
  {
    group: 'RECEIVABLES',
    feature: 'RECEIVABLES',
    label: () => 'Receivables',
    href: '/borrowers/receivables',
    icon: 'receivables',
  },
  {
    group: 'RECEIVABLES',
    feature: null,
    label: () => 'Cash application',
    href: '/borrowers/cash',
    icon: 'receivables',
  },
  { group: 'REPORTS', feature: 'REPORTS', label: () => 'Reports', href: '/borrowers/reports', icon: 'reports' },
  {
    group: 'BUSINESS PERFORMANCE',
    feature: 'BUSINESS PERFORMANCE',
    label: (dim1) => `${dim1} Performance`,
    href: '/borrowers/dimension1',
    icon: 'performance',
  },
  { group: 'TASKS', feature: 'TASKS', label: () => 'Worklist', href: '/borrowers/worklist', icon: 'worklist' },
  { group: 'TASKS', feature: 'TASKS', label: () => 'Tasks', href: '/borrowers/tasks', icon: 'tasks' },
  {
    group: 'CREDIT LIMIT',
    feature: 'CREDIT LIMIT',
    label: () => 'Credit Limit',
    href: '/borrowers/credit_limit',
    icon: 'credit',
  },
];

const INVESTOR_MENU: MenuEntry[] = [
  { group: 'INVESTMENTS', label: 'My Securities', href: '/investors/my_securities', icon: 'securities' },
  { group: 'INVESTMENTS', label: 'New Offerings', href: '/investors/new_offerings', icon: 'offerings' },
];

/** The side menu built from the user's permitted page features. */
export function buildMenu(profile: AccessProfile, dim1Name: string): MenuEntry[] {
  if (profile.userType === 'investors') return INVESTOR_MENU;
  return BORROWER_MENU.filter((entry) =>
    entry.feature === null ? mayOpen(profile, entry.href) : profile.pages.includes(entry.feature),
  ).map(({ feature: _feature, label, ...entry }) => ({ ...entry, label: label(dim1Name) }));
}

export interface MenuSection {
  group: string;
  entries: MenuEntry[];
}

/** The menu under its group headings, each heading once (Worklist and Tasks share TASKS). */
export function menuSections(entries: MenuEntry[]): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const entry of entries) {
    const last = sections.at(-1);
    if (last?.group === entry.group) last.entries.push(entry);
    else sections.push({ group: entry.group, entries: [entry] });
  }
  return sections;
}

export interface AccountLink {
  label: string;
  href: string;
}

/** The avatar menu's entries of spec section 2, in order; portal-only users get their account only. */
const ACCOUNT_LINKS: AccountLink[] = [
  { label: 'Manage Personnel', href: '/borrowers/users' },
  { label: 'Customer Contacts', href: '/borrowers/contacts' },
  { label: 'Integrations', href: '/borrowers/integrations' },
  { label: 'Reminders', href: '/borrowers/reminders' },
  { label: 'Provision (ECL)', href: '/borrowers/provision' },
  { label: 'Write-offs', href: '/borrowers/write-offs' },
  { label: 'Account', href: '/borrowers/account' },
];

/** The avatar menu's links this user may open (the route rule decides; a link never ends on the 403 page). */
export function accountLinks(profile: AccessProfile): AccountLink[] {
  if (profile.userType === 'investors') return [];
  const offered = isPortalOnly(profile) ? ACCOUNT_LINKS.filter((l) => l.href === '/borrowers/account') : ACCOUNT_LINKS;
  return offered.filter((link) => mayOpen(profile, link.href));
}
