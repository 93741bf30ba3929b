/**
 * The 'Start Tour' walk through the side menu: admin and root get six steps over the menu
 * groups, everyone else two (Receivables, Tasks), each only when that menu entry is theirs. A
 * portal-only user (no side menu) and investors get no tour, so no button.
 */
import { isPortalOnly, type AccessProfile } from './access';
import { isAdminRole, type PageFeature } from './features';

export interface TourStep {
  /** The menu group the step points at: the side menu marks each entry with data-tour={group}. */
  group: PageFeature;
  title: string;
  description: string;
}

const STEPS: Record<string, (dim1Name: string) => Omit<TourStep, 'group'>> = {
  'COMPANY SUMMARY': () => ({
    title: 'Summary Dashboard',
    description: 'Balance, overdue, collections, DSO and risk of the whole book at a glance, with the 12-month trend.',
  }),
  'MY CUSTOMERS': () => ({
    title: 'Customer Analysis',
    description:
      'Every parent obligor with its balance, ageing, credit utilisation, DSO and risk. Open one to see its accounts, contacts and history.',
  }),
  RECEIVABLES: () => ({
    title: 'Receivables',
    description:
      'Who owes what and how late: ageing by customer on the credit or invoice basis, down to each open invoice.',
  }),
  REPORTS: () => ({
    title: 'Reports',
    description: 'Download the ageing, open invoices, DSO and collections as Excel workbooks for any date.',
  }),
  'BUSINESS PERFORMANCE': (dim1) => ({
    title: `${dim1} Performance`,
    description: `Receivables, overdue, collections and DSO for each ${dim1.toLowerCase()}, with its trend, top customers and breakdown.`,
  }),
  TASKS: () => ({
    title: 'Worklist and tasks',
    description:
      'Start each morning on the worklist: families with overdue debt, most pressing first, with one-click calls and WhatsApp reminders. Tasks are the follow-ups: create, assign and close them; you are reminded when they fall due.',
  }),
  'CREDIT LIMIT': () => ({
    title: 'Credit Limit',
    description: "Customers near or over their credit limit, with each limit's history.",
  }),
};

/** Admin and root: six of the menu groups, in menu order. */
const ADMIN_TOUR: PageFeature[] = [
  'COMPANY SUMMARY',
  'MY CUSTOMERS',
  'RECEIVABLES',
  'REPORTS',
  'BUSINESS PERFORMANCE',
  'TASKS',
];
const USER_TOUR: PageFeature[] = ['RECEIVABLES', 'TASKS'];

export function tourSteps(profile: AccessProfile, dim1Name: string): TourStep[] {
  if (profile.userType !== 'borrowers' || isPortalOnly(profile)) return [];
  const groups = isAdminRole(profile.role) ? ADMIN_TOUR : USER_TOUR;
  return groups
    .filter((group) => profile.pages.includes(group))
    .map((group) => ({ group, ...STEPS[group]!(dim1Name) }));
}
