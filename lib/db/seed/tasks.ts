/**
 * Collection tasks on customers with open items (riskier customers get more), the invoices they
 * are about, and the notifications they raise: "assigned you a task", "closed the task", and for
 * the demo users enough reminders that the bell has a full new and previous list.
 */
import { sql } from 'drizzle-orm';
import { notifications, taskInvoices, tasks } from '../schema';
import type { Db } from '../client';
import { insertAll, type Counts } from './batch';
import { istInstant, dayStr, shortDate } from './dates';
import type { LedgerOutcome, ObligorExposure } from './ledger';
import { inr } from './money';
import type { ClientPlan, ObligorPlan } from './obligor-plan';
import { Rng } from './random';
import type { BorrowerRef } from './reference-data';
import { staffForRegion, type ClientStaff, type SeedUser } from './users';

const DISPUTES = ['rate difference', 'short supply', 'damaged goods', 'scheme discount', 'GST mismatch'];

const NAMES: Record<number, (o: ObligorPlan, rng: Rng, overdue: boolean) => string> = {
  1: (o, _rng, overdue) =>
    overdue
      ? `Follow up on overdue invoices of ${o.name}`
      : `Confirm payment plan for invoices falling due from ${o.name}`,
  2: (o, rng) => `Resolve ${rng.pick(DISPUTES)} dispute with ${o.name}`,
  3: (o) => `Collect promised payment from ${o.name}`,
  4: (o) => `Review credit limit of ${o.name}`,
  5: (o) => `Collect updated GST certificate and KYC documents from ${o.name}`,
  9: (o, rng) => rng.pick([`Share statement of account with ${o.name}`, `Reconcile ledger with ${o.name}`]),
};

const COMMENTS: Record<number, ((o: ObligorPlan, rng: Rng, amount: number) => string)[]> = {
  1: [
    (_o, rng, a) =>
      `Payment of ${inr(a)} received via NEFT (UTR ${rng.pick(['HDFC', 'ICIC', 'SBIN', 'UTIB'])}R5${rng.int(10_000_000, 99_999_999)}).`,
    () => 'Customer cleared the oldest invoices; balance to follow next week.',
  ],
  2: [
    () => 'Credit note issued for the difference; customer agreed to pay the balance.',
    () => 'Dispute closed after sharing proof of delivery signed by their store manager.',
  ],
  3: [
    (o, rng, a) =>
      `Cheque of ${inr(a)} collected and deposited at ${rng.pick(['HDFC Bank', 'ICICI Bank', 'SBI'])}, ${o.city.name}.`,
  ],
  4: [
    () => 'Limit reviewed with the ASM; kept unchanged until the overdue is cleared.',
    () => 'Limit enhanced after six months of timely payments; approved by finance.',
  ],
  5: [() => 'Updated GST certificate, PAN and cancelled cheque received and uploaded.'],
  9: [() => 'Statement shared and balance confirmed by the customer.'],
};

const PROFILE_WEIGHT = { PROMPT: 1, AVERAGE: 2, SLOW: 4, DELINQUENT: 6 } as const;

interface PlannedTask {
  id: number;
  name: string;
  obligor: ObligorPlan;
  /** Index of the obligor in ClientPlan.children. */
  index: number;
  categoryId: number;
  assignee: SeedUser;
  reporter: SeedUser;
  dueDay: number;
  createdDay: number;
  created: Date;
  closed: Date | null;
}

function chooseCategory(rng: Rng, breached: boolean): number {
  const category = rng.weighted<number>([
    [1, 50],
    [2, 12],
    [3, 15],
    [4, 10],
    [5, 8],
    [9, 5],
  ]);
  return category === 4 && !breached ? 1 : category;
}

