import { describe, expect, it } from 'vitest';
import { compactReference, readNarration, referenceBook, type NarrationFacts } from '@/lib/domain/bank-narration';

// Narrations written by hand in each bank's published layout (see the module's header). Each
// expectation lists every fact the line carries; the rest must stay empty.
const none: NarrationFacts = {
  channel: 'OTHER',
  utr: null,
  rrn: null,
  vpa: null,
  payerName: null,
  payerAccount: null,
  ifsc: null,
  chequeNumber: null,
  returned: false,
  charge: false,
  invoiceNumbers: [],
  customerCodes: [],
};

const book = referenceBook({
  invoiceNumbers: ['INV/2026/0412', 'INV/2026/0588', 'TLY-000610'],
  customerCodes: ['SHREE-PUN', 'KAVERI01'],
});

describe('NEFT and RTGS credits', () => {
  it('HDFC: NEFT CR-<IFSC>-<remitter>-<beneficiary>-<22-character UTR>', () => {
    expect(
      readNarration('NEFT CR-SBIN0001234-SHREE GANESH TRADERS-VARDHMAN TRADING CO-SBINN52026110412345678', { book }),
    ).toEqual({
      ...none,
      channel: 'NEFT',
      utr: 'SBINN52026110412345678',
      ifsc: 'SBIN0001234',
      payerName: 'SHREE GANESH TRADERS',
    });
  });

  it('HDFC: RTGS CR with a 22-character RTGS UTR (XXXXRCYYYYMMDD########)', () => {
    const facts = readNarration('RTGS CR-ICIC0000104-KAVERI AGRO FOODS LTD-VARDHMAN TRADING CO-ICICR42026110500012345');
    expect(facts.channel).toBe('RTGS');
    expect(facts.utr).toBe('ICICR42026110500012345');
    expect(facts.ifsc).toBe('ICIC0000104');
    expect(facts.payerName).toBe('KAVERI AGRO FOODS LTD');
  });

  it('ICICI: NEFT-<UTR>-<name>-<note>-<account>-<IFSC>, the invoice named in the note', () => {
    expect(
      readNarration('NEFT-HDFCN52026110498765432-SHREE GANESH TRADERS-INV 2026 0412-50200012345678-HDFC0000001', {
        book,
      }),
    ).toEqual({
      ...none,
      channel: 'NEFT',
      utr: 'HDFCN52026110498765432',
      ifsc: 'HDFC0000001',
      payerName: 'SHREE GANESH TRADERS',
      payerAccount: '50200012345678',
      invoiceNumbers: ['INV/2026/0412'],
    });
  });

  it('Axis: NEFT/<16-character UTR>/<name>/<bank>/<account>', () => {
    expect(readNarration('NEFT/HDFCH00395034887/MARUTI AUTO SPARES/HDFC BANK/0001173122')).toEqual({
      ...none,
      channel: 'NEFT',
      utr: 'HDFCH00395034887',
      payerName: 'MARUTI AUTO SPARES',
      payerAccount: '0001173122',
    });
  });

  it('SBI: BY TRANSFER-NEFT*<IFSC>*<UTR>*<name>--', () => {
    const facts = readNarration('BY TRANSFER-NEFT*UTIB0000123*UTIBN12026110700456789*SHREE GANESH TR--', { book });
    expect(facts).toMatchObject({ channel: 'NEFT', utr: 'UTIBN12026110700456789', ifsc: 'UTIB0000123' });
    expect(facts.payerName).toBe('SHREE GANESH TR');
  });

  it('Kotak: NEFT <UTR> <name>, the UTR also in the reference column', () => {
    const facts = readNarration('NEFT KKBKN52026110800011122 SHREE GANESH TRADERS', {
      reference: 'KKBKN52026110800011122',
    });
    expect(facts).toMatchObject({ channel: 'NEFT', utr: 'KKBKN52026110800011122' });
  });

  it('takes the UTR from the reference column when the narration is cut before it', () => {
    const facts = readNarration('NEFT CR-HDFC0000001-SHREE GANESH TRADERS-VARDHMAN TRAD', {
      reference: 'HDFCN52026110412345678',
    });
    expect(facts.utr).toBe('HDFCN52026110412345678');
  });

  it('a word of 16 letters is no UTR: a UTR is mostly digits', () => {
    expect(readNarration('NEFT CR-HDFC0000001-ABCDEFGHIJKLMNOP TRADERS').utr).toBeNull();
  });
});

