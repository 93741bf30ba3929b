import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SORT_KEYS, ZInvoicesQuery } from '@/lib/contract/receivables';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { todayIso } from '@/lib/domain/dates';
import { getClient } from '@/lib/server/clients/get-client';
import { listOpenInvoices } from '@/lib/server/receivables/list-invoices';
import { daysFrom } from '../helpers/dates';
import type { TestDatabase } from '../helpers/db';
import { clientIdOf, createSeededDatabase, TEST_TODAY } from '../helpers/seeded';

/**
 * The open-invoice list in every order, on today and on other dates, against a reference worked
 * out here from the raw rows: which items are open at the date and what each still owes come from
 * the invoices and their settlements alone (payments and allocations) (not from the stored settlement the list reads), and the page is
 * their order by the key, then by item. Only the ordering itself is left to the database (its
 * collation decides where "Shree" and "shree" go).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createSeededDatabase(0.05);
});
afterAll(() => database?.dispose());

interface Item {
  id: string;
  num: string;
  name: string;
  parent: string;
  issue: string;
  due: string;
  amount: number;
  outs: number;
}

/** Every item open at the date with what it owes then, from the ledger rows. */
async function openAt(clientId: number, date: string): Promise<Item[]> {
  const rows = await queryRows(
    database.db,
    sql`select i.sys_invoice_num as id, i.invoice_num as num, o.name, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as parent,
      i.issue_date::text as issue, coalesce(i.due_date, i.issue_date)::text as due, i.amount,
      coalesce((select sum(p.amount) from settlements p where p.client_id = i.client_id and p.sys_invoice_num = i.sys_invoice_num
        and p.paid_date <= ${date}::date), 0) as paid
    from invoices i join obligors o on o.client_id = i.client_id and o.sys_obligor_code = i.sys_obligor_code
    where i.client_id = ${clientId}`,
    // Amounts as the database writes them (numeric text), counted in paise.
    row({
      id: col.text,
      num: col.text,
      name: col.text,
      parent: col.text,
      issue: col.day,
      due: col.day,
      amount: col.text,
      paid: col.text,
    }),
  );
  const cents = (value: string) => Math.round(Number(value) * 100);
  const schedules = await queryRows(
    database.db,
    sql`select sys_invoice_num as id, due_date::text as due, amount from instalments where client_id = ${clientId}
      order by sys_invoice_num, due_date desc`,
    row({ id: col.text, due: col.text, amount: col.text }),
  );
  const latestFirst = new Map<string, { due: string; cents: number }[]>();
  for (const k of schedules)
    latestFirst.set(k.id, [...(latestFirst.get(k.id) ?? []), { due: k.due, cents: cents(k.amount) }]);
  // An invoice in instalments is as late as its oldest open instalment: settlements pay the oldest
  // first, so the open amount sits in the latest ones; the oldest of those holding any of it.
  const dueOf = (id: string, due: string, outs: number) => {
    let later = 0;
    let oldest: string | null = null;
    for (const k of latestFirst.get(id) ?? []) {
      if (Math.round(outs * 100) > later) oldest = k.due;
      later += k.cents;
    }
    return oldest ?? due;
  };
  return rows
    .map(({ paid, ...row }) => ({ ...row, amount: Number(row.amount), outs: (cents(row.amount) - cents(paid)) / 100 }))
    .filter((row) => row.issue <= date && row.outs !== 0)
    .map((row) => ({ ...row, due: dueOf(row.id, row.due, row.outs) }));
}

const ORDER_BY: Record<(typeof INVOICE_SORT_KEYS)[number], (dir: string) => string> = {
  issueDate: (dir) => `issue ${dir}`,
  dueDate: (dir) => `(amount < 0), due ${dir}`,
  // More days past due = an earlier due day (an invoice in instalments: its oldest open one's).
  daysPastDue: (dir) => `(amount < 0), due ${dir === 'asc' ? 'desc' : 'asc'}`,
  amount: (dir) => `amount ${dir}`,
  outstanding: (dir) => `outs ${dir}`,
  invoiceNum: (dir) => `num ${dir}`,
  obligorName: (dir) => `name ${dir}`,
};

/** The reference page: the items in the key's order, then by item number. */
async function referencePage(
  items: Item[],
  sortBy: keyof typeof ORDER_BY,
  order: 'ASC' | 'DESC',
  offset: number,
  count: number,
) {
  const rows = await queryRows(
    database.db,
    sql.raw(`select id from jsonb_to_recordset('${JSON.stringify(items).replaceAll("'", "''")}'::jsonb)
      as t(id text, num text, name text, issue date, due date, amount numeric, outs numeric)
      order by ${ORDER_BY[sortBy](order.toLowerCase())}, id limit ${count} offset ${(offset - 1) * count}`),
    row({ id: col.text }),
  );
  return rows.map((r) => r.id);
}

describe('open invoices in every order on any date', () => {
  for (const code of ['VARDHMAN', 'KAVERI']) {
    it(`gives ${code}'s pages in every order as the ledger does, today and on other dates`, async () => {
      const clientId = await clientIdOf(database, code);
      const today = todayIso(new Date(), (await getClient(database.db, clientId)).timeZone);
      // Today (the stored settlement), the seed's last day, a mid-month day and one a year back.
      for (const date of [undefined, TEST_TODAY, daysFrom(TEST_TODAY, -38), daysFrom(TEST_TODAY, -371)]) {
        const items = await openAt(clientId, date ?? today);
        expect(items.length, `${code} ${date}`).toBeGreaterThan(20);
        for (const sortBy of INVOICE_SORT_KEYS)
          for (const order of ['ASC', 'DESC'] as const)
            for (const [offset, count] of [
              [1, 10],
              [4, 7],
            ] as const) {
              const page = await listOpenInvoices(
                database.db,
                clientId,
                ZInvoicesQuery.parse({ date, sortBy, order, offset, count }),
              );
              const label = `${code} ${date ?? 'today'} ${sortBy} ${order} page ${offset}`;
              expect(page.total, label).toBe(items.length);
              expect(
                page.rows.map((r) => r.sysInvoiceNum),
                label,
              ).toEqual(await referencePage(items, sortBy, order, offset, count));
              const owed = new Map(items.map((i) => [i.id, i.outs]));
              for (const row of page.rows)
                expect(row.outstanding, `${label} ${row.sysInvoiceNum}`).toBe(owed.get(row.sysInvoiceNum));
            }
      }
    });
  }

  it('bounds the order by what is owed inside a family too, where fewer items than a page remain', async () => {
    const clientId = await clientIdOf(database, 'VARDHMAN');
    const date = daysFrom(TEST_TODAY, -38);
    const items = await openAt(clientId, date);
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.parent, (counts.get(item.parent) ?? 0) + 1);
    const family = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    const members = items.filter((i) => i.parent === family);
    for (const order of ['ASC', 'DESC'] as const)
      for (const [offset, count] of [
        [1, 5],
        [1, members.length + 3],
        [2, 4],
      ] as const) {
        const page = await listOpenInvoices(
          database.db,
          clientId,
          ZInvoicesQuery.parse({ date, sortBy: 'outstanding', order, offset, count, parentSysObligorCode: family }),
        );
        expect(
          page.rows.map((r) => r.sysInvoiceNum),
          `${family} ${order} ${offset}x${count}`,
        ).toEqual(await referencePage(members, 'outstanding', order, offset, count));
      }
  });
});
