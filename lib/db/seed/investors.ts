/**
 * The investor side: the two borrower clients as originators of receivable-backed securities, a
 * few securities in every state (matured, active, on offer), open offerings, and the holdings of
 * Sahyadri Capital Partners with their monthly cashflows (some received late or short).
 */
import { holdingCashflows, holdings, offerings, originators, securities } from '../schema';
import type { Db } from '../client';
import { insertAll, type Counts } from './batch';
import { addMonths, dayStr } from './dates';
import { paiseToNumeric } from './money';
import { Rng } from './random';
import type { ReferenceData } from './reference-data';

const CRORE = 10_000_000 * 100; // in paise
const LAKH = 100_000 * 100;
const UNIT_FACE = LAKH; // one unit = ₹1,00,000 face value

/** ISIN check digit: letters become numbers (A=10 ... Z=35), then the Luhn sum. */
export function isinCheckDigit(first11: string): string {
  const digits = [...first11].map((ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

interface SecuritySpec {
  originator: 'VARDHMAN' | 'KAVERI';
  isinStem: string;
  name: string;
  poolCrore: number;
  coupon: string;
  tenorMonths: number;
  /** Issue date in months from today (negative: in the past); `issueDays` for a date within the month. */
  issueMonths: number;
  issueDays: number;
  rating: string;
  status: 'ACTIVE' | 'MATURED' | 'OFFERED';
  /** Units held by Sahyadri (0: not held). */
  units: number;
}

const SECURITIES: readonly SecuritySpec[] = [
  {
    originator: 'VARDHMAN',
    isinStem: 'INE0VT07A01',
    name: 'Vardhman Trade Receivables Series I',
    poolCrore: 25,
    coupon: '10.25',
    tenorMonths: 12,
    issueMonths: -22,
    issueDays: 0,
    rating: 'CRISIL A+ (SO)',
    status: 'MATURED',
    units: 250,
  },
  {
    originator: 'VARDHMAN',
    isinStem: 'INE0VT07A02',
    name: 'Vardhman Trade Receivables Series II',
    poolCrore: 40,
    coupon: '9.75',
    tenorMonths: 18,
    issueMonths: -14,
    issueDays: 0,
    rating: 'CRISIL A+ (SO)',
    status: 'ACTIVE',
    units: 400,
  },
  {
    originator: 'VARDHMAN',
    isinStem: 'INE0VT07A03',
    name: 'Vardhman Trade Receivables Series III',
    poolCrore: 60,
    coupon: '9.50',
    tenorMonths: 24,
    issueMonths: -5,
    issueDays: 0,
    rating: 'CRISIL AA- (SO)',
    status: 'ACTIVE',
    units: 300,
  },
  {
    originator: 'VARDHMAN',
    isinStem: 'INE0VT07A04',
    name: 'Vardhman Trade Receivables Series IV',
    poolCrore: 50,
    coupon: '9.85',
    tenorMonths: 12,
    issueMonths: 0,
    issueDays: 20,
    rating: 'CRISIL AA- (SO)',
    status: 'OFFERED',
    units: 0,
  },
  {
    originator: 'KAVERI',
    isinStem: 'INE0KA07B01',
    name: 'Kaveri Agri Receivables Series I',
    poolCrore: 12,
    coupon: '11.25',
    tenorMonths: 15,
    issueMonths: -9,
    issueDays: 0,
    rating: 'ICRA A (SO)',
    status: 'ACTIVE',
    units: 150,
  },
  {
    originator: 'KAVERI',
    isinStem: 'INE0KA07B02',
    name: 'Kaveri Agri Receivables Series II',
    poolCrore: 8,
    coupon: '11.50',
    tenorMonths: 6,
    issueMonths: 0,
    issueDays: 35,
    rating: 'ICRA A (SO)',
    status: 'OFFERED',
    units: 0,
  },
];

export async function seedInvestors(db: Db, ref: ReferenceData, today: number, counts: Counts): Promise<void> {
  const rng = Rng.from('investors');
  const clientOf = (code: string) => ref.borrowers.find((b) => b.spec.code === code)?.clientId ?? 0;
  const origin = await db
    .insert(originators)
    .values([
      {
        originClientId: clientOf('VARDHMAN'),
        name: 'Vardhman Trading Company Pvt Ltd',
        sector: 'FMCG distribution',
        rating: 'CRISIL A+',
        description: 'Pan-India distributor of packaged consumer goods to 3,000+ trade customers across 34 branches.',
      },
      {
        originClientId: clientOf('KAVERI'),
        name: 'Kaveri Agro Foods Ltd',
        sector: 'Agri and food processing',
        rating: 'ICRA A',
        description:
          'Rice, edible oil and pulses processor selling to agro distributors and institutions in South India.',
      },
    ])
    .returning({ id: originators.id, name: originators.name });
  counts.originators = origin.length;
  const originatorOf = (code: string) => origin[code === 'VARDHMAN' ? 0 : 1]?.id ?? 0;

  const dated = SECURITIES.map((s) => {
    const issue = addMonths(today, s.issueMonths) + s.issueDays;
    return { ...s, issue, maturity: addMonths(issue, s.tenorMonths), isin: s.isinStem + isinCheckDigit(s.isinStem) };
  });
  const secRows = await db
    .insert(securities)
    .values(
      dated.map((s) => ({
        originatorId: originatorOf(s.originator),
        isin: s.isin,
        name: s.name,
        poolSize: paiseToNumeric(s.poolCrore * CRORE),
        couponRate: s.coupon,
        tenorMonths: s.tenorMonths,
        issueDate: dayStr(s.issue),
        maturityDate: dayStr(s.maturity),
        rating: s.rating,
        status: s.status,
      })),
    )
    .returning({ id: securities.id, isin: securities.isin });
  counts.securities = secRows.length;
  const securityOf = (isin: string) => secRows.find((r) => r.isin === isin)?.id ?? 0;

  // Two offerings open now (partly taken) and the fully subscribed one of Series III.
  const offeringRows = dated.flatMap((s) => {
    if (s.status === 'OFFERED') {
      const size = s.poolCrore * CRORE;
      return [
        {
          securityId: securityOf(s.isin),
          size: paiseToNumeric(size),
          minTicket: paiseToNumeric(10 * LAKH),
          amountTaken: paiseToNumeric(Math.round((size * rng.int(15, 45)) / 100 / LAKH) * LAKH),
          openDate: dayStr(today - rng.int(3, 10)),
          closeDate: dayStr(s.issue - 2),
        },
      ];
    }
    if (s.isinStem === 'INE0VT07A03') {
      return [
        {
          securityId: securityOf(s.isin),
          size: paiseToNumeric(s.poolCrore * CRORE),
          minTicket: paiseToNumeric(10 * LAKH),
          amountTaken: paiseToNumeric(s.poolCrore * CRORE),
          openDate: dayStr(s.issue - 24),
          closeDate: dayStr(s.issue - 3),
        },
      ];
    }
    return [];
  });
  await insertAll(db, offerings, offeringRows, counts);

  const investorId = ref.investor.clientId;
  const held = dated.filter((s) => s.units > 0);
  const holdingRows = await db
    .insert(holdings)
    .values(
      held.map((s) => ({
        clientId: investorId,
        securityId: securityOf(s.isin),
        units: s.units,
        investedAmount: paiseToNumeric(s.units * UNIT_FACE),
        investedOn: dayStr(s.issue + rng.int(0, 3)),
      })),
    )
    .returning({ id: holdings.id, securityId: holdings.securityId });
  counts.holdings = holdingRows.length;

  // Monthly coupon, principal with the last coupon; past dues received (a few late or short).
  const flows = held.flatMap((s) => {
    const holdingId = holdingRows.find((h) => h.securityId === securityOf(s.isin))?.id ?? 0;
    const invested = s.units * UNIT_FACE;
    const coupon = Math.round((invested * Number(s.coupon)) / 100 / 12);
    return Array.from({ length: s.tenorMonths }, (_, m) => {
      const due = addMonths(s.issue, m + 1);
      const expected = coupon + (m === s.tenorMonths - 1 ? invested : 0);
      let receivedAmount: string | null = null;
      let receivedDate: string | null = null;
      if (due <= today) {
        const late = s.originator === 'KAVERI' ? rng.chance(0.25) : rng.chance(0.06);
        const short = s.originator === 'KAVERI' && rng.chance(0.12);
        const on = due + (late ? rng.int(5, 20) : rng.int(0, 2));
        if (on <= today) {
          receivedDate = dayStr(on);
          receivedAmount = paiseToNumeric(short ? Math.round(expected * rng.float(0.93, 0.99)) : expected);
        }
      }
      return {
        clientId: investorId,
        holdingId,
        dueDate: dayStr(due),
        expectedAmount: paiseToNumeric(expected),
        receivedAmount,
        receivedDate,
      };
    });
  });
  await insertAll(db, holdingCashflows, flows, counts);
}