describe('UPI credits', () => {
  it('the issue example: UPI/<RRN>/<note>/<VPA>/…', () => {
    expect(readNarration('UPI/432112345678/PAYMENT/sgt@okhdfcbank/HDFC BANK/ICI7de43fa40188479e9baf883d6')).toEqual({
      ...none,
      channel: 'UPI',
      rrn: '432112345678',
      vpa: 'sgt@okhdfcbank',
    });
  });

  it('HDFC: UPI-<name>-<VPA>-<IFSC>-<RRN>-<note>', () => {
    expect(readNarration('UPI-SHREE GANESH TRADE-sgt@okhdfcbank-HDFC0000123-432112345678-TLY000610', { book })).toEqual(
      {
        ...none,
        channel: 'UPI',
        rrn: '432112345678',
        vpa: 'sgt@okhdfcbank',
        ifsc: 'HDFC0000123',
        payerName: 'SHREE GANESH TRADE',
        invoiceNumbers: ['TLY-000610'],
      },
    );
  });

  it('Axis: UPI/P2A/<RRN>/<name>/<bank>/<note>', () => {
    expect(readNarration('UPI/P2A/432212345678/SAGAR MALPANI/State Ban/bill 0588')).toEqual({
      ...none,
      channel: 'UPI',
      rrn: '432212345678',
      payerName: 'SAGAR MALPANI',
    });
  });

  it('SBI: BY TRANSFER-UPI/CR/<RRN>/<name>/<bank>/<VPA>/<note>, a 10-digit phone VPA kept whole', () => {
    const facts = readNarration('BY TRANSFER-UPI/CR/432312345678/KAVERI AG/SBIN/9822011223@ybl/KAVERI01--', { book });
    expect(facts).toMatchObject({
      channel: 'UPI',
      rrn: '432312345678',
      vpa: '9822011223@ybl',
      payerName: 'KAVERI AG',
      payerAccount: null,
      customerCodes: ['KAVERI01'],
    });
  });

  it('Kotak: UPI/<name>/<RRN>/<note>', () => {
    const facts = readNarration('UPI/SHREE GANESH TRA/432412345678/Payment from Phone');
    expect(facts).toMatchObject({ channel: 'UPI', rrn: '432412345678', payerName: 'SHREE GANESH TRA' });
  });

  it('the RRN from a zero-padded reference column (HDFC pads it to 16 digits)', () => {
    expect(readNarration('UPI-SHREE GANESH TRADE-sgt@okhdfcbank', { reference: '0000432112345678' }).rrn).toBe(
      '432112345678',
    );
  });
});

describe('IMPS credits', () => {
  it('Axis: IMPS/P2A/<RRN>/<name>/<bank>/<note>', () => {
    expect(readNarration('IMPS/P2A/430912345678/SHREEGANESH/ICICIBAN/NA')).toEqual({
      ...none,
      channel: 'IMPS',
      rrn: '430912345678',
      payerName: 'SHREEGANESH',
    });
  });

  it('ICICI: MMT/IMPS/<RRN>/<note>/<name>/<bank>: the name is the field before the bank', () => {
    const facts = readNarration('MMT/IMPS/430912345679/OK/ANURAG TRAD/HDFC BANK');
    expect(facts).toMatchObject({ channel: 'IMPS', rrn: '430912345679', payerName: 'ANURAG TRAD' });
  });

  it('HDFC: IMPS-<RRN>-<name>-<bank>-<masked account>-<note>', () => {
    expect(readNarration('IMPS-431012345678-SHREE GANESH-HDFC-XXXXXXXX1234-INV 2026 0588', { book })).toEqual({
      ...none,
      channel: 'IMPS',
      rrn: '431012345678',
      payerName: 'SHREE GANESH',
      payerAccount: 'XXXXXXXX1234',
      invoiceNumbers: ['INV/2026/0588'],
    });
  });
});

