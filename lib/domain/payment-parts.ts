/**
 * A customer that pays in parts (docs/forecast.md, "Payments in parts"): one that settles most bills
 * by two receipts or more (a round sum every week against its running balance, half now and half next
 * month) brings cash in well before each bill is settled. Read bill by bill, at its settlement, its
 * history would put all of a bill's cash on the day its last part came. An account that settled at
 * least PART_SHARE of its year's bills (MIN_COMPARABLE or more) by two receipts or more is read receipt
 * by receipt instead: each part at its own days late, for its amount (what notes settled, at the bill's
 * settlement). Its debts still open count as before.
 */
import { joinPoints, type LatenessPoint, type LatenessProfile } from './payment-prediction';

export const PART_SHARE = 0.5;

/**
 * The account's profile read receipt by receipt: its settled bills replaced by their parts (`pieces`,
 * one point per days late: how many receipts, for how much), its open debts kept.
 */
export function paidInParts(profile: LatenessProfile, pieces: readonly LatenessPoint[]): LatenessProfile {
  const open = profile.points.filter((p) => p.open > 0).map((p) => ({ ...p, count: 0, amount: 0 }));
  return { ...profile, inParts: true, points: joinPoints([...open, ...pieces.map((p) => ({ ...p, open: 0 }))]) };
}
