/**
 * The expected-credit-loss provision matrix (Ind AS 109 / IFRS 9 B5.5.35, simplified approach for
 * trade receivables): a loss rate per ageing bucket from history, a forward-looking adjustment
 * the CFO enters per segment, and the allowance = balance x (loss rate + adjustment) per bucket.
 *
 * Two ways to a bucket's historical loss rate, from month-end ageing (buckets in order: current,
 * 1-b1, ..., over b3):
 * - ROLL_RATE: the share of a bucket's balance found in the next bucket a month later (summed over
 *   the months: sum of next-bucket balances a month on / sum of this bucket's balances; into the
 *   open-ended last bucket, what entered it: see rolledOn), the last bucket rolling to write-off
 *   (written off in the following month / its balance); a bucket's loss rate is the product of the
 *   roll rates from it down to write-off.
 * - WRITTEN_OFF: the share of a bucket's month-end balance that was written off later.
 *
 * Amounts are rupees (numbers); rates are fractions (0.016 = 1.6%). Pure: no I/O.
 */

export const PROVISION_METHODS = ['ROLL_RATE', 'WRITTEN_OFF'] as const;
export type ProvisionMethod = (typeof PROVISION_METHODS)[number];

/** The fewest and most month ends a matrix reads (the issue: the last 12 to 36). */
export const MIN_HISTORY_MONTHS = 12;
export const MAX_HISTORY_MONTHS = 36;

/**
 * The risk-rating segments (the product's scale: 1 low, 2 medium, 3 high risk), by key; customers
 * without a rating on the day read form 'Unrated'. The names sort in the scale's order.
 */
export const UNRATED_KEY = '0';
export const RATING_SEGMENT_NAMES: Record<string, string> = {
  '1': 'Rating 1 (low risk)',
  '2': 'Rating 2 (medium risk)',
  '3': 'Rating 3 (high risk)',
  [UNRATED_KEY]: 'Unrated',
};

/** One month end of one segment's history. */
export interface MonthEnd {
  /** The month end, YYYY-MM-DD. */
  date: string;
  /** The balance of each bucket at the month end. */
  balances: number[];
  /** Written off in the month that ends here (ROLL_RATE's last step). */
  writtenOff: number;
  /** Of each bucket's balance at this month end, how much was written off later (WRITTEN_OFF). */
  writtenOffLater: number[];
}

/** How one bucket's historical rate was found: the sums it divides, so that a workbook can show it. */
export interface RateWorking {
  /** ROLL_RATE: what rolled on (next bucket a month later, or written off); WRITTEN_OFF: written off later. */
  numerator: number;
  /** The bucket's balances summed over the month ends read. */
  denominator: number;
  /** numerator / denominator, at most 1 (0 when the bucket never held a balance). */
  rate: number;
}

interface BucketProvision {
  bucket: string;
  balance: number;
  /** The historical loss rate. */
  lossRate: number;
  /** The forward-looking adjustment, as a rate added to the loss rate. */
  adjustment: number;
  allowance: number;
  working: RateWorking;
}

export interface SegmentProvision {
  segment: string;
  buckets: BucketProvision[];
  allowance: number;
  balance: number;
}

/** A forward-looking adjustment: the loss rates scaled by (1 + percent / 100), for a reason. */
interface ProvisionAdjustment {
  percent: number;
  reason: string;
}

const ratio = (numerator: number, denominator: number): RateWorking => ({
  numerator,
  denominator,
  rate: denominator > 0 ? Math.min(1, numerator / denominator) : 0,
});

/** Round to paise. */
const paise = (amount: number) => Math.round(amount * 100) / 100;

/**
 * What of bucket `i` at one month end is found a month later in the next bucket (or written off).
 * The last bucket is open-ended: its balance a month later also holds what was already there, so
 * what entered it is its growth plus what was written off from it in the month (a recovery out of
 * it is not seen apart, which errs towards a lower rate; the CFO's adjustment is there for that).
 */
function rolledOn(now: MonthEnd, next: MonthEnd, i: number, bucketCount: number): number {
  if (i === bucketCount - 1) return next.writtenOff;
  if (i === bucketCount - 2)
    return Math.max(0, (next.balances[i + 1] ?? 0) - (now.balances[i + 1] ?? 0) + next.writtenOff);
  return next.balances[i + 1] ?? 0;
}

