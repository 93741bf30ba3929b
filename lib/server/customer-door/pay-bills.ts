import 'server-only';
import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TPayBody, TPayment } from '@/lib/contract/customer-door';
import { billsReference } from '@/lib/domain/bills-reference';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { toPaise } from '@/lib/domain/open-amount';
import { upiAllowed, upiLink } from '@/lib/domain/upi';
import { clientToday } from '@/lib/server/clients/client-day';
import { getClient } from '@/lib/server/clients/get-client';
import { invalid } from '@/lib/server/domain-errors';
import { paymentDetails } from '@/lib/server/dunning/payment-details';
import { IS_OPEN_DEBT } from '@/lib/server/invoices/open-debt';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { membersOf } from '@/lib/server/portal/statement';

const Bill = row({ num: col.text, invoiceNum: col.text, open: col.num });

/**
 * The open debts of the customer (its family for a parent, within the scope) among `nums`, or every
 * overdue one at the client's today: what "Pay selected" and "Pay all overdue" ask for.
 */
export async function billsToPay(db: Db, clientId: number, scope: ObligorScope, body: TPayBody) {
  await assertObligorVisible(db, clientId, scope, body.sysObligorCode);
  const members = membersOf(clientId, body.sysObligorCode, scope);
  const nums = [...new Set(body.sysInvoiceNums)];
  if (!body.overdue && nums.length === 0)
    throw invalid('Choose the bills to pay.', { sysInvoiceNums: 'choose at least one bill' });
  const today = await clientToday(db, clientId);
  const which = body.overdue
    ? sql`i.due_date < ${today}::date`
    : sql`i.sys_invoice_num in (${sql.join(
        nums.map((n) => sql`${n}`),
        sql`, `,
      )})`;
  const bills = await queryRows(
    db,
    sql`select i.sys_invoice_num as num, i.invoice_num as "invoiceNum", (i.amount - i.paid_to_date)::text as open
    from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and ${IS_OPEN_DEBT} and ${which}
    order by i.due_date, i.invoice_num`,
    Bill,
  );
  if (!body.overdue && bills.length !== nums.length) {
    const found = new Set(bills.map((b) => b.num));
    const missing = nums.filter((n) => !found.has(n));
    throw invalid(`Not an open bill of this account: ${missing.join(', ')}`, {
      sysInvoiceNums: `not open bills of this account: ${missing.join(', ')}`,
    });
  }
  if (bills.length === 0) throw invalid('Nothing is overdue.', { overdue: 'nothing is overdue' });
  return bills;
}

/** POST /customerportal/pay: the exact open amount of the bills, a note naming them, the UPI link and its QR. */
export async function payBills(db: Db, clientId: number, scope: ObligorScope, body: TPayBody): Promise<TPayment> {
  const [bills, details, client] = await Promise.all([
    billsToPay(db, clientId, scope, body),
    paymentDetails(db, clientId),
    getClient(db, clientId),
  ]);
  const amount = bills.reduce((s, b) => s + toPaise(b.open), 0) / 100;
  const invoiceNums = bills.map((b) => b.invoiceNum);
  const reference = billsReference(invoiceNums);
  const link =
    details.upiVpa && upiAllowed(amount, details.upiLimit)
      ? upiLink({ vpa: details.upiVpa, payeeName: client.name, amount, reference })
      : null;
  const qrSvg = link ? await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null;
  return { amount, reference, invoiceNums, upiLink: link, qrSvg };
}
