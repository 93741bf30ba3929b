import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as worklistRoute } from '@/app/api/collections/worklist/route';
import type { TWorklistRow } from '@/lib/contract/collections';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { netDue } from '@/lib/domain/ageing';
import { todayIso } from '@/lib/domain/dates';
import { worklistPriority, type OldestBucket } from '@/lib/domain/worklist';
import { callRoute } from '../helpers/api';
import { notesWorld, type User } from '../helpers/customer-notes';
import type { TestDatabase } from '../helpers/db';

let database: TestDatabase;
let clientId: number;
let admin: User, guest: User, kaveri: User;

const today = () => todayIso();
const rows = <S extends z.ZodType>(query: ReturnType<typeof sql>, shape: S) => queryRows(database.db, query, shape);
const list = (user: User, query: Record<string, string | number> = {}) =>
  callRoute(worklistRoute, '/api/collections/worklist', { cookie: user.cookie, query: { count: 500, ...query } });

/**
 * Each family's overdue today straight from invoices and their settlements (payments, allocations),
 * less its receipts on account not yet allocated today (netDue), under an optional field officer's scope.
 */
async function overdueFromLedger(guestId?: number): Promise<Map<string, number>> {
  const found = await rows(
    sql`
    select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family,
      sum(i.amount - coalesce((select sum(p.amount) from settlements p where p.client_id = i.client_id
        and p.sys_invoice_num = i.sys_invoice_num and p.paid_date <= ${today()}::date), 0)) as overdue
    from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId} and i.issue_date <= ${today()}::date
      and coalesce(i.due_date, i.issue_date) < ${today()}::date
      ${guestId ? sql`and o.guest_id = ${guestId}` : sql``}
    group by 1`,
    row({ family: col.text, overdue: col.num }),
  );
  const onAccount = await unallocatedFromLedger(guestId);
  return new Map(
    found
      .filter((r) => Math.abs(r.overdue) > 0.001)
      .map((r) => [r.family, netDue(r.overdue, onAccount.get(r.family) ?? 0)]),
  );
}

/** Each family's receipts on account not yet allocated today (negative), from receipts and allocations. */
async function unallocatedFromLedger(guestId?: number): Promise<Map<string, number>> {
  const found = await rows(
    sql`
    select coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family,
      -sum(r.amount - coalesce((select sum(a.amount) from allocations a where a.client_id = r.client_id
        and a.payment_ref = r.payment_ref and a.allocated_date <= ${today()}::date), 0)) as unallocated
    from receipts r join obligors o on o.client_id = r.client_id and o.sys_obligor_code = r.sys_obligor_code
    where r.client_id = ${clientId} and r.paid_date <= ${today()}::date
      ${guestId ? sql`and o.guest_id = ${guestId}` : sql``}
    group by 1`,
    row({ family: col.text, unallocated: col.num }),
  );
  return new Map(found.map((r) => [r.family, r.unallocated]));
}

beforeAll(async () => {
  ({ database, clientId, admin, guest, kaveri } = await notesWorld());
});
afterAll(() => database?.dispose());

