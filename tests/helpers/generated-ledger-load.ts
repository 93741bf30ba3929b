import { expect } from 'vitest';
import type { Db } from '@/lib/db/client';
import { disputeInvoices, disputes, promiseInvoices, promises } from '@/lib/db/schema';
import { csv, file, newClient } from '../imports/helpers';
import type { GeneratedLedger } from './generated-ledger';
import { importBatch } from './ledger-client';

/** A generated ledger (generated-ledger.ts) into a test database, through the product's own import. */

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The ledger as the import files a client sends. */
export function ledgerFiles(ledger: GeneratedLedger) {
  return [
    file(
      'obligors.csv',
      csv([
        'sys_obligor_code,name,parent_sys_obligor_code,credit_limit,dim1',
        ...ledger.obligors.map(
          (o) =>
            `${o.code},Customer ${o.code},${o.parent ?? ''},${o.creditLimit === null ? '' : rupees(o.creditLimit)},${o.dim1 ?? ''}`,
        ),
      ]),
    ),
    file(
      'invoices.csv',
      csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,doc_type,issue_date,due_date,amount,against_sys_invoice_num',
        ...ledger.invoices.map(
          (i) =>
            `${i.ref},INV/${i.ref},${i.obligor},${i.docType},${i.issueDate},${i.dueDate ?? ''},${rupees(i.amount)},${i.against ?? ''}`,
        ),
      ]),
    ),
    file(
      'instalments.csv',
      csv([
        'sys_invoice_num,due_date,amount',
        ...ledger.instalments.map((k) => `${k.invoice},${k.dueDate},${rupees(k.amount)}`),
      ]),
    ),
    file(
      'payments.csv',
      csv([
        'payment_ref,sys_invoice_num,sys_obligor_code,kind,paid_date,amount',
        ...ledger.payments.map(
          (p) =>
            `${p.ref},${p.invoice ?? ''},${p.invoice ? '' : p.obligor},${p.kind},${p.paidDate},${rupees(p.amount)}`,
        ),
      ]),
    ),
    file(
      'allocations.csv',
      csv([
        'payment_ref,sys_invoice_num,amount,allocated_date',
        ...ledger.allocations.map((a) => `${a.paymentRef},${a.invoice},${rupees(a.amount)},${a.allocatedDate}`),
      ]),
    ),
    file(
      'ratings.csv',
      csv(['sys_obligor_code,rating_date,rating', ...ledger.ratings.map((g) => `${g.obligor},${g.date},${g.rating}`)]),
    ),
  ];
}

/**
 * A new client `code` (buckets 30/60/90) holding the ledger: imported as of its `today` (which
 * settles the items and builds the rollups), then its promises and disputes written as stored.
 */
export async function loadGeneratedLedger(db: Db, code: string, ledger: GeneratedLedger): Promise<number> {
  const { clientId } = await newClient(db, code);
  const report = await importBatch(db, clientId, ledgerFiles(ledger), ledger.today);
  expect(report.status, JSON.stringify(report.errors)).toBe('SUCCEEDED');
  for (const promise of ledger.promises) {
    const [row] = await db
      .insert(promises)
      .values({
        clientId,
        sysObligorCode: promise.obligor,
        onFamily: promise.onFamily,
        amount: rupees(promise.amount),
        promisedDate: promise.promisedDate,
        takenOn: promise.takenOn,
        channel: 'CALL',
      })
      .returning({ id: promises.id });
    if (promise.invoices.length)
      await db
        .insert(promiseInvoices)
        .values(promise.invoices.map((sysInvoiceNum) => ({ clientId, promiseId: row!.id, sysInvoiceNum })));
  }
  for (const dispute of ledger.disputes) {
    const [row] = await db
      .insert(disputes)
      .values({
        clientId,
        sysObligorCode: dispute.obligor,
        reason: 'PRICING',
        amount: rupees(dispute.amount),
        openedOn: dispute.openedOn,
        ...(dispute.resolved ? { status: 'RESOLVED', outcome: 'CUSTOMER_TO_PAY', resolvedOn: dispute.openedOn } : {}),
      })
      .returning({ id: disputes.id });
    await db
      .insert(disputeInvoices)
      .values(dispute.invoices.map((sysInvoiceNum) => ({ clientId, disputeId: row!.id, sysInvoiceNum })));
  }
  return clientId;
}
