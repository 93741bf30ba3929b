/**
 * Invoices, credit and debit notes, and payments of one borrower client, in two passes over the
 * same per-customer random streams: `measureLedger` only sums exposure (to set credit limits before
 * the obligors are written), `writeLedger` numbers and streams the rows month by month.
 */
import { invoices, payments } from '../schema';
import type { Db } from '../client';
import { BatchWriter, type Counts } from './batch';
import { dayStr, financialYear } from './dates';
import {
  activeShare,
  generateMonth,
  ledgerMonths,
  outstandingPaise,
  recentCutoff,
  type DocType,
  type LedgerMonth,
  type ObligorLedgerState,
  type PlannedItem,
} from './ledger-model';
import { paiseToNumeric } from './money';
import type { ClientPlan } from './obligor-plan';
import { Rng } from './random';
import type { BorrowerRef } from './reference-data';

export interface ObligorExposure {
  /** Outstanding as of today (credit notes net off). */
  exposurePaise: number;
  /** Invoiced in roughly the last six months. */
  recentSalesPaise: number;
}

export interface OpenItem {
  sysInvoiceNum: string;
  invoiceNum: string;
  due: number;
  outstandingPaise: number;
}

export interface LedgerOutcome {
  /** Oldest open invoices and debit notes per child (at most 6), for tasks and notes. */
  openItems: OpenItem[][];
  overduePaise: number[];
  /** Days past due of the oldest overdue item, per child (0 when nothing is overdue). */
  maxDaysPastDue: number[];
}

/** Walks the window month by month, calling `visit` with each customer's documents of the month. */
function walk(
  ref: BorrowerRef,
  plan: ClientPlan,
  totalDocuments: number,
  today: number,
  visit: (month: LedgerMonth, items: PlannedItem[]) => void | Promise<void>,
): Promise<void> {
  const months = ledgerMonths(plan.windowStart, today, totalDocuments);
  const children = plan.children;
  // Fresh streams and state on every pass, so both passes see the very same documents.
  const streams = children.map((c) => Rng.from(`${ref.spec.code}:ledger:${c.code}`));
  const states: ObligorLedgerState[] = children.map(() => ({ seq: 0, invoices: 0 }));
  const run = async () => {
    for (const month of months) {
      let weight = 0;
      for (const c of children) weight += c.activity * activeShare(c, month);
      const items: PlannedItem[] = [];
      if (weight > 0) {
        children.forEach((c, i) => {
          const share = activeShare(c, month);
          if (share <= 0) return;
          const lambda = (month.volume * c.activity * share) / weight;
          for (const item of generateMonth(
            streams[i] as Rng,
            c,
            i,
            states[i] as ObligorLedgerState,
            month,
            lambda,
            today,
          )) {
            items.push(item);
          }
        });
      }
      await visit(month, items);
    }
  };
  return run();
}

export async function measureLedger(ref: BorrowerRef, plan: ClientPlan, totalDocuments: number, today: number) {
  const cutoff = recentCutoff(today);
  const out: ObligorExposure[] = plan.children.map(() => ({ exposurePaise: 0, recentSalesPaise: 0 }));
  await walk(ref, plan, totalDocuments, today, (_month, items) => {
    for (const item of items) {
      const o = out[item.obligor] as ObligorExposure;
      o.exposurePaise += outstandingPaise(item);
      if (item.issue >= cutoff && item.paise > 0) o.recentSalesPaise += item.paise;
    }
  });
  return out;
}

const SYS_CODE: Record<DocType, string> = { INVOICE: 'INV', CREDIT_NOTE: 'CRN', DEBIT_NOTE: 'DBN' };
const SERIES: Record<DocType, string> = { INVOICE: 'INV', CREDIT_NOTE: 'CN', DEBIT_NOTE: 'DN' };

