import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TPaymentPredictions } from '@/lib/contract/forecast';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { customerSelection } from './debt-selection';
import { predictedDebts, type PredictedDebt } from './open-debts';

/**
 * GET /v3/clients/payment_predictions: each invoice and debit note of a family (a parent's code) or an
 * account open on `date` (today by default; a past day from the payments, promises and disputes dated
 * up to it), oldest due first, with its expected payment day, band and reason
 * (lib/domain/payment-prediction.ts); an invoice in instalments by its oldest open instalment, with
 * each open instalment's. A scoped user gets only their accounts of the family.
 */
export async function paymentPredictions(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
  date?: string,
): Promise<TPaymentPredictions> {
  const selection = await customerSelection(db, clientId, scope, code);
  const today = await clientToday(db, clientId);
  const asOf = date && date < today ? date : today;
  const debts = await predictedDebts(db, clientId, selection, asOf, asOf, today);
  // An invoice in instalments comes as one debt per open instalment: it is listed once, as its oldest.
  const byInvoice = new Map<string, PredictedDebt[]>();
  for (const debt of debts.sort(
    (a, b) => a.due.localeCompare(b.due) || a.sysInvoiceNum.localeCompare(b.sysInvoiceNum),
  )) {
    const parts = byInvoice.get(debt.sysInvoiceNum);
    if (parts) parts.push(debt);
    else byInvoice.set(debt.sysInvoiceNum, [debt]);
  }
  const expected = ({ prediction: p }: PredictedDebt) => ({
    basis: p.basis,
    date: p.date,
    low: p.low,
    high: p.high,
    level: p.level,
    reason: p.reason,
  });
  return {
    sysObligorCode: code,
    asOf,
    predictions: [...byInvoice.values()].map((parts) => {
      const first = parts[0]!;
      return {
        sysInvoiceNum: first.sysInvoiceNum,
        invoiceNum: first.invoiceNum,
        sysObligorCode: first.account,
        dueDate: first.due,
        open: parts.reduce((sum, p) => sum + p.open, 0),
        ...expected(first),
        ...(parts.length > 1
          ? { instalments: parts.map((p) => ({ dueDate: p.due, open: p.open, ...expected(p) })) }
          : {}),
      };
    }),
  };
}
