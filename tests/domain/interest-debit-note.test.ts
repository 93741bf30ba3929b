import { describe, expect, it } from 'vitest';
import { debitNoteCsv, debitNoteTallyXml, debitNoteTotals } from '@/lib/domain/interest-debit-note';

// The interest of the hand cases (₹6,100.28 and ₹1,822.50) billed with GST at 18%:
// 6,100.28 x 18% = 1,098.0504 -> 1,098.05; 1,822.50 x 18% = 328.05. Interest 7,922.78, GST 1,426.10,
// total 9,348.88.
const note = {
  date: '2024-06-30',
  reference: 'MSMED-INT/MS/2024-06-30',
  partyLedger: 'Mehta & Sons',
  lines: [
    { invoiceNum: 'MS/1', interest: 610028 },
    { invoiceNum: 'MS/2', interest: 182250 },
  ],
  gstRate: 18,
};

describe('the interest debit note', () => {
  it('adds GST at the goods’ rate per line', () => {
    expect(debitNoteTotals(note)).toEqual({ interest: 792278, gst: 142610, total: 934888 });
    expect(debitNoteCsv(note)).toBe(
      'date,reference,party,against_invoice,interest,gst_rate,gst,total\r\n' +
        '30/06/2024,MSMED-INT/MS/2024-06-30,Mehta & Sons,MS/1,6100.28,18,1098.05,7198.33\r\n' +
        '30/06/2024,MSMED-INT/MS/2024-06-30,Mehta & Sons,MS/2,1822.50,18,328.05,2150.55\r\n',
    );
  });
  it('is a Tally debit note voucher: the party debited, interest and GST credited, the amounts balancing', () => {
    const xml = debitNoteTallyXml(note, 'Vardhman Foods');
    expect(xml).toContain('<VOUCHER VCHTYPE="Debit Note" ACTION="Create" OBJVIEW="Accounting Voucher View">');
    expect(xml).toContain('<DATE>20240630</DATE>');
    expect(xml).toContain('<SVCURRENTCOMPANY>Vardhman Foods</SVCURRENTCOMPANY>');
    expect(xml).toContain(
      '<LEDGERNAME>Mehta &amp; Sons</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><ISPARTYLEDGER>Yes</ISPARTYLEDGER>',
    );
    const amounts = [...xml.matchAll(/<ALLLEDGERENTRIES\.LIST>.*?<\/ALLLEDGERENTRIES\.LIST>/g)].map((m) =>
      Number(/<AMOUNT>([-\d.]+)<\/AMOUNT><\/ALLLEDGERENTRIES/.exec(m[0])![1]),
    );
    expect(amounts).toEqual([-9348.88, 7922.78, 1426.1]);
  });
});
