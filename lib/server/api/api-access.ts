import 'server-only';
import type { RouteRequirement } from '@/lib/domain/access';

/** Which page features grant each family of API calls (pages have theirs in route-permissions.ts). */
export const API_ACCESS = {
  /** Client settings every borrower screen needs. */
  clientSettings: null,
  /** Receivables, invoices and ageing rows: every screen that shows them. */
  receivables: { type: 'AnyPage', features: ['RECEIVABLES', 'COMPANY SUMMARY', 'MY CUSTOMERS', 'BUSINESS PERFORMANCE', 'CUSTOMER PORTAL', 'CREDIT LIMIT'] },
  /** Client-level totals and trends. */
  summary: { type: 'AnyPage', features: ['COMPANY SUMMARY', 'RECEIVABLES', 'BUSINESS PERFORMANCE'] },
  /** Collection tasks. */
  tasks: { type: 'Page', feature: 'TASKS' },
  /** Each user's own bell. */
  notifications: null,
  /** People pickers (assignees, field officers, managers) and the reminder template. */
  people: { type: 'AnyPage', features: ['TASKS', 'MY CUSTOMERS'] },
} satisfies Record<string, RouteRequirement | null>;
