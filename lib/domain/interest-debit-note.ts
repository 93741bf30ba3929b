/**
 * The debit note that bills MSMED interest (docs/msme-and-cheques.md): interest for late payment is
 * part of the value of the supply (CGST Act s15(2)(d)), so it is billed by a debit note with GST at
 * the rate of the goods. A draft, for the accountant to check and post: a CSV and a Tally XML
 * voucher (the same envelope as lib/domain/receipt-export.ts). Pure, amounts in paise.
 */
import { paiseText } from './bank-statement-values';
import { neutralisedText } from './spreadsheet-text';

export interface InterestDebitNote {
  /** YYYY-MM-DD: the note's date (the day the interest was worked out to). */
  date: string;
  /** The draft's own reference, e.g. MSMED-INT/C001/2026-11-29. */
  reference: string;
  /** The customer's ledger (Tally: the party ledger's name). */
  partyLedger: string;
  /** The interest of each invoice, paise. */
  lines: { invoiceNum: string; interest: number }[];
  /** Per cent: the GST rate of the goods (the client's MSME setting). */
  gstRate: number;
}

/** The ledgers a client renames in Tally after the import if its own are called otherwise. */
export const INTEREST_LEDGER = 'Interest on delayed payment (MSMED)';
export const GST_LEDGER = 'Output GST';

const rupees = paiseText;

/** GST of a line, to the paisa. */
const gstOf = (interest: number, rate: number) => Math.round((interest * rate) / 100);

export function debitNoteTotals(note: InterestDebitNote): { interest: number; gst: number; total: number } {
  const interest = note.lines.reduce((s, l) => s + l.interest, 0);
  const gst = note.lines.reduce((s, l) => s + gstOf(l.interest, note.gstRate), 0);
  return { interest, gst, total: interest + gst };
}

function csvField(value: string): string {
  const safe = neutralisedText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row per invoice: the interest, the GST on it and their sum; dates dd/mm/yyyy. */
export function debitNoteCsv(note: InterestDebitNote): string {
  const [y, m, d] = note.date.split('-');
  const lines = ['date,reference,party,against_invoice,interest,gst_rate,gst,total'];
  for (const l of note.lines) {
    const gst = gstOf(l.interest, note.gstRate);
    lines.push(
      [
        `${d}/${m}/${y}`,
        csvField(note.reference),
        csvField(note.partyLedger),
        csvField(l.invoiceNum),
        rupees(l.interest),
        String(note.gstRate),
        rupees(gst),
        rupees(l.interest + gst),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function text(value: string): string {
  const printable = [...value].filter((c) => c.charCodeAt(0) >= 32).join('');
  return printable.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/**
 * A Tally "Debit Note" voucher: the party debited with interest + GST (a new bill of the note's
 * reference), the interest ledger and the GST ledger credited.
 */
export function debitNoteTallyXml(note: InterestDebitNote, company: string | null): string {
  const { interest, gst, total } = debitNoteTotals(note);
  const narration = `Interest under MSMED Act 2006 s16 on invoices ${note.lines.map((l) => l.invoiceNum).join(', ')}`;
  const entry = (name: string, paise: number, debit: boolean, extra = '') =>
    `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${text(name)}</LEDGERNAME><ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>${extra}<AMOUNT>${rupees(debit ? -paise : paise)}</AMOUNT></ALLLEDGERENTRIES.LIST>`;
  const companyVar = company
    ? `<STATICVARIABLES><SVCURRENTCOMPANY>${text(company)}</SVCURRENTCOMPANY></STATICVARIABLES>`
    : '';
  return [
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>${companyVar}</REQUESTDESC>`,
    '<REQUESTDATA>',
    '<TALLYMESSAGE xmlns:UDF="TallyUDF">',
    '<VOUCHER VCHTYPE="Debit Note" ACTION="Create" OBJVIEW="Accounting Voucher View">',
    `<DATE>${note.date.replaceAll('-', '')}</DATE>`,
    '<VOUCHERTYPENAME>Debit Note</VOUCHERTYPENAME>',
    `<REFERENCE>${text(note.reference)}</REFERENCE>`,
    `<NARRATION>${text(narration)}</NARRATION>`,
    `<PARTYLEDGERNAME>${text(note.partyLedger)}</PARTYLEDGERNAME>`,
    '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    entry(
      note.partyLedger,
      total,
      true,
      `<ISPARTYLEDGER>Yes</ISPARTYLEDGER><BILLALLOCATIONS.LIST><NAME>${text(note.reference)}</NAME><BILLTYPE>New Ref</BILLTYPE><AMOUNT>${rupees(-total)}</AMOUNT></BILLALLOCATIONS.LIST>`,
    ),
    entry(INTEREST_LEDGER, interest, false),
    gst ? entry(GST_LEDGER, gst, false) : '',
    '</VOUCHER>',
    '</TALLYMESSAGE>',
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
  ].join('\n');
}