/** The roll rates of each bucket: to the next bucket a month later, the last to write-off. */
export function rollRates(history: MonthEnd[], bucketCount: number): RateWorking[] {
  const sorted = [...history].sort((a, b) => a.date.localeCompare(b.date));
  return Array.from({ length: bucketCount }, (_, i) => {
    let numerator = 0;
    let denominator = 0;
    for (let m = 0; m + 1 < sorted.length; m++) {
      const [now, next] = [sorted[m]!, sorted[m + 1]!];
      denominator += now.balances[i] ?? 0;
      numerator += rolledOn(now, next, i, bucketCount);
    }
    return ratio(numerator, denominator);
  });
}

/** Each bucket's loss rate and its working, by the method chosen. */
export function lossRates(
  method: ProvisionMethod,
  history: MonthEnd[],
  bucketCount: number,
): { lossRate: number; working: RateWorking }[] {
  if (method === 'WRITTEN_OFF')
    return Array.from({ length: bucketCount }, (_, i) => {
      const working = ratio(
        history.reduce((s, m) => s + (m.writtenOffLater[i] ?? 0), 0),
        history.reduce((s, m) => s + (m.balances[i] ?? 0), 0),
      );
      return { lossRate: working.rate, working };
    });
  const rolls = rollRates(history, bucketCount);
  return rolls.map((working, i) => ({
    lossRate: rolls.slice(i).reduce((product, r) => product * r.rate, 1),
    working,
  }));
}

/**
 * One segment's matrix: today's balance per bucket times (loss rate + adjustment). The adjustment
 * scales the historical rate (a 10% worse outlook: +10), never below 0 nor above 100% in all.
 */
export function segmentProvision(
  segment: string,
  bucketLabels: string[],
  balances: number[],
  rates: { lossRate: number; working: RateWorking }[],
  adjustment: ProvisionAdjustment | null,
): SegmentProvision {
  const buckets = bucketLabels.map((bucket, i) => {
    const { lossRate, working } = rates[i]!;
    const scaled = Math.min(1, Math.max(0, lossRate * (1 + (adjustment?.percent ?? 0) / 100)));
    const balance = balances[i] ?? 0;
    return {
      bucket,
      balance,
      lossRate,
      adjustment: scaled - lossRate,
      // A credit balance (advances) carries no loss.
      allowance: paise(Math.max(0, balance) * scaled),
      working,
    };
  });
  return {
    segment,
    buckets,
    allowance: paise(buckets.reduce((s, b) => s + b.allowance, 0)),
    balance: paise(buckets.reduce((s, b) => s + b.balance, 0)),
  };
}

/** The quarter end before a date (31/03, 30/06, 30/09, 31/12): the date itself is not its own. */
export function previousQuarterEnd(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const quarterStartMonth = Math.floor((m - 1) / 3) * 3 + 1; // 1, 4, 7, 10
  // The day before the quarter of `date` starts (a quarter end's own is three months back).
  return new Date(Date.UTC(y, quarterStartMonth - 1, 0)).toISOString().slice(0, 10);
}

/** The month ends of the `months` months up to and including the last one on or before `date`. */
export function monthEndsBefore(date: string, months: number): string[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // The month of `date` counts when `date` is its last day.
  let year = y;
  let month = d === lastDay ? m : m - 1;
  const ends: string[] = [];
  for (let k = 0; k < months; k++) {
    if (month < 1) {
      month += 12;
      year -= 1;
    }
    ends.unshift(new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10));
    month -= 1;
  }
  return ends;
}

/**
 * The journal entry for the movement of the allowance: an increase is charged to profit and loss,
 * a decrease written back.
 */
export function journalEntry(
  date: string,
  allowance: number,
  previousAllowance: number,
  format: (n: number) => string,
) {
  const movement = paise(allowance - previousAllowance);
  const day = date.split('-').reverse().join('/');
  if (movement === 0) return `${day}: no entry; the allowance is unchanged at ${format(allowance)}.`;
  return movement > 0
    ? `${day}: Dr Impairment loss on trade receivables (profit and loss) ${format(movement)}; Cr Allowance for expected credit losses (trade receivables) ${format(movement)}, raising the allowance from ${format(previousAllowance)} to ${format(allowance)}.`
    : `${day}: Dr Allowance for expected credit losses (trade receivables) ${format(-movement)}; Cr Impairment loss on trade receivables written back (profit and loss) ${format(-movement)}, lowering the allowance from ${format(previousAllowance)} to ${format(allowance)}.`;
}
