import { describe, expect, it } from 'vitest';
import { receiptProblem, receiptsCsv, tallyReceiptsXml, type AppliedReceipt } from '@/lib/domain/receipt-export';

const rupees = (r: number) => Math.round(r * 100);
const ledgers = {
  company: 'Vardhman Trading Co & Sons',
  bank: 'HDFC Bank A/c 5678',
  tdsReceivable: 'TDS Receivable {section}',
  writeOff: 'Discount Allowed',
};

// ₹2,39,560 received: ₹2,16,000 against TLY-000455 (₹2,36,000 less TDS 194J ₹20,000) and TLY-000430
// (₹23,600 less ₹40 written off): the party is credited ₹2,59,600.
const receipt: AppliedReceipt = {
  date: '2026-11-04',
  reference: 'HDFCN52026110412345678',
  narration: 'NEFT CR-HDFC0000001-SHREE GANESH TRADERS <PUNE>',
  partyLedger: 'Shree Ganesh Traders (Pune)',
  received: rupees(239_560),
  allocations: [
    { billName: 'TLY-000455', amount: rupees(236_000) },
    { billName: 'TLY-000430', amount: rupees(23_600) },
  ],
  tds: { section: '194J', amount: rupees(20_000) },
  writeOff: rupees(40),
  onAccount: 0,
};

describe('Tally receipt vouchers', () => {
  it('the bank, TDS and write-off debited, the party credited bill by bill (Agst Ref)', () => {
    const xml = tallyReceiptsXml([receipt], ledgers);
    expect(xml).toBe(
      [
        '<ENVELOPE>',
        '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
        '<BODY><IMPORTDATA>',
        '<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>Vardhman Trading Co &amp; Sons</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>',
        '<REQUESTDATA>',
        '<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="Receipt" ACTION="Create" OBJVIEW="Accounting Voucher View">' +
          '<DATE>20261104</DATE><VOUCHERTYPENAME>Receipt</VOUCHERTYPENAME><REFERENCE>HDFCN52026110412345678</REFERENCE>' +
          '<NARRATION>NEFT CR-HDFC0000001-SHREE GANESH TRADERS &lt;PUNE&gt;</NARRATION>' +
          '<PARTYLEDGERNAME>Shree Ganesh Traders (Pune)</PARTYLEDGERNAME><PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>' +
          '<ALLLEDGERENTRIES.LIST><LEDGERNAME>Shree Ganesh Traders (Pune)</LEDGERNAME><ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE><ISPARTYLEDGER>Yes</ISPARTYLEDGER><AMOUNT>259600.00</AMOUNT>' +
          '<BILLALLOCATIONS.LIST><NAME>TLY-000455</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>236000.00</AMOUNT></BILLALLOCATIONS.LIST>' +
          '<BILLALLOCATIONS.LIST><NAME>TLY-000430</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>23600.00</AMOUNT></BILLALLOCATIONS.LIST>' +
          '</ALLLEDGERENTRIES.LIST>' +
          '<ALLLEDGERENTRIES.LIST><LEDGERNAME>HDFC Bank A/c 5678</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-239560.00</AMOUNT></ALLLEDGERENTRIES.LIST>' +
          '<ALLLEDGERENTRIES.LIST><LEDGERNAME>TDS Receivable 194J</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-20000.00</AMOUNT></ALLLEDGERENTRIES.LIST>' +
          '<ALLLEDGERENTRIES.LIST><LEDGERNAME>Discount Allowed</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-40.00</AMOUNT></ALLLEDGERENTRIES.LIST>' +
          '</VOUCHER></TALLYMESSAGE>',
        '</REQUESTDATA>',
        '</IMPORTDATA></BODY>',
        '</ENVELOPE>',
      ].join('\n'),
    );
  });

  it('a remainder on account is a bill allocation of its own; no TDS or write-off, no line for them', () => {
    const xml = tallyReceiptsXml(
      [
        {
          ...receipt,
          received: rupees(25_000),
          allocations: [{ billName: 'TLY-000430', amount: rupees(23_600) }],
          tds: null,
          writeOff: 0,
          onAccount: rupees(1_400),
        },
      ],
      { ...ledgers, company: null },
    );
    expect(xml).toContain(
      '<AMOUNT>25000.00</AMOUNT><BILLALLOCATIONS.LIST><NAME>TLY-000430</NAME><BILLTYPE>Agst Ref</BILLTYPE><AMOUNT>23600.00</AMOUNT></BILLALLOCATIONS.LIST>' +
        '<BILLALLOCATIONS.LIST><BILLTYPE>On Account</BILLTYPE><AMOUNT>1400.00</AMOUNT></BILLALLOCATIONS.LIST>',
    );
    expect(xml).not.toContain('TDS Receivable');
    expect(xml).not.toContain('Discount Allowed');
    expect(xml).not.toContain('SVCURRENTCOMPANY');
  });

  it('a receipt that does not add up is refused, never exported', () => {
    const short = { ...receipt, writeOff: 0 };
    expect(receiptProblem(short)).toMatch(/differ from the bills and on account/);
    expect(() => tallyReceiptsXml([short], ledgers)).toThrow(/HDFCN52026110412345678/);
    expect(receiptProblem(receipt)).toBeNull();
  });
});

describe('the CSV of applied receipts', () => {
  it("one row per bill, the receipt's own figures once, text that looks like a formula neutralised", () => {
    const csv = receiptsCsv([
      receipt,
      {
        ...receipt,
        reference: '=HYPERLINK("x")',
        allocations: [],
        tds: null,
        writeOff: 0,
        received: rupees(500),
        onAccount: rupees(500),
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'date,reference,party,received,bill,bill_type,amount,tds_section,tds,write_off',
      '04/11/2026,HDFCN52026110412345678,Shree Ganesh Traders (Pune),239560.00,TLY-000455,Agst Ref,236000.00,194J,20000.00,40.00',
      '04/11/2026,HDFCN52026110412345678,Shree Ganesh Traders (Pune),,TLY-000430,Agst Ref,23600.00,,,',
      `04/11/2026,"'=HYPERLINK(""x"")",Shree Ganesh Traders (Pune),500.00,,On Account,500.00,,,`,
      '',
    ]);
  });
});
