import 'server-only';
import type { Db } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';

/** The security-relevant actions the audit log records (sign-ins, lockouts, resets, access changes). */
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
  | 'cheque_received'
  | 'cheque_deposited'
  | 'cheque_cleared'
  | 'cheque_returned';

export interface AuditEntry {
  clientId: number;
  /** Who did it (the actor); null when nobody was signed in (a reset by link). */
  userId: number | null;
  action: AuditAction;
  entity?: 'user' | 'role' | 'customer';
  entityId?: string | number;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    clientId: entry.clientId,
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? undefined : String(entry.entityId),
    detail: entry.detail,
  });
}
