import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { TStatementInterest } from '@/lib/contract/msme';
import { interestCandidates, invoiceInterest, totalOf } from './customer-interest';
import { msmeClaim } from './item-interest';

/**
 * The s16 interest a statement of account states when the client asks for it (MSME settings, "add
 * interest to statements"): each debt of the statement's accounts that owes interest at its end
 * date, and their total. Null when the client claims none or does not state it. The interest is a
 * claim beside the ledger, not one of its entries: it is not in the balance until the client raises
 * the debit note.
 */
export async function statementInterest(
  db: Db,
  clientId: number,
  members: SQL,
  date: string,
): Promise<TStatementInterest | null> {
  const claim = await msmeClaim(db, clientId);
  if (!claim?.addToStatements) return null;
  const lines = invoiceInterest(
    await interestCandidates(db, clientId, sql`i.sys_obligor_code in ${members}`, date),
    date,
    claim.rates,
  );
  return {
    date,
    total: totalOf(lines),
    lines: lines.map((l) => ({
      sysObligorCode: l.sysObligorCode,
      sysInvoiceNum: l.sysInvoiceNum,
      invoiceNum: l.invoiceNum,
      acceptanceDate: l.acceptanceDate,
      statutoryDueDate: l.statutoryDueDate,
      daysBeyond: l.daysBeyond,
      principalOutstanding: l.principalOutstanding,
      interest: l.interest,
    })),
  };
}
