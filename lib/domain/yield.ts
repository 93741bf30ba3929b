/**
 * Holding figures an investor reads: what is still owed to them (principal not yet repaid plus the
 * coupon accrued since the last due date) and the yield actually earned. Amounts in rupees; the
 * cash-flow schedule is the source, so a short or late receipt shows in the figures.
 */
export interface Cashflow {
  dueDate: string;
  expectedAmount: number;
  receivedAmount: number | null;
  receivedDate: string | null;
}

const DAY_MS = 86_400_000;
const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The monthly coupon on an invested amount at an annual rate in percent, rounded to the paisa. */
export function monthlyCoupon(invested: number, couponRate: number): number {
  return Math.round(((invested * couponRate) / 100 / 12) * 100) / 100;
}

/**
 * Principal still outstanding: the principal falls due with the last flow, so it is the invested
 * amount until that flow is received (the part received above the coupon repays it).
 */
export function principalOutstanding(invested: number, couponRate: number, flows: readonly Cashflow[]): number {
  const last = flows.at(-1);
  if (!last || last.receivedAmount == null) return invested;
  const repaid = Math.max(0, last.receivedAmount - monthlyCoupon(invested, couponRate));
  return Math.max(0, Math.round((invested - repaid) * 100) / 100);
}

/** Coupon earned since the last due date on or before `asOf` (the start of the holding before the first). */
export function accruedCoupon(
  principal: number,
  couponRate: number,
  investedOn: string,
  flows: readonly Cashflow[],
  asOf: string,
): number {
  if (principal <= 0) return 0;
  const lastDue = flows.filter((f) => f.dueDate <= asOf).at(-1)?.dueDate ?? investedOn;
  const elapsed = Math.max(0, days(lastDue, asOf));
  return Math.round(((principal * couponRate) / 100 / 365) * elapsed * 100) / 100;
}

/** Current value = principal outstanding + accrued coupon + dues not yet received (still owed). */
export function currentValue(
  invested: number,
  couponRate: number,
  investedOn: string,
  flows: readonly Cashflow[],
  asOf: string,
): number {
  const principal = principalOutstanding(invested, couponRate, flows);
  const owed = flows
    .filter((f) => f.dueDate <= asOf && f !== flows.at(-1))
    .reduce((sum, f) => sum + Math.max(0, f.expectedAmount - (f.receivedAmount ?? 0)), 0);
  return Math.round((principal + accruedCoupon(principal, couponRate, investedOn, flows, asOf) + owed) * 100) / 100;
}

/**
 * Realised yield in % a year: coupon received over the invested amount, annualised over the days
 * from the investment to the due date of the last flow received (income not yet due does not dilute
 * it). Null until something is received.
 */
export function realisedYield(
  invested: number,
  couponRate: number,
  investedOn: string,
  flows: readonly Cashflow[],
): number | null {
  const coupon = monthlyCoupon(invested, couponRate);
  let received = 0;
  let lastDue: string | null = null;
  flows.forEach((f, i) => {
    if (f.receivedAmount == null) return;
    // The last flow also repays the principal: only its coupon part is income.
    received += i === flows.length - 1 ? Math.min(f.receivedAmount, coupon) : f.receivedAmount;
    lastDue = f.dueDate;
  });
  if (invested <= 0 || lastDue == null || received === 0) return null;
  const held = days(investedOn, lastDue);
  if (held < 28) return null;
  return Math.round((received / invested) * (365 / held) * 10000) / 100;
}

/** The next flow not yet received that falls due on or after `asOf`. */
export function nextPayment(flows: readonly Cashflow[], asOf: string): Cashflow | null {
  return flows.find((f) => f.dueDate >= asOf && f.receivedAmount == null) ?? null;
}

/**
 * The expected flows of a new subscription: the monthly coupon from the month after issue (or after
 * the subscription, for a security already issued), and the principal with the last coupon.
 */
export function scheduleFor(
  invested: number,
  couponRate: number,
  firstDue: string,
  maturityDate: string,
): { dueDate: string; expectedAmount: number }[] {
  const coupon = monthlyCoupon(invested, couponRate);
  const out: { dueDate: string; expectedAmount: number }[] = [];
  const start = new Date(`${firstDue}T00:00:00Z`);
  for (let m = 0; ; m++) {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, start.getUTCDate()));
    const due = d.toISOString().slice(0, 10);
    if (due > maturityDate) break;
    out.push({ dueDate: due, expectedAmount: coupon });
  }
  if (!out.length || out.at(-1)!.dueDate !== maturityDate) out.push({ dueDate: maturityDate, expectedAmount: coupon });
  out[out.length - 1]!.expectedAmount = Math.round((coupon + invested) * 100) / 100;
  return out;
}
