import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditHoldRules } from '@/lib/db/schema';
import type { THoldRules } from '@/lib/contract/credit-holds';
import { DEFAULT_HOLD_RULES } from '@/lib/domain/credit-holds';
import { recordAudit } from '@/lib/server/audit/record-audit';

/** The client's hold rules: its saved ones, else the default. */
export async function holdRules(db: Db, clientId: number): Promise<THoldRules> {
  const [row] = await db.select().from(creditHoldRules).where(eq(creditHoldRules.clientId, clientId));
  return row
    ? {
        overLimit: row.overLimit,
        daysPastDue: row.daysPastDue,
        brokenPromises: row.brokenPromises,
        returnedCheques: row.returnedCheques,
        returnedChequeDays: row.returnedChequeDays,
      }
    : { ...DEFAULT_HOLD_RULES };
}

/** Saves the rules, with their before and after in the edit log (one transaction). */
export async function saveHoldRules(db: Db, clientId: number, userId: number, rules: THoldRules): Promise<THoldRules> {
  const values = { ...rules, updatedAt: new Date(), updatedBy: userId };
  await db.transaction(async (tx) => {
    const before = await holdRules(tx, clientId);
    await tx
      .insert(creditHoldRules)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: creditHoldRules.clientId, set: values });
    await recordAudit(tx, {
      clientId,
      userId,
      action: 'credit_hold_rules_saved',
      entity: 'client',
      entityId: clientId,
      before,
      after: await holdRules(tx, clientId),
    });
  });
  return holdRules(db, clientId);
}
