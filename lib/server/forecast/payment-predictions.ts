import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TPaymentPredictions } from '@/lib/contract/forecast';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { customerSelection } from './debt-selection';
import { predictedDebts } from './open-debts';

/**
 * GET /v3/clients/payment_predictions: each open invoice and debit note of a family (a parent's code)
 * or an account, oldest due first, with its expected payment day, band and reason
 * (lib/domain/payment-prediction.ts). A scoped user gets only their accounts of the family.
 */
export async function paymentPredictions(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
): Promise<TPaymentPredictions> {
  const selection = await customerSelection(db, clientId, scope, code);
  const today = await clientToday(db, clientId);
  const debts = await predictedDebts(db, clientId, selection, today, today, today);
  return {
    sysObligorCode: code,
    asOf: today,
    predictions: debts
      .sort((a, b) => a.due.localeCompare(b.due) || a.sysInvoiceNum.localeCompare(b.sysInvoiceNum))
      .map(({ prediction: p, ...d }) => ({
        sysInvoiceNum: d.sysInvoiceNum,
        invoiceNum: d.invoiceNum,
        sysObligorCode: d.account,
        dueDate: d.due,
        open: d.open,
        basis: p.basis,
        date: p.date,
        low: p.low,
        high: p.high,
        level: p.level,
        reason: p.reason,
      })),
  };
}