describe('collector worklist', () => {
  it("lists exactly the families with something overdue today, with the ledger's amounts, ranked by priority", async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    const worklist = res.json as TWorklistRow[];
    const ledger = await overdueFromLedger();
    const positive = [...ledger].filter(([, v]) => v > 0);
    expect(Number(res.headers.get('x-totalrecords'))).toBe(positive.length);
    expect(worklist.length).toBe(Math.min(500, positive.length));
    for (const item of worklist) expect(item.overdueNet).toBeCloseTo(ledger.get(item.sysObligorCode)!, 2);
    // The demo ledger holds receipts not yet allocated: each row shows its family's, deducted above.
    const onAccount = await unallocatedFromLedger();
    for (const item of worklist) expect(item.unallocated).toBeCloseTo(onAccount.get(item.sysObligorCode) ?? 0, 2);
    expect(worklist.some((r) => r.unallocated < 0)).toBe(true);
    expect(worklist.map((r) => r.rank)).toEqual(worklist.map((_, i) => i + 1));
    // Ranked by the database (worklist-order.ts): by priority, then the larger overdue, then the code;
    // each row's priority is the rule's (lib/domain/worklist.ts) on the facts the row shows.
    expect(positive.length).toBeLessThanOrEqual(500);
    const largest = Math.max(...worklist.map((r) => r.overdueNet));
    for (const item of worklist)
      expect(
        worklistPriority(
          { ...item, overdue: item.overdueNet, oldestBucket: item.oldestBucket as OldestBucket },
          largest,
        ),
      ).toBe(item.priority);
    for (let i = 1; i < worklist.length; i++) {
      const [a, b] = [worklist[i - 1]!, worklist[i]!];
      const before =
        a.priority > b.priority ||
        (a.priority === b.priority &&
          (a.overdueNet > b.overdueNet || (a.overdueNet === b.overdueNet && a.sysObligorCode < b.sysObligorCode)));
      expect(before, `${a.sysObligorCode} before ${b.sysObligorCode}`).toBe(true);
    }
    expect(new Set(worklist.map((r) => r.priority)).size).toBeGreaterThan(5);
    expect(worklist[0]!.priority).toBeLessThanOrEqual(100);
  });

  it('says how late each family paid over the last 12 months, as its customer page does', async () => {
    const page = ((await list(admin, { count: 10 })).json as TWorklistRow[]).slice(0, 5);
    for (const item of page) {
      const [expected] = await rows(
        sql`
        select round(sum(i.amount * (i.settled_date - coalesce(i.due_date, i.issue_date))) / nullif(sum(i.amount), 0), 1) as days
        from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
        where i.client_id = ${clientId} and coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) = ${item.sysObligorCode}
          and i.settled_date > (${today()}::date - interval '12 months') and i.settled_date <= ${today()}::date
          and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.amount > 0
          -- a debt settled by writing it off says nothing of how the family pays
          and not exists (select 1 from invoices w where w.client_id = i.client_id
            and w.against_sys_invoice_num = i.sys_invoice_num and w.doc_type = 'WRITE_OFF')`,
        row({ days: col.num.nullable() }),
      );
      expect(item.averageDaysLate).toBe(expected!.days);
    }
  });

  it('pages with the same order and total', async () => {
    const all = (await list(admin, { count: 500 })).json as TWorklistRow[];
    const page2 = await list(admin, { count: 5, offset: 2 });
    expect((page2.json as TWorklistRow[]).map((r) => r.sysObligorCode)).toEqual(
      all.slice(5, 10).map((r) => r.sysObligorCode),
    );
    expect(Number(page2.headers.get('x-totalrecords'))).toBe(all.length);
  });

  it("shows a field officer only their customers' overdue; the admin sees the same list for that collector", async () => {
    const mine = await list(guest);
    expect(mine.status).toBe(200);
    const guestRows = mine.json as TWorklistRow[];
    const ledger = await overdueFromLedger(guest.userId);
    expect(guestRows.length).toBe([...ledger.values()].filter((v) => v > 0).length);
    for (const row of guestRows) expect(row.overdueNet).toBeCloseTo(ledger.get(row.sysObligorCode)!, 2);
    const forCollector = (await list(admin, { collectorId: guest.userId })).json as TWorklistRow[];
    expect(forCollector.map((r) => [r.sysObligorCode, r.overdueNet])).toEqual(
      guestRows.map((r) => [r.sysObligorCode, r.overdueNet]),
    );
    // Their actions write on an account of theirs: the parent when it is theirs, else one of their accounts of the family.
    const own = new Set(
      (
        await rows(
          sql`select sys_obligor_code as code from obligors where client_id = ${clientId} and guest_id = ${guest.userId}`,
          row({ code: col.text }),
        )
      ).map((r) => r.code),
    );
    for (const row of guestRows) {
      expect(own.has(row.actOnCode)).toBe(true);
      if (own.has(row.sysObligorCode)) expect(row.actOnCode).toBe(row.sysObligorCode);
    }
    expect(forCollector.every((r) => r.actOnCode === r.sysObligorCode)).toBe(true);
    // Asking for another collector's list gives a field officer nothing, not that list.
    const other = await list(guest, { collectorId: admin.userId });
    expect(other.status).toBe(200);
    expect(other.json).toEqual([]);
  });

  it("never shows another client's families", async () => {
    const vardhman = new Set(((await list(admin)).json as TWorklistRow[]).map((r) => r.sysObligorCode));
    const theirs = await list(kaveri);
    expect(theirs.status).toBe(200);
    const codes = (theirs.json as TWorklistRow[]).map((r) => r.sysObligorCode);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.some((c) => vardhman.has(c))).toBe(false);
  });

  it('puts a promise due today first in its next action and raises its family; a broken one asks for a call', async () => {
    const before = (await list(admin)).json as TWorklistRow[];
    // Families that are not waiting (no promise running, not all disputed), so that their points are
    // not halved: which families those are depends on the day the demo ledger is built for.
    const chased = before.filter(
      (r) => r.nextPromiseDate === null && r.disputed < r.overdueNet && r.promisedToday === 0,
    );
    const quiet = chased.at(-1)!;
    const second = chased.at(-2)!;
    await database.db
      .execute(sql`insert into promises (client_id, sys_obligor_code, on_family, amount, promised_date, taken_on, channel, status)
      values (${clientId}, ${quiet.sysObligorCode}, true, 5000, ${today()}::date, ${today()}::date - 3, 'CALL', 'OPEN'),
             (${clientId}, ${second.sysObligorCode}, true, 7000, ${today()}::date - 2, ${today()}::date - 9, 'CALL', 'BROKEN')`);
    const after = (await list(admin)).json as TWorklistRow[];
    const promised = after.find((r) => r.sysObligorCode === quiet.sysObligorCode)!;
    expect(promised.nextAction).toBe('CHECK_PROMISE');
    expect(promised.promisedToday).toBe(5000);
    expect(promised.priority).toBeCloseTo(quiet.priority + 10, 1);
    const broken = after.find((r) => r.sysObligorCode === second.sysObligorCode)!;
    expect(broken.brokenPromises).toBe(1);
    expect(broken.nextAction).toBe('CALL_BROKEN_PROMISE');
  });

  it('counts days since the last contact from the communications of the whole family', async () => {
    const [family] = ((await list(admin)).json as TWorklistRow[]).filter((r) => r.daysSinceContact !== 0);
    const [member] = await rows(
      sql`select sys_obligor_code as code from obligors
      where client_id = ${clientId} and coalesce(parent_sys_obligor_code, sys_obligor_code) = ${family!.sysObligorCode}
      order by parent_sys_obligor_code nulls last limit 1`,
      row({ code: col.text }),
    );
    await database.db.execute(sql`insert into communications (client_id, sys_obligor_code, comm_date, channel, summary)
      values (${clientId}, ${member!.code}, ${today()}::date, 'WHATSAPP', 'Sent the overdue list')`);
    const after = ((await list(admin)).json as TWorklistRow[]).find(
      (r) => r.sysObligorCode === family!.sysObligorCode,
    )!;
    expect(after.daysSinceContact).toBe(0);
    expect(after.lastContactDate).toBe(today());
  });

  it('refuses bad input with a field message', async () => {
    const short = await list(admin, { search: 'ab' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toMatch(/at least 3 characters/);
    expect((await list(admin, { collectorId: 'abc' })).status).toBe(400);
    expect((await list(admin, { offset: 0 })).status).toBe(400);
  });
});
