/**
 * Applied receipts back to the books (issue 53): Tally XML receipt vouchers the accountant imports
 * instead of typing them, and a CSV of the same for any other ERP. Pure, amounts in paise.
 *
 * Tally's voucher import (help.tallysolutions.com, "Understanding Integration – Transactions"):
 * ENVELOPE/HEADER/TALLYREQUEST "Import Data", BODY/IMPORTDATA with REQUESTDESC (REPORTNAME
 * Vouchers, the company) and REQUESTDATA/TALLYMESSAGE/VOUCHER (VCHTYPE, ACTION Create, OBJVIEW
 * "Accounting Voucher View"), DATE as yyyymmdd, one ALLLEDGERENTRIES.LIST per ledger. A ledger
 * debited is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a ledger credited No with a positive one;
 * the party's BILLALLOCATIONS.LIST settle its bills (BILLTYPE "Agst Ref" with the bill's NAME, or
 * "On Account"), their amounts summing to the party's.
 */
import { paiseText } from './bank-statement-values';
import { neutralisedText } from './spreadsheet-text';

export interface AppliedReceipt {
  /** YYYY-MM-DD: the day the money reached the bank. */
  date: string;
  /** The bank's reference (UTR, RRN, cheque number): the voucher's reference. */
  reference: string;
  narration: string;
  /** The customer's ledger in the ERP (Tally: the party ledger's name). */
  partyLedger: string;
  /** Paise credited by the bank. */
  received: number;
  allocations: { billName: string; amount: number }[];
  tds: { section: string; amount: number } | null;
  writeOff: number;
  onAccount: number;
}

/** The client's own ledger names (settings): `{section}` in the TDS ledger's name is replaced by the section. */
export interface LedgerNames {
  company: string | null;
  bank: string;
  tdsReceivable: string;
  writeOff: string;
}

/** Paise as Tally and a CSV write rupees: "1234.50", "-1234.50". */
const rupees = paiseText;

/** The customer is credited with what the bills and the remainder on account add up to. */
const credited = (r: AppliedReceipt) => r.allocations.reduce((sum, a) => sum + a.amount, 0) + r.onAccount;

/** What does not add up in a receipt, or null: the money in, TDS and write-off must equal the customer's credit. */
export function receiptProblem(r: AppliedReceipt): string | null {
  const debits = r.received + (r.tds?.amount ?? 0) + r.writeOff;
  if (
    [r.received, r.writeOff, r.onAccount, r.tds?.amount ?? 0, ...r.allocations.map((a) => a.amount)].some((v) => v < 0)
  )
    return `receipt ${r.reference}: an amount below zero`;
  if (debits !== credited(r))
    return `receipt ${r.reference}: received, TDS and write-off (${rupees(debits)}) differ from the bills and on account (${rupees(credited(r))})`;
  return null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Text in an element: XML's five escapes, and no control character Tally would refuse. */
function text(value: string): string {
  const printable = [...value].filter((c) => c.charCodeAt(0) >= 32 || c === '\n' || c === '\t').join('');
  return printable.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function ledgerEntry(name: string, paise: number, debit: boolean, extra = ''): string {
  return [
    '<ALLLEDGERENTRIES.LIST>',
    `<LEDGERNAME>${text(name)}</LEDGERNAME>`,
    `<ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>`,
    extra,
    `<AMOUNT>${rupees(debit ? -paise : paise)}</AMOUNT>`,
    '</ALLLEDGERENTRIES.LIST>',
  ].join('');
}

function voucher(r: AppliedReceipt, ledgers: LedgerNames): string {
  const bills = [
    ...r.allocations.map(
      (a) =>
        `<BILLALLOCATIONS.LIST><NAME>${text(a.billName)}</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>${rupees(a.amount)}</AMOUNT></BILLALLOCATIONS.LIST>`,
    ),
    ...(r.onAccount
      ? [
          `<BILLALLOCATIONS.LIST><BILLTYPE>On Account</BILLTYPE><AMOUNT>${rupees(r.onAccount)}</AMOUNT></BILLALLOCATIONS.LIST>`,
        ]
      : []),
  ].join('');
  const party = [
    '<ALLLEDGERENTRIES.LIST>',
    `<LEDGERNAME>${text(r.partyLedger)}</LEDGERNAME>`,
    '<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE><ISPARTYLEDGER>Yes</ISPARTYLEDGER>',
    `<AMOUNT>${rupees(credited(r))}</AMOUNT>`,
    bills,
    '</ALLLEDGERENTRIES.LIST>',
  ].join('');
  const debits = [
    ledgerEntry(ledgers.bank, r.received, true),
    r.tds ? ledgerEntry(ledgers.tdsReceivable.replaceAll('{section}', r.tds.section), r.tds.amount, true) : '',
    r.writeOff ? ledgerEntry(ledgers.writeOff, r.writeOff, true) : '',
  ].join('');
  return [
    '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
    '<VOUCHER VCHTYPE="Receipt" ACTION="Create" OBJVIEW="Accounting Voucher View">',
    `<DATE>${r.date.replaceAll('-', '')}</DATE>`,
    '<VOUCHERTYPENAME>Receipt</VOUCHERTYPENAME>',
    `<REFERENCE>${text(r.reference)}</REFERENCE>`,
    `<NARRATION>${text(r.narration)}</NARRATION>`,
    `<PARTYLEDGERNAME>${text(r.partyLedger)}</PARTYLEDGERNAME>`,
    '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    party,
    debits,
    '</VOUCHER>',
    '</TALLYMESSAGE>',
  ].join('');
}

/** Every receipt as a Tally receipt voucher, one import file. Throws on a receipt that does not add up. */
export function tallyReceiptsXml(receipts: readonly AppliedReceipt[], ledgers: LedgerNames): string {
  for (const r of receipts) {
    const problem = receiptProblem(r);
    if (problem) throw new Error(problem);
  }
  const company = ledgers.company
    ? `<STATICVARIABLES><SVCURRENTCOMPANY>${text(ledgers.company)}</SVCURRENTCOMPANY></STATICVARIABLES>`
    : '';
  return [
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>${company}</REQUESTDESC>`,
    '<REQUESTDATA>',
    ...receipts.map((r) => voucher(r, ledgers)),
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
  ].join('\n');
}

const CSV_HEADER = [
  'date',
  'reference',
  'party',
  'received',
  'bill',
  'bill_type',
  'amount',
  'tds_section',
  'tds',
  'write_off',
].join(',');

function csvField(value: string): string {
  const safe = neutralisedText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * One row per bill settled (and one for the remainder on account), the receipt's own figures on
 * its first row only, so that a column's sum is the receipts' total. Dates dd/mm/yyyy.
 */
export function receiptsCsv(receipts: readonly AppliedReceipt[]): string {
  const lines = [CSV_HEADER];
  for (const r of receipts) {
    const parts = [
      ...r.allocations.map((a) => ({ bill: a.billName, type: 'Agst Ref', amount: a.amount })),
      ...(r.onAccount ? [{ bill: '', type: 'On Account', amount: r.onAccount }] : []),
    ];
    const [y, m, d] = r.date.split('-');
    parts.forEach((part, i) => {
      const first = i === 0;
      lines.push(
        [
          `${d}/${m}/${y}`,
          csvField(r.reference),
          csvField(r.partyLedger),
          first ? rupees(r.received) : '',
          csvField(part.bill),
          part.type,
          rupees(part.amount),
          first && r.tds ? r.tds.section : '',
          first && r.tds ? rupees(r.tds.amount) : '',
          first && r.writeOff ? rupees(r.writeOff) : '',
        ].join(','),
      );
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}
