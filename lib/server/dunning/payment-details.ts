import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog } from '@/lib/db/schema';
import type { TPaymentDetails, TPaymentDetailsBody } from '@/lib/contract/dunning';
import { forgetClientRow } from '@/lib/server/clients/get-client';
import { notFound } from '@/lib/server/domain-errors';
import { DEFAULT_UPI_LIMIT } from '@/lib/domain/upi';

/** Where a client's customers pay, as its row holds it. */
export const PaymentDetailsRow = row({
  upiVpa: col.text.nullable(),
  bankName: col.text.nullable(),
  bankAccountName: col.text.nullable(),
  bankAccountNumber: col.text.nullable(),
  bankIfsc: col.text.nullable(),
  upiLimit: col.num,
}) satisfies z.ZodType<TPaymentDetails, unknown>;

/** GET /clients/payment_details: where the client's customers pay (UPI address, bank account). */
export async function paymentDetails(db: Db, clientId: number): Promise<TPaymentDetails> {
  const details = await queryRow(
    db,
    sql`select upi_vpa as "upiVpa", bank_name as "bankName", bank_account_name as "bankAccountName",
      bank_account_number as "bankAccountNumber", bank_ifsc as "bankIfsc", upi_limit as "upiLimit"
    from clients where id = ${clientId}`,
    PaymentDetailsRow,
  );
  if (!details) throw notFound('Client');
  return details;
}

/** PUT /clients/payment_details: every field replaced (a blank one is cleared, a blank UPI limit is the default), audited. */
export async function savePaymentDetails(
  db: Db,
  clientId: number,
  userId: number,
  body: TPaymentDetailsBody,
): Promise<TPaymentDetails> {
  forgetClientRow();
  await db.transaction(async (tx) => {
    const before = await paymentDetails(tx, clientId);
    await tx.execute(sql`update clients set upi_vpa = ${body.upiVpa ?? null}, bank_name = ${body.bankName ?? null},
      bank_account_name = ${body.bankAccountName ?? null}, bank_account_number = ${body.bankAccountNumber ?? null},
      bank_ifsc = ${body.bankIfsc ?? null}, upi_limit = ${body.upiLimit ?? DEFAULT_UPI_LIMIT}
      where id = ${clientId}`);
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'payment_details_saved',
      entity: 'client',
      entityId: String(clientId),
      detail: {
        upiVpa: body.upiVpa ?? null,
        bankIfsc: body.bankIfsc ?? null,
        upiLimit: body.upiLimit ?? DEFAULT_UPI_LIMIT,
      },
      before,
      after: await paymentDetails(tx, clientId),
    });
  });
  return paymentDetails(db, clientId);
}
