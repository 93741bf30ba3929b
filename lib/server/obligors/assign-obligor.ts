import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, dataUpdateTimes, obligors, roles, users } from '@/lib/db/schema';
import type { TAssignObligorBody, TManagedObligorRow } from '@/lib/contract/manage-customers';
import { obligorScope } from '@/lib/domain/obligor-scope';
import { invalid, notFound } from '@/lib/server/domain-errors';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { copyAssignmentsToRollups } from '@/lib/server/receivables/refresh-rollups';
import { managedObligor } from './list-obligors';
import { assertObligorVisible } from './obligor-scope';

type Field = 'guestId' | 'representativeId' | 'rmId';

/** Who may hold each assignment: a field officer is a guest, a manager a representative, an RM anyone. */
const RULES: Record<Field, { role: string | null; message: string }> = {
  guestId: { role: 'guest', message: 'choose an active field officer of your company' },
  representativeId: { role: 'representative', message: 'choose an active area sales manager of your company' },
  rmId: { role: null, message: 'choose an active user of your company' },
};

async function activeRole(db: Db, clientId: number, userId: number): Promise<string | undefined> {
  const [user] = await db
    .select({ role: roles.code })
    .from(users)
    .innerJoin(roles, and(eq(roles.clientId, users.clientId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.id, userId),
        eq(users.status, 'ACTIVE'),
        eq(users.userType, 'borrowers'),
      ),
    );
  return user?.role;
}

/** Field messages for every given id that is not an active user of the client with the right role. */
async function invalidAssignees(db: Db, clientId: number, body: TAssignObligorBody): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const field of Object.keys(RULES) as Field[]) {
    const userId = body[field];
    if (userId == null) continue; // absent leaves it, null clears it
    const role = await activeRole(db, clientId, userId);
    const rule = RULES[field];
    if (!role || (rule.role && role !== rule.role)) fields[field] = rule.message;
  }
  return fields;
}

/**
 * POST obligors/{code}/assign: sets or clears the field officer, area sales manager and RM of one
 * obligor, and records who changed what in the audit log in the same transaction.
 */
export async function assignObligor(
  db: Db,
  session: SessionData,
  code: string,
  body: TAssignObligorBody,
): Promise<TManagedObligorRow> {
  const clientId = session.clientId;
  const before = await managedObligor(db, clientId, code);
  if (!before) throw notFound('Customer');
  await assertObligorVisible(db, clientId, obligorScope(session), code);
  const fields = await invalidAssignees(db, clientId, body);
  if (Object.keys(fields).length) throw invalid('Please correct the highlighted fields', fields);

  const changes: Partial<Record<Field, number | null>> = {};
  for (const field of Object.keys(RULES) as Field[]) {
    if (body[field] !== undefined && body[field] !== before[field]) changes[field] = body[field];
  }
  if (Object.keys(changes).length === 0) return before;
  await db.transaction(async (tx) => {
    await tx
      .update(obligors)
      .set(changes)
      .where(and(eq(obligors.clientId, clientId), eq(obligors.sysObligorCode, code)));
    // The ageing history's collector levels were built with the old assignments: their dates read
    // the ledger until the history is rebuilt (refresh-history.ts). The rollup rows follow at once.
    if (changes.guestId !== undefined || changes.representativeId !== undefined) {
      await copyAssignmentsToRollups(tx, clientId, sql`${code}`);
      await tx
        .insert(dataUpdateTimes)
        .values({ clientId, assignmentsChangedAt: new Date() })
        .onConflictDoUpdate({ target: dataUpdateTimes.clientId, set: { assignmentsChangedAt: new Date() } });
    }
    const previous = Object.fromEntries(Object.keys(changes).map((field) => [field, before[field as Field]]));
    await tx.insert(auditLog).values({
      clientId,
      userId: session.userId,
      action: 'obligor_assigned',
      entity: 'obligor',
      entityId: code,
      detail: { before: previous, after: changes },
    });
  });
  const after = await managedObligor(db, clientId, code);
  if (!after) throw notFound('Customer');
  return after;
}
