import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog, bankRates, msmeSettings, msmeTerms } from '@/lib/db/schema';
import type { TMsmeSettings, TMsmeTerms, TMsmeTermsBody, TSaveMsmeSettingsBody } from '@/lib/contract/msme';
import { DEFAULT_BANK_RATES } from '@/lib/domain/bank-rates';
import { MSME_CATEGORIES, type BankRate, type TMsmeCategory } from '@/lib/domain/msmed-interest';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';

/** The client's Bank Rate table: its own rows, else the product's cited one. */
export async function clientBankRates(
  db: Db,
  clientId: number,
): Promise<{ rates: (BankRate & { source: string | null })[]; defaultRates: boolean }> {
  const rows = await db
    .select({ effectiveFrom: bankRates.effectiveFrom, ratePercent: bankRates.ratePercent, source: bankRates.source })
    .from(bankRates)
    .where(eq(bankRates.clientId, clientId))
    .orderBy(asc(bankRates.effectiveFrom));
  if (!rows.length) return { rates: DEFAULT_BANK_RATES.map((r) => ({ ...r })), defaultRates: true };
  return { rates: rows.map((r) => ({ ...r, ratePercent: Number(r.ratePercent) })), defaultRates: false };
}

/** GET /msme/settings. */
export async function getMsmeSettings(db: Db, clientId: number): Promise<TMsmeSettings> {
  const [s] = await db.select().from(msmeSettings).where(eq(msmeSettings.clientId, clientId));
  const { rates, defaultRates } = await clientBankRates(db, clientId);
  return {
    udyamNumber: s?.udyamNumber ?? null,
    category: s?.category && (MSME_CATEGORIES as readonly string[]).includes(s.category) ? s.category : null,
    addInterestToReminders: s?.addInterestToReminders ?? false,
    addInterestToStatements: s?.addInterestToStatements ?? false,
    interestGstRate: s ? Number(s.interestGstRate) : 18,
    bankRates: rates.map((r) => ({ effectiveFrom: r.effectiveFrom, ratePercent: r.ratePercent, source: r.source })),
    defaultRates,
  };
}

/** PUT /msme/settings: the settings and the whole Bank Rate table, in one transaction, audited. */
export async function saveMsmeSettings(
  db: Db,
  user: { clientId: number; userId: number },
  body: TSaveMsmeSettingsBody,
): Promise<TMsmeSettings> {
  const { clientId, userId } = user;
  await db.transaction(async (tx) => {
    const values = {
      udyamNumber: body.udyamNumber ?? null,
      category: (body.category ?? null) as TMsmeCategory | null,
      addInterestToReminders: body.addInterestToReminders,
      addInterestToStatements: body.addInterestToStatements,
      interestGstRate: body.interestGstRate.toFixed(2),
      updatedAt: new Date(),
      updatedBy: userId,
    };
    await tx
      .insert(msmeSettings)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: msmeSettings.clientId, set: values });
    await tx.delete(bankRates).where(eq(bankRates.clientId, clientId));
    if (body.bankRates.length)
      await tx.insert(bankRates).values(
        body.bankRates.map((r) => ({
          clientId,
          effectiveFrom: r.effectiveFrom,
          ratePercent: r.ratePercent.toFixed(2),
          source: r.source ?? null,
        })),
      );
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'msme_settings_changed',
      entity: 'client',
      entityId: String(clientId),
      detail: { ...values, updatedAt: undefined, bankRates: body.bankRates.length },
    });
  });
  return getMsmeSettings(db, clientId);
}

/** A customer's MSMED terms (none: nothing agreed, not opted out). */
export async function getMsmeTerms(db: Db, clientId: number, code: string): Promise<TMsmeTerms> {
  const found = await queryRow(
    db,
    sql`select agreed_credit_days as days, opt_out as "optOut" from msme_terms where client_id = ${clientId} and sys_obligor_code = ${code}`,
    row({ days: col.int.nullable(), optOut: col.bool }),
  );
  return { sysObligorCode: code, agreedCreditDays: found?.days ?? null, optOut: found?.optOut ?? false };
}

/** PUT /msme/terms/{code}. */
export async function saveMsmeTerms(
  db: Db,
  user: { clientId: number; userId: number; scope: ObligorScope },
  code: string,
  body: TMsmeTermsBody,
): Promise<TMsmeTerms> {
  const { clientId, userId } = user;
  await assertObligorInScope(db, clientId, user.scope, code);
  const values = {
    agreedCreditDays: body.agreedCreditDays,
    optOut: body.optOut,
    updatedAt: new Date(),
    updatedBy: userId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(msmeTerms)
      .values({ clientId, sysObligorCode: code, ...values })
      .onConflictDoUpdate({ target: [msmeTerms.clientId, msmeTerms.sysObligorCode], set: values });
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'msme_terms_changed',
      entity: 'obligor',
      entityId: code,
      detail: { agreedCreditDays: body.agreedCreditDays, optOut: body.optOut },
    });
  });
  const [saved] = await db
    .select({ days: msmeTerms.agreedCreditDays, optOut: msmeTerms.optOut })
    .from(msmeTerms)
    .where(and(eq(msmeTerms.clientId, clientId), eq(msmeTerms.sysObligorCode, code)));
  return { sysObligorCode: code, agreedCreditDays: saved?.days ?? null, optOut: saved?.optOut ?? false };
}
