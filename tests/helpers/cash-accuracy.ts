import type { Suggestion } from '@/lib/domain/cash-match';

/**
 * What the cash-application accuracy tests share: a seeded random source (the same month every
 * run), HDFC's way of writing credits, and the tally of the suggestions against the truth.
 */

/** Who really paid a credit, and for which invoices (system numbers, sorted). */
export interface Truth {
  code: string;
  invoices: string[];
}

export const AUTO_APPLY = 0.9;

export const BANKS = [
  { code: 'SBIN', upi: 'oksbi' },
  { code: 'HDFC', upi: 'okhdfcbank' },
  { code: 'ICIC', upi: 'okicici' },
  { code: 'UTIB', upi: 'okaxis' },
  { code: 'KKBK', upi: 'kotak' },
] as const;
export type Bank = (typeof BANKS)[number];

/** A linear congruential source from `seed`: the same draws on every run. */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  return { random, pick, digits };
}

/** Paise as the statement writes rupees: Indian grouping, two decimals, quoted. */
export const rupees = (paise: number) => {
  const [whole, frac] = (paise / 100).toFixed(2).split('.');
  return `"${Number(whole).toLocaleString('en-IN')}.${frac}"`;
};

/**
 * What one credit pays of a customer's open invoices (oldest due first, in paise): 10% two or three
 * of the oldest together (with three or more open), 5% the oldest less TDS (194Q 0.1%, 194C 2% or
 * 194J 10% of its taxable value, else of its value net of 18% GST), else one invoice whole (the
 * oldest more often). The customer's open list loses what is paid.
 */
export function payment<I extends { taxable: number | null }>(
  { random, pick }: ReturnType<typeof seededRandom>,
  customer: { open: I[] },
  gross: (invoice: I) => number,
): { paid: I[]; amount: number } {
  const roll = random();
  let paid: I[];
  let amount: number;
  if (roll < 0.1 && customer.open.length >= 3) {
    paid = customer.open.slice(0, 2 + Math.floor(random() * 2));
    amount = paid.reduce((s, i) => s + gross(i), 0);
  } else if (roll < 0.15) {
    paid = [customer.open[0]!];
    const rate = pick([10, 200, 1000]);
    const taxable = paid[0]!.taxable ?? Math.round((gross(paid[0]!) * 10_000) / 11_800);
    amount = gross(paid[0]!) - Math.round((taxable * rate) / 10_000 / 100) * 100;
  } else {
    paid = [random() < 0.6 ? customer.open[0]! : pick(customer.open)];
    amount = gross(paid[0]!);
  }
  customer.open = customer.open.filter((i) => !paid.includes(i));
  return { paid, amount };
}

/**
 * A credit's narration and reference as HDFC writes them: 30% UPI, 50% NEFT, 10% IMPS, 10% a
 * cheque deposit (which names no invoice). `upper` is the payer's name as the bank prints it.
 */
export function hdfcCredit(
  { random, digits }: ReturnType<typeof seededRandom>,
  payer: { upper: string; vpa: string; bank: Bank },
  remark: string,
): { narration: string; reference: string } {
  const { upper, vpa, bank } = payer;
  const channel = random();
  if (channel < 0.3) {
    const rrn = `4${digits(11)}`;
    return {
      narration: `UPI-${upper.slice(0, 18)}-${vpa}-${bank.code}0000${digits(3)}-${rrn}-${remark}`,
      reference: `0000${rrn}`,
    };
  }
  if (channel < 0.8) {
    const utr = `${bank.code}N5${digits(16)}`;
    return { narration: `NEFT CR-${bank.code}000${digits(4)}-${upper}-${remark}-${utr}`, reference: utr };
  }
  if (channel < 0.9) {
    const rrn = `43${digits(10)}`;
    return {
      narration: `IMPS-${rrn}-${upper}-${bank.code}-XXXXXXXX${digits(4)}-${remark}`,
      reference: `0000${rrn}`,
    };
  }
  const cheque = digits(6);
  return { narration: `CHQ DEP ${cheque} ${upper} MICR ${digits(9)}`, reference: `0000000000${cheque}` };
}

/** An HDFC statement file of the account with these lines under its header. */
export const hdfcStatement = (account: string, lines: string[]) =>
  [
    `Account No :${account},,,,,,`,
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    ...lines,
  ].join('\r\n');

export interface AccuracyFigures {
  credits: number;
  autoRight: number;
  autoWrong: number;
  suggestedRightFirst: number;
  suggestedRightInThree: number;
  suggestedWrong: number;
  unmatched: number;
}

/**
 * How the stored lines' suggestions fare against the truth (by file line): applied by themselves
 * (sure at AUTO_APPLY, no tie) right or wrong, the right answer suggested first or among the
 * three, a wrong one only, or none. `onUnmatched` sees each line with no suggestion.
 */
export function tallyAccuracy<L extends { line: number; suggestions: Suggestion[] }>(
  stored: L[],
  truths: Map<number, Truth>,
  onUnmatched?: (line: L, truth: Truth) => void,
): AccuracyFigures {
  const figures: AccuracyFigures = {
    credits: 0,
    autoRight: 0,
    autoWrong: 0,
    suggestedRightFirst: 0,
    suggestedRightInThree: 0,
    suggestedWrong: 0,
    unmatched: 0,
  };
  const same = (s: Suggestion | undefined, t: Truth) =>
    !!s &&
    s.sysObligorCode === t.code &&
    s.allocations
      .map((a) => a.sysInvoiceNum)
      .sort()
      .join() === t.invoices.join();
  for (const l of stored) {
    const truth = truths.get(l.line)!;
    figures.credits++;
    const [top, second] = l.suggestions;
    const sure = top && top.confidence >= AUTO_APPLY && !(second && second.confidence === top.confidence);
    if (!top) {
      figures.unmatched++;
      onUnmatched?.(l, truth);
    } else if (sure) figures[same(top, truth) ? 'autoRight' : 'autoWrong']++;
    else if (same(top, truth)) figures.suggestedRightFirst++;
    else if (l.suggestions.some((s) => same(s, truth))) figures.suggestedRightInThree++;
    else figures.suggestedWrong++;
  }
  return figures;
}
