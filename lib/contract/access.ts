import type { RouteRequirement } from '@/lib/domain/access';

/** Which page features grant each family of API calls (pages have theirs in route-permissions.ts). */
export const API_ACCESS = {
  /** Client settings every borrower screen needs. */
  clientSettings: null,
  /** Receivables, invoices and ageing rows: every screen that shows them. */
  receivables: {
    type: 'AnyPage',
    features: [
      'RECEIVABLES',
      'COMPANY SUMMARY',
      'MY CUSTOMERS',
      'BUSINESS PERFORMANCE',
      'CUSTOMER PORTAL',
      'CREDIT LIMIT',
    ],
  },
  /** The summary dashboard, and the email digest of its figures. */
  dashboard: { type: 'Page', feature: 'COMPANY SUMMARY' },
  /** Client-level totals and trends. */
  summary: { type: 'AnyPage', features: ['COMPANY SUMMARY', 'RECEIVABLES', 'BUSINESS PERFORMANCE'] },
  /** Collection tasks. */
  tasks: { type: 'Page', feature: 'TASKS' },
  /** Each user's own bell. */
  notifications: null,
  /** People pickers (assignees, field officers, managers) and the reminder template. */
  people: { type: 'AnyPage', features: ['TASKS', 'MY CUSTOMERS'] },
  /** Customer analysis: parent and child obligors, ratings, DSO, segments, credit limits. */
  customers: { type: 'AnyPage', features: ['MY CUSTOMERS', 'CREDIT LIMIT', 'CUSTOMER PORTAL'] },
  /** Reading an obligor's communications and contacts: every screen that shows a customer. */
  customerNotes: { type: 'AnyPage', features: ['MY CUSTOMERS', 'CUSTOMER PORTAL', 'RECEIVABLES', 'TASKS'] },
  /** Logging a call, email, visit or promise to pay. */
  logCommunication: { type: 'AnyPage', features: ['MY CUSTOMERS', 'CUSTOMER PORTAL', 'TASKS'] },
  /** Resolving a dispute (a collector's or finance's decision, never the customer's on the portal). */
  resolveDisputes: { type: 'AnyPage', features: ['MY CUSTOMERS', 'RECEIVABLES', 'TASKS'] },
  /** Adding, editing and deleting customer contacts. */
  manageContacts: { type: 'Permission', feature: 'MANAGE_CONTACTS', anyOf: ['MANAGE_CONTACTS'] },
  /** The manage-customer list and assigning field officers, managers and RMs to obligors. */
  manageCustomers: { type: 'Permission', feature: 'MANAGE_CUSTOMERS', anyOf: ['MANAGE_CUSTOMERS'] },
  /** Personnel, roles, page permissions and the audit log: admin and root (the only roles that may hold MANAGE_USERS). */
  manageUsers: { type: 'Permission', feature: 'MANAGE_USERS', anyOf: ['MANAGE_USERS'] },
  /** Data imports (integrations page): administrators; uploading also checks the admin or root role. */
  integrations: { type: 'Permission', feature: 'MANAGE_USERS', anyOf: ['MANAGE_USERS'] },
  /** Reminder runs and their history: whoever chases customers (a scoped user sees their own customers'). */
  dunningRuns: { type: 'AnyPage', features: ['MY CUSTOMERS', 'TASKS'] },
  /** Previewing the reminders (nothing is sent or stored): the Worklist page. */
  previewReminders: { type: 'Page', feature: 'TASKS' },
  /** Sending customer reminders (a run, "Remind now"): a permission of its own, which admins hold and can grant. */
  sendReminders: { type: 'Permission', feature: 'MANAGE_REMINDERS', anyOf: ['MANAGE_REMINDERS'] },
  /** Cash application: bank statements in, their lines applied to invoices; admins hold it and can grant it. */
  applyCash: { type: 'Permission', feature: 'APPLY_CASH', anyOf: ['APPLY_CASH'] },
  /** The expected-credit-loss provision (the CFO's close): admins hold it and can grant it. */
  viewProvision: { type: 'Permission', feature: 'VIEW_PROVISION', anyOf: ['VIEW_PROVISION'] },
  /** Writing off a bad debt: asked by one holder, approved by another (admins hold it and can grant it). */
  writeOff: { type: 'Permission', feature: 'WRITE_OFF', anyOf: ['WRITE_OFF'] },
  /** The Excel reports page and its downloads (rows stay under the user's row-level scope; tasks under task visibility). */
  reports: { type: 'Page', feature: 'REPORTS' },
  /** Customer portal: statements, postpaid and prepaid accounts. */
  customerPortal: { type: 'Page', feature: 'CUSTOMER PORTAL' },
} satisfies Record<string, RouteRequirement | null>;
