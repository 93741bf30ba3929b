import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { lawValues, type LawValues } from '@/lib/domain/law-lines';
import type { Candidate } from '@/lib/server/dunning/candidates';
import { customerInterestDetail } from './customer-interest';
import { getMsmeSettings } from './msme-settings';

/**
 * The law's lines of one reminder: the MSMED interest accrued to `today` on the invoices it lists
 * (each account's own terms and opt-out), the s16 and s43B(h) lines when the client is a micro or
 * small enterprise, and the CGST s16(2) note on its oldest unpaid invoice.
 */
export async function reminderLaw(db: Db, clientId: number, candidate: Candidate, today: string): Promise<LawValues> {
  const settings = await getMsmeSettings(db, clientId);
  const debts = candidate.items.filter(
    (i) => i.docType !== 'CREDIT_NOTE' && i.docType !== 'WRITE_OFF' && i.outstanding > 0,
  );
  const nums = debts.map((i) => i.sysInvoiceNum).filter((n): n is string => Boolean(n));
  const accounts = nums.length
    ? await queryRows(
        db,
        sql`select distinct i.sys_obligor_code as code, coalesce(t.opt_out, false) as "optOut"
        from invoices i left join msme_terms t on t.client_id = i.client_id and t.sys_obligor_code = i.sys_obligor_code
        where i.client_id = ${clientId} and i.sys_invoice_num in (${sql.join(
          nums.map((n) => sql`${n}`),
          sql`, `,
        )})`,
        row({ code: col.text, optOut: col.bool }),
      )
    : [];
  let interest = 0;
  if (settings.addInterestToReminders) {
    const listed = new Set(nums);
    for (const account of accounts) {
      if (account.optOut) continue;
      const detail = await customerInterestDetail(db, clientId, undefined, account.code, today);
      interest += detail.invoices.filter((i) => listed.has(i.sysInvoiceNum)).reduce((s, i) => s + i.interest, 0);
    }
  }
  const oldest = debts.reduce<(typeof debts)[number] | null>(
    (o, i) => (i.docType === 'INVOICE' && (!o || i.issueDate < o.issueDate) ? i : o),
    null,
  );
  return lawValues({
    udyamNumber: settings.udyamNumber,
    category: settings.category,
    addInterest: settings.addInterestToReminders,
    optOut: accounts.length > 0 && accounts.every((a) => a.optOut),
    interest: Math.round(interest * 100) / 100,
    oldest: oldest ? { invoiceNum: oldest.invoiceNum, issueDate: oldest.issueDate } : null,
    today,
  });
}
