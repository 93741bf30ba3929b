import 'server-only';
import type { Db } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

/** The actions the edit log records: sign-ins, access changes, settings and changes to the ledger. */
export type AuditAction =
  | 'sign_in'
  | 'sign_in_sso'
  | 'sign_in_failed'
  | 'account_locked'
  | 'account_unlocked'
  | 'password_reset_requested'
  | 'password_reset'
  | 'password_changed'
  | 'signed_out_everywhere'
  | 'user_invited'
  | 'role_changed'
  | 'user_deactivated'
  | 'user_reactivated'
  | 'role_permissions_changed'
  | 'credit_hold_released'
  | 'customer_user_invited'
  | 'customer_user_suspended'
  | 'customer_user_reactivated'
  | 'customer_user_removed'
  | 'customer_links_revoked'
  | 'sign_in_link'
  | 'cash_applied'
  | 'cash_undone'
  | 'cash_reversed'
  | 'credit_hold_rules_saved'
  | 'import_batch'
  | 'provision_adjusted'
  | 'write_off_requested'
  | 'write_off_approved'
  | 'write_off_rejected'
  | 'cheque_received'
  | 'cheque_deposited'
  | 'cheque_cleared'
  | 'cheque_returned';

export interface AuditEntry {
  clientId: number;
  /** Who did it (the actor); null when nobody was signed in (a reset by link) or a script. */
  userId: number | null;
  action: AuditAction;
  entity?: 'user' | 'role' | 'customer' | 'bank_line' | 'import' | 'client' | 'provision' | 'write_off';
  entityId?: string | number;
  detail?: Record<string, unknown>;
  /** What the changed thing was before the change (omitted for events that change nothing). */
  before?: unknown;
  /** What it is after the change. */
  after?: unknown;
}

/**
 * Appends one entry to the client's edit log. The database numbers it, chains it to the previous
 * entry and seals it (trigger audit_log_chain, which also serialises concurrent writers); give it
 * the transaction of the change so that the entry and the change stand or fall together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    clientId: entry.clientId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? undefined : String(entry.entityId),
    detail: entry.detail,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
