import { describe, expect, it } from 'vitest';
import { renderTemplate } from '@/lib/domain/dunning';
import { LAW_LEVEL_TEMPLATE, lawValues, NO_LAW, withoutEmptyLaw, type LawContext } from '@/lib/domain/law-lines';

const micro: LawContext = {
  udyamNumber: 'UDYAM-MH-26-0012345',
  category: 'MICRO',
  addInterest: true,
  optOut: false,
  interest: 6100.28,
  // 01/03/2024 to 28/07/2024 is 149 days; to 29/07/2024, 150.
  oldest: { invoiceNum: 'MS/1', issueDate: '2024-03-01' },
  today: '2024-07-29',
};

const values = (law: typeof NO_LAW) => ({
  customerName: 'Mehta Stores',
  familyName: 'Mehta Stores',
  amountDue: '3,65,000.00',
  overdueTable: '[table]',
  oldestDays: '135',
  statementLink: 'https://app.test/s',
  paymentLink: 'upi://pay',
  clientName: 'Vardhman Foods',
  ...law,
});

describe("the law's lines of a reminder", () => {
  it('cites MSMED s15-16 with the interest, the s43B(h) note and, at 150 days, the 180-day ITC reversal', () => {
    const law = lawValues(micro);
    expect(law.msmeInterest).toBe('₹6,100.28');
    expect(law.msmeLine).toBe(
      'We are a micro enterprise (Udyam registration UDYAM-MH-26-0012345) under the Micro, Small and Medium Enterprises Development Act, 2006. Sections 15 and 16 of the Act require payment within the agreed period, never more than 45 days from acceptance, and make compound interest with monthly rests at three times the RBI Bank Rate payable on any delay: ₹6,100.28 has accrued to 29/07/2024.',
    );
    expect(law.s43bNote).toContain('section 43B(h) of the Income Tax Act, 1961');
    // 01/03/2024 + 180 days = 28/08/2024.
    expect(law.itcNote).toBe(
      'Invoice MS/1 of 01/03/2024 is 150 days old. Under the second proviso to section 16(2) of the CGST Act, 2017, input tax credit on an invoice not paid within 180 days of its date is to be reversed with interest; for this invoice that day is 28/08/2024.',
    );
    expect(lawValues({ ...micro, today: '2024-07-28' }).itcNote).toBe('');
  });

  it('says nothing of the MSMED Act for a medium enterprise or an opted-out customer; no sum unless the client states it', () => {
    expect(lawValues({ ...micro, category: 'MEDIUM' })).toMatchObject({ msmeLine: '', s43bNote: '', msmeInterest: '' });
    expect(lawValues({ ...micro, optOut: true }).msmeLine).toBe('');
    const quiet = lawValues({ ...micro, addInterest: false });
    expect(quiet.msmeInterest).toBe('');
    expect(quiet.msmeLine.endsWith('payable on any delay.')).toBe(true);
  });

  it('renders the default later level without the paragraphs that do not apply', () => {
    const full = renderTemplate(withoutEmptyLaw(LAW_LEVEL_TEMPLATE.body, lawValues(micro)), values(lawValues(micro)));
    expect(full).toContain('Sections 15 and 16 of the Act');
    expect(full).toContain('section 16(2) of the CGST Act');
    const none = renderTemplate(withoutEmptyLaw(LAW_LEVEL_TEMPLATE.body, NO_LAW), values(NO_LAW));
    expect(none).not.toContain('\n\n\n');
    expect(none).toBe(
      'Dear Mehta Stores,\n\n₹3,65,000.00 remains unpaid, the oldest invoice now 135 days past its due date:\n\n[table]\n\nWe request you to release the payment now. Pay by UPI: upi://pay\nYour statement of account is attached (https://app.test/s).\n\nRegards,\nAccounts Receivable\nVardhman Foods',
    );
  });
});