describe('cheques and cash', () => {
  it('a cheque deposit: CHQ DEP <6-digit number> …', () => {
    expect(readNarration('CHQ DEP 004512 SHREE GANESH TRADERS MICR 411240002')).toEqual({
      ...none,
      channel: 'CHEQUE',
      chequeNumber: '004512',
    });
  });

  it('a cheque in clearing with the number only in the reference column', () => {
    expect(readNarration('CLG/SHREE GANESH TRADERS/SBI', { reference: '0000000000004512' }).chequeNumber).toBe(
      '004512',
    );
  });

  it.each([
    ['CHQ RET 004512 FUNDS INSUFFICIENT'],
    ['I/W CHQ RTN 004512 SHREE GANESH'],
    ['O/W RTN CHQ 004512 EXCEEDS ARRANGEMENT'],
    ['RETURN CHQ 004512 SIGNATURE DIFFERS'],
    ['CHEQUE RETURNED 004512'],
  ])('a returned cheque: %s', (narration) => {
    expect(readNarration(narration)).toEqual({ ...none, channel: 'CHEQUE', chequeNumber: '004512', returned: true });
  });

  it("a return's charge is a charge, not a customer's money", () => {
    const facts = readNarration('CHQ RTN CHGS 004512 INCL GST');
    expect(facts).toMatchObject({ channel: 'CHEQUE', returned: true, charge: true });
  });

  it('cash deposits', () => {
    expect(readNarration('CASH DEPOSIT BY SELF PUNE CAMP').channel).toBe('CASH');
    expect(readNarration('BY CASH -733300 PUNE').channel).toBe('CASH');
  });

  it('anything else is OTHER', () => {
    expect(readNarration('INT.PD:01-10-2026 TO 31-12-2026').channel).toBe('OTHER');
  });
});

describe('our invoice numbers and customer codes', () => {
  it('are compared on letters and digits only', () => {
    expect(compactReference('INV/2026-0412 ')).toBe('INV20260412');
    const facts = readNarration('NEFT-HDFCN52026110498765432-SHREE GANESH TRADERS-INV20260412 INV/2026/0588', { book });
    expect(facts.invoiceNumbers).toEqual(['INV/2026/0412', 'INV/2026/0588']);
  });

  it('never inside a UTR, RRN, account or VPA', () => {
    const inside = referenceBook({ invoiceNumbers: ['12345678', '432112345678'], customerCodes: ['SGT@OKHDFCBANK'] });
    const facts = readNarration('UPI-SHREE GANESH TRADE-sgt@okhdfcbank-HDFC0000123-432112345678-PAYMENT', {
      book: inside,
    });
    expect(facts.invoiceNumbers).toEqual([]);
    expect(facts.customerCodes).toEqual([]);
  });

  it('without a list, the shapes of the client numbers find candidates', () => {
    const shapes = referenceBook({ invoicePatterns: [/INV\/\d{4}\/\d{4}/] });
    expect(
      readNarration('NEFT-HDFCN52026110498765432-SHREE GANESH-INV/2026/0412 INV/2026/0588', { book: shapes })
        .invoiceNumbers,
    ).toEqual(['INV/2026/0412', 'INV/2026/0588']);
  });

  it('the same number written two ways is one candidate', () => {
    const facts = readNarration('UPI/P2A/432212345678/SAGAR/State Ban/TLY-000610 TLY000610', { book });
    expect(facts.invoiceNumbers).toEqual(['TLY-000610']);
  });
});