export async function writeTasks(
  db: Db,
  ref: BorrowerRef,
  staff: ClientStaff,
  plan: ClientPlan,
  ledger: LedgerOutcome,
  exposures: ObligorExposure[],
  taskCount: number,
  today: number,
  counts: Counts,
): Promise<void> {
  const { clientId } = ref;
  const rng = Rng.from(`${ref.spec.code}:tasks`);
  const byId = new Map(staff.all.map((u) => [u.id, u]));
  const root = staff.all.find((u) => u.role === 'root') ?? staff.admin;
  const candidates = plan.children
    .map((o, i) => ({ o, i }))
    .filter(({ i }) => (ledger.openItems[i]?.length ?? 0) > 0)
    .map(({ o, i }) => ({
      o,
      i,
      weight: PROFILE_WEIGHT[o.profile ?? 'AVERAGE'] * ((ledger.maxDaysPastDue[i] ?? 0) > 0 ? 2 : 0.5),
    }));
  if (candidates.length === 0) return;
  // Cumulative weights and a binary search: tens of thousands of candidates at large scales.
  const cumulative: number[] = [];
  let total = 0;
  for (const c of candidates) cumulative.push((total += c.weight));
  const pickCandidate = () => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return candidates[lo] as (typeof candidates)[number];
  };

  const planned: PlannedTask[] = [];
  const links: { clientId: number; taskId: number; sysInvoiceNum: string }[] = [];
  for (let id = 1; id <= taskCount; id++) {
    const { o, i } = pickCandidate();
    const breached = o.creditLimitPaise < (exposures[i]?.exposurePaise ?? 0);
    const categoryId = chooseCategory(rng, breached);
    const officer =
      (o.guestId && byId.get(o.guestId)?.active ? byId.get(o.guestId) : undefined) ??
      rng.pick(staffForRegion(staff.fieldOfficers, o.city.region));
    const manager =
      (o.representativeId ? byId.get(o.representativeId) : undefined) ??
      rng.pick(staffForRegion(staff.managers, o.city.region));
    const who = rng.weighted<'officer' | 'manager' | 'admin'>([
      ['officer', 60],
      ['manager', 25],
      ['admin', 15],
    ]);
    const assignee = who === 'officer' ? officer : who === 'manager' ? manager : staff.admin;
    const reporter =
      who === 'officer' ? (rng.chance(0.6) ? manager : staff.admin) : who === 'manager' ? staff.admin : root;
    // Raised over the last six weeks with 5-30 days to act: due dates fall about a month either side of today.
    const createdDay = today - rng.int(0, 40);
    const dueDay = Math.max(today - 30, createdDay + rng.int(5, 30));
    const created = istInstant(createdDay, rng.int(9 * 60 + 30, 18 * 60 + 30));
    // Tasks long past their due date are more likely done.
    const closeChance = dueDay < today - 10 ? 0.6 : dueDay < today ? 0.4 : 0.2;
    const closedDay = Math.min(today, createdDay + rng.int(1, 20));
    const closedAt = istInstant(closedDay, rng.int(10 * 60, 19 * 60));
    const closed = rng.chance(closeChance)
      ? new Date(Math.max(closedAt.getTime(), created.getTime() + 45 * 60_000))
      : null;
    planned.push({
      id,
      name: NAMES[categoryId]?.(o, rng, (ledger.maxDaysPastDue[i] ?? 0) > 0) ?? o.name,
      obligor: o,
      index: i,
      categoryId,
      assignee,
      reporter,
      dueDay,
      createdDay,
      created,
      closed,
    });
    for (const item of rng.sample(ledger.openItems[i] ?? [], rng.int(1, 3))) {
      links.push({ clientId, taskId: id, sysInvoiceNum: item.sysInvoiceNum });
    }
  }
  await insertAll(
    db,
    tasks,
    planned.map((t) => {
      const amount = ledger.overduePaise[t.index] ?? 0;
      const comments = COMMENTS[t.categoryId] ?? COMMENTS[9] ?? [];
      return {
        clientId,
        id: t.id,
        name: t.name,
        sysObligorCode: t.obligor.code,
        categoryId: t.categoryId,
        assigneeId: t.assignee.id,
        reporterId: t.reporter.id,
        status: t.closed ? ('CLOSED' as const) : ('OPEN' as const),
        dueDate: dayStr(t.dueDay),
        comment: t.closed ? rng.pick(comments)(t.obligor, rng, Math.max(amount, 25_000 * 100)) : null,
        closedAt: t.closed,
        createdAt: t.created,
      };
    }),
    counts,
  );
  await insertAll(db, taskInvoices, links, counts);
  await writeNotifications(db, ref, staff, planned, today, counts);
}

type NotificationRow = typeof notifications.$inferInsert;

