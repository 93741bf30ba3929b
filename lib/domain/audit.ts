/**
 * The edit log as people read it: each action's name, each kind of thing's name, and what a change
 * changed (the top-level fields whose value differs between before and after).
 */
export const AUDIT_ACTIONS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_sso: 'Signed in (company SSO)',
  sign_in_failed: 'Failed sign-in',
  account_locked: 'Account locked',
  account_unlocked: 'Account unlocked',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  signed_out_everywhere: 'Signed out everywhere',
  user_invited: 'User invited',
  role_changed: 'Role changed',
  user_deactivated: 'User deactivated',
  user_reactivated: 'User reactivated',
  role_permissions_changed: 'Role permissions changed',
  import_batch: 'Import batch',
  credit_hold_released: 'Credit hold released',
  credit_hold_rules_saved: 'Credit hold rules saved',
  promise_taken: 'Promise to pay taken',
  dispute_opened: 'Dispute opened',
  dispute_resolved: 'Dispute resolved',
  communication_logged: 'Contact logged',
  obligor_assigned: 'Customer assigned',
  contact_created: 'Contact added',
  contact_changed: 'Contact changed',
  contact_deleted: 'Contact removed',
  dunning_policy_saved: 'Reminder policy saved',
  payment_details_saved: 'Payment details saved',
  letterhead_saved: 'Letterhead saved',
  task_created: 'Task created',
  task_closed: 'Task closed',
  provision_adjusted: 'Provision adjustment set',
  write_off_requested: 'Write-off requested',
  write_off_approved: 'Write-off approved',
  write_off_rejected: 'Write-off rejected',
};

export const AUDIT_ENTITIES: Record<string, string> = {
  user: 'User',
  role: 'Role',
  customer: 'Customer',
  obligor: 'Customer',
  import: 'Import batch',
  client: 'Company settings',
  dunning_policy: 'Reminder policy',
  contact: 'Contact',
  promise: 'Promise to pay',
  dispute: 'Dispute',
  task: 'Task',
  provision: 'Provision',
  write_off: 'Write-off',
};

interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The fields a change changed, in the order they first appear; a whole value when either side is no record. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if ((before ?? null) === null && (after ?? null) === null) return [];
  if (!isRecord(before) || !isRecord(after)) return same(before, after) ? [] : [{ field: '', before, after }];
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => !same(before[f], after[f]))
    .map((f) => ({ field: f, before: before[f], after: after[f] }));
}

/** A value of a change, short: text as is, nothing as "—", lists joined, records as JSON. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(shortValue).join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
