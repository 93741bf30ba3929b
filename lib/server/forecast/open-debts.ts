import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows, together } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { debtsReached, predictPayment, type PaymentPrediction } from '@/lib/domain/payment-prediction';
import { latenessProfiles, type DebtOwner } from './lateness-profiles';
import { selectionCondition, type DebtSelection } from './debt-selection';
import { itemParts } from '@/lib/server/receivables/instalments';
import { openDebtsOn } from './open-at';
import { paymentHabits } from './payment-days';
import { disputeOpenOn } from '@/lib/server/disputes/open-on';

export interface PredictedDebt extends DebtOwner {
  sysInvoiceNum: string;
  invoiceNum: string;
  /** The invoice's issue date. */
  issued: string;
  due: string;
  open: number;
  prediction: PaymentPrediction;
}

const DebtRow = row({
  sysInvoiceNum: col.text,
  invoiceNum: col.text,
  account: col.text,
  family: col.text,
  dim1: col.int.nullable(),
  issued: col.day,
  due: col.day,
  open: col.num,
  disputedSince: col.day.nullable(),
});

const PromiseRow = row({
  code: col.text,
  onFamily: col.bool,
  promisedDate: col.day,
  amount: col.num,
  invoices: col.array(col.text),
});

/**
 * The open debts (invoices and debit notes; an invoice in instalments one per open instalment) of the selection as known on `knownThrough` (payments,
 * disputes and promises dated up to it), each with its expected payment on or after `from`. Today
 * that is the ledger as it stands (`paid_to_date`); a past month end reads the payments made by then,
 * the disputes open then and the promises taken by then and not yet settled.
 */
export async function predictedDebts(
  db: Db,
  clientId: number,
  selection: DebtSelection,
  knownThrough: string,
  from: string,
  today: string,
): Promise<PredictedDebt[]> {
  const selected = selectionCondition(clientId, selection);
  const open = openDebtsOn(clientId, knownThrough, today);
  const part = itemParts(clientId, open.owed);
  const run = together(db);
  const [debts, promises, chainOf, habitOf] = await Promise.all([
    run(() =>
      queryRows(
        db,
        sql`
      select * from (
        select i.sys_invoice_num as "sysInvoiceNum", i.invoice_num as "invoiceNum", o.sys_obligor_code as account,
          coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family, o.dim1_id as dim1,
          i.issue_date::text as issued, ${part.due}::text as due, ${part.open} as open,
          (select min(d.opened_on)::text from dispute_invoices di
            join disputes d on d.client_id = di.client_id and d.id = di.dispute_id
            where di.client_id = ${clientId} and di.sys_invoice_num = i.sys_invoice_num
              and ${disputeOpenOn('d', sql`${knownThrough}`)}
          ) as "disputedSince"
        from invoices i
        join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
        ${part.join}
        where i.client_id = ${clientId} and ${open.where} and ${selected}
      ) d where d.open > 0
      -- A promise reaches debts oldest due first; ties go by number, so every reading picks the same ones.
      order by d.due, d."sysInvoiceNum"`,
        DebtRow,
      ),
    ),
    run(() =>
      queryRows(
        db,
        sql`
      select p.sys_obligor_code as code, p.on_family as "onFamily", p.promised_date::text as "promisedDate",
        case when p.status = 'OPEN' then p.amount - p.paid_amount else p.amount end as amount,
        array(select pi.sys_invoice_num from promise_invoices pi where pi.client_id = ${clientId} and pi.promise_id = p.id) as invoices
      from promises p
      where p.client_id = ${clientId} and p.taken_on <= ${knownThrough}::date and p.promised_date >= ${from}::date
        and (p.status = 'OPEN' or p.closed_on > ${knownThrough}::date)
      order by p.promised_date, p.id`,
        PromiseRow,
      ),
    ),
    run(() => latenessProfiles(db, clientId, knownThrough, today, selected)),
    run(() => paymentHabits(db, clientId, knownThrough, selected)),
  ]);
  // Promises in date order: a debt reached by two takes the earlier date.
  const byKey = new Map<string, number[]>();
  const keep = (key: string, i: number) => {
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  };
  debts.forEach((d, i) => {
    keep(`I:${d.sysInvoiceNum}`, i);
    keep(`A:${d.account}`, i);
    keep(`F:${d.family}`, i);
  });
  const promisedDate = new Map<number, string>();
  for (const promise of promises) {
    const keys = promise.invoices.length
      ? promise.invoices.map((num) => `I:${num}`)
      : [`${promise.onFamily ? 'F' : 'A'}:${promise.code}`];
    const covered = keys
      .flatMap((key) => byKey.get(key) ?? [])
      .filter((i) => !debts[i]!.disputedSince && !promisedDate.has(i));
    for (const k of debtsReached(
      covered.map((i) => debts[i]!),
      promise.amount,
    ))
      promisedDate.set(covered[k]!, promise.promisedDate);
  }
  return debts.map((d, i) => ({
    sysInvoiceNum: d.sysInvoiceNum,
    invoiceNum: d.invoiceNum,
    account: d.account,
    family: d.family,
    dim1: d.dim1,
    issued: d.issued,
    due: d.due,
    open: d.open,
    prediction: predictPayment(
      { due: d.due, promisedDate: promisedDate.get(i) ?? null, disputedSince: d.disputedSince },
      chainOf(d),
      from,
      habitOf(d),
    ),
  }));
}