export async function writeLedger(
  db: Db,
  ref: BorrowerRef,
  plan: ClientPlan,
  totalDocuments: number,
  today: number,
  counts: Counts,
  onProgress: (message: string) => void,
): Promise<LedgerOutcome> {
  const { clientId, spec } = ref;
  const invoiceWriter = new BatchWriter(db, invoices, counts);
  const paymentWriter = new BatchWriter(db, payments, counts);
  const n = plan.children.length;
  const outcome: LedgerOutcome = {
    openItems: Array.from({ length: n }, () => []),
    overduePaise: new Array<number>(n).fill(0),
    maxDaysPastDue: new Array<number>(n).fill(0),
  };
  const recentInvoices: string[][] = Array.from({ length: n }, () => []);
  const serials = new Map<string, number>();
  let sysSeq = 0;
  let paySeq = 0;
  let written = 0;

  await walk(ref, plan, totalDocuments, today, async (month, items) => {
    // Numbers follow issue dates, as a billing system would hand them out.
    items.sort((a, b) => a.issue - b.issue || a.obligor - b.obligor || a.seq - b.seq);
    const numbered: { item: PlannedItem; sys: string }[] = [];
    for (const item of items) {
      const obligor = plan.children[item.obligor];
      if (!obligor) continue;
      const fy = financialYear(item.issue);
      const seriesKey = `${item.docType}:${fy}`;
      const serial = (serials.get(seriesKey) ?? 0) + 1;
      serials.set(seriesKey, serial);
      sysSeq++;
      const sys = `${spec.sysPrefix}-${SYS_CODE[item.docType]}-${String(sysSeq).padStart(7, '0')}`;
      const invoiceNum = `${SERIES[item.docType]}/${fy}/${String(serial).padStart(6, '0')}`;
      const recent = recentInvoices[item.obligor] as string[];
      // Credit and debit notes quote the invoice they adjust; invoices carry the ERP document number.
      const docNum =
        item.docType === 'INVOICE'
          ? `90${String(sysSeq).padStart(8, '0')}`
          : (recent[Math.min(item.refPick, recent.length - 1)] ?? null);
      if (item.docType === 'INVOICE') {
        recent.unshift(invoiceNum);
        if (recent.length > 3) recent.pop();
      }
      const outstanding = outstandingPaise(item);
      await invoiceWriter.add({
        clientId,
        sysInvoiceNum: sys,
        invoiceNum,
        docNum,
        sysObligorCode: obligor.code,
        docType: item.docType,
        issueDate: dayStr(item.issue),
        dueDate: item.dueMissing ? null : dayStr(item.due),
        amount: paiseToNumeric(item.paise),
        currency: 'INR',
        dim1Id: obligor.dim1Id,
        dim2Id: obligor.dim2Id,
        dim3Id: obligor.dim3Id,
        status: outstanding === 0 ? 'CLOSED' : 'OPEN',
      });
      numbered.push({ item, sys });
      if (outstanding > 0) {
        const open = outcome.openItems[item.obligor] as OpenItem[];
        if (open.length < 6)
          open.push({ sysInvoiceNum: sys, invoiceNum, due: item.due, outstandingPaise: outstanding });
        const ageing = item.dueMissing ? today - item.issue : today - item.due;
        if (ageing > 0) {
          outcome.overduePaise[item.obligor] = (outcome.overduePaise[item.obligor] ?? 0) + outstanding;
          outcome.maxDaysPastDue[item.obligor] = Math.max(outcome.maxDaysPastDue[item.obligor] ?? 0, ageing);
        }
      }
    }
    // Payments reference their invoices, so the month's invoices must be in before them.
    await invoiceWriter.flush();
    for (const { item, sys } of numbered) {
      for (const p of item.payments) {
        paySeq++;
        await paymentWriter.add({
          clientId,
          paymentRef: `${spec.sysPrefix}-PAY-${String(paySeq).padStart(7, '0')}`,
          sysInvoiceNum: sys,
          paidDate: dayStr(p.day),
          amount: paiseToNumeric(p.paise),
        });
      }
    }
    written += items.length;
    onProgress(`${spec.code}: ledger up to ${dayStr(month.to)}, ${written.toLocaleString('en-IN')} documents`);
  });
  await paymentWriter.flush();
  return outcome;
}