async function writeNotifications(
  db: Db,
  ref: BorrowerRef,
  staff: ClientStaff,
  planned: PlannedTask[],
  today: number,
  counts: Counts,
): Promise<void> {
  const { clientId } = ref;
  const rng = Rng.from(`${ref.spec.code}:notifications`);
  const recent = istInstant(today - 5, 0);
  // Kept in memory (a few per task) so the demo users' lists can be evened out before writing.
  const list: NotificationRow[] = [];
  for (const t of planned) {
    const at = new Date(t.created.getTime() + rng.int(1, 20) * 60_000);
    list.push({
      clientId,
      userId: t.assignee.id,
      message: `${t.reporter.name} assigned you a task: ${t.name}`,
      fromName: t.reporter.name,
      fromId: t.reporter.id,
      associationId: t.id,
      kind: 'TASK_ASSIGNED',
      status: at >= recent && !t.closed ? 'NEW' : 'READ',
      createdAt: at,
    });
    if (t.closed) {
      list.push({
        clientId,
        userId: t.reporter.id,
        message: `${t.assignee.name} closed the task: ${t.name}`,
        fromName: t.assignee.name,
        fromId: t.assignee.id,
        associationId: t.id,
        kind: 'TASK_CLOSED',
        status: t.closed >= istInstant(today - 2, 0) ? 'NEW' : 'READ',
        createdAt: t.closed,
      });
    }
  }

  // The demo users get a full bell: 25 new (at least 5 from this morning) and 30 or more previous.
  const demoEmails = ['admin@vardhman.test', 'guest@vardhman.test', 'rep@vardhman.test', 'admin@kaveri.test'];
  for (const user of staff.all.filter((u) => demoEmails.includes(u.email))) {
    // Reminders are about the user's open tasks when there are any.
    const own = planned.filter((t) => t.assignee.id === user.id || t.reporter.id === user.id);
    const open = own.filter((t) => !t.closed);
    const pool = open.length ? open : own.length ? own : planned;
    const mine = () => list.filter((n) => n.userId === user.id);
    const isToday = (n: NotificationRow) => (n.createdAt ?? recent) >= istInstant(today, 0);
    const remind = (status: 'NEW' | 'READ', wantedDay: number, minute: number) => {
      const t = rng.pick(pool);
      // Never before the task existed.
      const at = new Date(Math.max(istInstant(wantedDay, minute).getTime(), t.created.getTime() + 30 * 60_000));
      const day = Math.max(wantedDay, t.createdDay);
      const from = t.reporter.id === user.id ? t.assignee : t.reporter;
      const when = t.dueDay < day ? `was due on ${shortDate(t.dueDay)}` : `is due on ${shortDate(t.dueDay)}`;
      const message = rng.pick([
        `Reminder from ${from.name}: ${t.name} ${when}`,
        `${from.name} commented on ${t.name}: please update the status before the weekly review`,
        `${from.name} changed the due date of ${t.name} to ${shortDate(t.dueDay)}`,
        `${from.name} attached a payment advice to ${t.name}`,
      ]);
      list.push({
        clientId,
        userId: user.id,
        message,
        fromName: from.name,
        fromId: from.id,
        associationId: t.id,
        status,
        kind: 'TASK_UPDATE',
        createdAt: at,
      });
    };
    for (let k = mine().filter((n) => n.status === 'NEW' && isToday(n)).length; k < 5; k++)
      remind('NEW', today, rng.int(7 * 60, 10 * 60));
    for (let k = mine().filter((n) => n.status === 'NEW').length; k < 25; k++)
      remind('NEW', today - rng.int(1, 5), rng.int(9 * 60, 19 * 60));
    for (let k = mine().filter((n) => n.status === 'READ').length; k < 30; k++)
      remind('READ', today - rng.int(7, 60), rng.int(9 * 60, 19 * 60));
    // More than 25 new ones (a busy admin): the older ones have been read.
    const fresh = mine()
      .filter((n) => n.status === 'NEW')
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
    for (const n of fresh.slice(25)) n.status = 'READ';
  }
  list.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  await insertAll(db, notifications, list, counts);
}

/** Task ids were given explicitly (per client, from 1): move the identity past them. */
export async function syncTaskIdentity(db: Db): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence('tasks', 'id'), coalesce((select max(id) from tasks), 0) + 1, false)`,
  );
}
