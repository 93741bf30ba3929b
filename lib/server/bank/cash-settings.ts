import 'server-only';
import { eq } from 'drizzle-orm';
import type { TCashSettings } from '@/lib/contract/bank';
import { DEFAULT_CASH_SETTINGS, type CashSettings } from '@/lib/domain/cash-settings';
import type { Db } from '@/lib/db/client';
import { cashSettings } from '@/lib/db/schema';

const number = (text: string | null) => (text === null ? null : Number(text));

/** GET /api/bank/settings: the client's own, else the defaults. */
export async function cashSettingsOf(db: Db, clientId: number): Promise<CashSettings> {
  const [r] = await db.select().from(cashSettings).where(eq(cashSettings.clientId, clientId));
  if (!r) return DEFAULT_CASH_SETTINGS;
  return {
    toleranceRupees: r.tolerancePaise === null ? null : r.tolerancePaise / 100,
    tolerancePercent: r.toleranceBp === null ? null : r.toleranceBp / 100,
    autoApplyAbove: number(r.autoApplyAbove),
    suggestAbove: Number(r.suggestAbove),
    gstPercent: r.gstRateBp / 100,
    bankLedger: r.bankLedger,
    tdsLedger: r.tdsLedger,
    writeOffLedger: r.writeOffLedger,
  };
}

/** PUT /api/bank/settings: saved whole; the next statement is matched with them. */
export async function saveCashSettings(db: Db, clientId: number, s: TCashSettings): Promise<CashSettings> {
  const values = {
    tolerancePaise: s.toleranceRupees === null ? null : Math.round(s.toleranceRupees * 100),
    toleranceBp: s.tolerancePercent === null ? null : Math.round(s.tolerancePercent * 100),
    autoApplyAbove: s.autoApplyAbove === null ? null : s.autoApplyAbove.toFixed(2),
    suggestAbove: s.suggestAbove.toFixed(2),
    gstRateBp: Math.round(s.gstPercent * 100),
    bankLedger: s.bankLedger,
    tdsLedger: s.tdsLedger,
    writeOffLedger: s.writeOffLedger,
    updatedAt: new Date(),
  };
  await db
    .insert(cashSettings)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: cashSettings.clientId, set: values });
  return cashSettingsOf(db, clientId);
}
