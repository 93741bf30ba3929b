/**
 * Writes the planned customers: credit limits sized from their ledger (about 8% end up breached),
 * the limit history, quarterly ratings that follow the payment profile, and contacts.
 */
import { contacts, creditLimitHistory, obligorRatings, obligors } from '../schema';
import type { Db } from '../client';
import { BatchWriter, type Counts } from './batch';
import { addMonths, dayStr, istInstant } from './dates';
import type { ObligorExposure } from './ledger';
import { paiseToNumeric, roundRupees } from './money';
import type { ClientPlan, ObligorPlan, Profile } from './obligor-plan';
import { Rng } from './random';
import type { BorrowerRef } from './reference-data';
import type { ClientStaff } from './users';

const BREACH_CHANCE: Record<Profile, number> = { PROMPT: 0.04, AVERAGE: 0.08, SLOW: 0.18, DELINQUENT: 0.36 };
const LAKH = 100_000 * 100;

/** Sets creditLimitPaise on every obligor: children from exposure and sales, parents as the sum. */
export function assignCreditLimits(ref: BorrowerRef, plan: ClientPlan, exposures: ObligorExposure[]): void {
  const rng = Rng.from(`${ref.spec.code}:limits`);
  plan.children.forEach((child, i) => {
    const exposure = Math.max(0, exposures[i]?.exposurePaise ?? 0);
    const monthlySales = (exposures[i]?.recentSalesPaise ?? 0) / 6;
    const breach = rng.chance(BREACH_CHANCE[child.profile ?? 'AVERAGE']);
    if (breach && exposure >= 0.15 * LAKH) {
      // Sanctioned below what the customer now owes: orders kept shipping past the limit.
      const limit = Math.max(10_000 * 100, roundRupees(exposure * rng.float(0.55, 0.92), 10_000, 'down'));
      child.creditLimitPaise = limit < exposure ? limit : roundRupees(exposure, 10_000, 'down');
      return;
    }
    const headroom = rng.chance(0.12) ? rng.float(1.02, 1.15) : rng.float(1.2, 2.2);
    const base = Math.max(exposure * headroom, monthlySales * rng.float(1, 2.5), 0.5 * LAKH);
    child.creditLimitPaise = roundRupees(base, 10_000, 'up');
  });
  const byParent = new Map<string, number>();
  for (const child of plan.children) {
    if (child.parentCode)
      byParent.set(child.parentCode, (byParent.get(child.parentCode) ?? 0) + child.creditLimitPaise);
  }
  for (const parent of plan.parents) parent.creditLimitPaise = byParent.get(parent.code) ?? 10 * LAKH;
}

/** Rating odds (1 low, 2 medium, 3 high risk) for each payment profile. */
const RATING_ODDS: Record<Profile, readonly (readonly [number, number])[]> = {
  PROMPT: [
    [1, 85],
    [2, 13],
    [3, 2],
  ],
  AVERAGE: [
    [1, 30],
    [2, 60],
    [3, 10],
  ],
  SLOW: [
    [1, 5],
    [2, 55],
    [3, 40],
  ],
  DELINQUENT: [
    [2, 25],
    [3, 75],
  ],
};

/** Quarterly reviews; a review re-rates about one customer in four, upwards or downwards. */
function ratingHistory(
  rng: Rng,
  child: ObligorPlan,
  windowStart: number,
  today: number,
): { day: number; rating: number }[] {
  const odds = RATING_ODDS[child.profile ?? 'AVERAGE'];
  let rating = rng.weighted(odds);
  const out: { day: number; rating: number }[] = [];
  for (let q = 0; ; q++) {
    const day = addMonths(windowStart, 3 * q);
    if (day > today) break;
    if (day < child.onboardDay + 30) continue;
    if (out.length > 0 && rng.chance(0.25)) rating = rng.weighted(odds);
    out.push({ day, rating });
  }
  return out;
}

function limitHistory(
  rng: Rng,
  obligor: ObligorPlan,
  windowStart: number,
  today: number,
  approvers: number[],
): { day: number; paise: number; by: number | null }[] {
  const rows = rng.weighted([
    [1, 4],
    [2, 4],
    [3, 2],
  ]);
  const first = Math.max(obligor.onboardDay, windowStart - 540);
  const days = new Set<number>([first]);
  for (let guard = 0; days.size < rows && guard < 20; guard++) {
    if (today - 5 - (first + 30) > 0) days.add(rng.int(first + 30, today - 5));
  }
  const sorted = [...days].sort((a, b) => a - b);
  return sorted.map((day, i) => {
    const last = i === sorted.length - 1;
    const paise = last
      ? obligor.creditLimitPaise
      : Math.max(10_000 * 100, roundRupees(obligor.creditLimitPaise * rng.float(0.5, 1.4), 10_000));
    // The opening limit came in with the ERP import; revisions were approved by a person.
    return { day, paise, by: i === 0 && rng.chance(0.6) ? null : rng.pick(approvers) };
  });
}

export async function writeObligors(
  db: Db,
  ref: BorrowerRef,
  staff: ClientStaff,
  plan: ClientPlan,
  today: number,
  counts: Counts,
): Promise<void> {
  const { clientId, spec } = ref;
  const rng = Rng.from(`${spec.code}:obligor-rows`);
  const obligorWriter = new BatchWriter(db, obligors, counts);
  const toRow = (o: ObligorPlan) => ({
    clientId,
    sysObligorCode: o.code,
    parentSysObligorCode: o.parentCode,
    name: o.name,
    businessId: o.businessId,
    info: o.info,
    email: o.email,
    phone: o.phone,
    city: o.city.name,
    tradeChannel: o.tradeChannel,
    creditLimit: paiseToNumeric(o.creditLimitPaise),
    dim1Id: o.dim1Id,
    dim2Id: o.dim2Id,
    dim3Id: o.dim3Id,
    guestId: o.guestId,
    representativeId: o.representativeId,
    rmId: o.rmId,
    rmAssociationDimId: o.rmAssociationDimId,
    createdAt: istInstant(o.onboardDay, 11 * 60),
  });
  for (const parent of plan.parents) await obligorWriter.add(toRow(parent));
  await obligorWriter.flush(); // children reference their parents
  for (const child of plan.children) await obligorWriter.add(toRow(child));
  await obligorWriter.flush();

  const approvers = [staff.admin.id, ...staff.managers.filter((m) => m.active).map((m) => m.id)];
  const historyWriter = new BatchWriter(db, creditLimitHistory, counts);
  const contactWriter = new BatchWriter(db, contacts, counts);
  for (const o of [...plan.parents, ...plan.children]) {
    for (const h of limitHistory(rng, o, plan.windowStart, today, approvers)) {
      await historyWriter.add({
        clientId,
        sysObligorCode: o.code,
        effectiveDate: dayStr(h.day),
        creditLimit: paiseToNumeric(h.paise),
        changedBy: h.by,
      });
    }
    for (const c of o.contacts) {
      await contactWriter.add({
        clientId,
        sysObligorCode: o.code,
        name: c.name,
        role: c.role,
        email: c.email,
        phone: c.phone,
      });
    }
  }
  await historyWriter.flush();
  await contactWriter.flush();

  // About 3% of customers have never been rated (shown as '-').
  const ratingWriter = new BatchWriter(db, obligorRatings, counts);
  for (const child of plan.children) {
    if (rng.chance(0.03)) continue;
    for (const r of ratingHistory(rng, child, plan.windowStart, today)) {
      await ratingWriter.add({ clientId, sysObligorCode: child.code, ratingDate: dayStr(r.day), rating: r.rating });
    }
  }
  await ratingWriter.flush();
}
