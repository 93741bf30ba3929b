import 'server-only';
import { addDays, format, parseISO, subDays } from 'date-fns';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TRemittance, TRemittanceBody } from '@/lib/contract/customer-door';
import { DEFAULT_REMITTANCE_GRACE_DAYS } from '@/lib/domain/dunning';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { invalid, notFound } from '@/lib/server/domain-errors';
import { assertObligorVisible } from '@/lib/server/obligors/obligor-scope';
import { membersOf } from '@/lib/server/portal/statement';

/** How far back a customer may date a payment they tell us about. */
const PAID_ON_DAYS_BACK = 90;

const RemittanceRow = row({
  id: col.int,
  sysObligorCode: col.text,
  obligorName: col.text,
  amount: col.num,
  paidOn: col.day,
  reference: col.text,
  invoiceNums: col.array(col.text),
  status: col.oneOf(['OPEN', 'MATCHED'] as const),
  holdsUntil: col.day,
  createdAt: col.instant,
  by: col.text.nullable(),
});

const selectAdvices = (clientId: number, where: SQL) => sql`
  select ra.id, ra.sys_obligor_code as "sysObligorCode", o.name as "obligorName", ra.amount, ra.paid_on::text as "paidOn",
    ra.reference,
    array(select i.invoice_num from unnest(ra.invoices) with ordinality as x(num, n)
      join invoices i on i.client_id = ra.client_id and i.sys_invoice_num = x.num order by x.n) as "invoiceNums",
    ra.status, ra.holds_until::text as "holdsUntil", ra.created_at as "createdAt", u.name as by
  from remittance_advices ra
  join obligors o on o.client_id = ra.client_id and o.sys_obligor_code = ra.sys_obligor_code
  left join users u on u.client_id = ra.client_id and u.id = ra.user_id
  where ra.client_id = ${clientId} and ${where}`;

/**
 * POST /customerportal/remittances ("I have paid"): the bills must be bills of the customer (its
 * family for a parent, within the scope), the day not after today nor more than 90 days back.
 * Recorded against the customer; reminders of its bills wait for the client's grace period.
 */
export async function recordRemittance(
  db: Db,
  user: { clientId: number; userId: number; scope: ObligorScope },
  body: TRemittanceBody,
): Promise<TRemittance> {
  const { clientId } = user;
  const code = body.sysObligorCode;
  await assertObligorVisible(db, clientId, user.scope, code);
  const today = await clientToday(db, clientId);
  if (body.paidOn > today) throw invalid('The payment day cannot be after today.', { paidOn: 'cannot be after today' });
  const earliest = format(subDays(parseISO(today), PAID_ON_DAYS_BACK), 'yyyy-MM-dd');
  if (body.paidOn < earliest)
    throw invalid(`Tell us of payments of the last ${PAID_ON_DAYS_BACK} days.`, {
      paidOn: `at most ${PAID_ON_DAYS_BACK} days back`,
    });
  const members = membersOf(clientId, code, user.scope);
  const nums = body.sysInvoiceNums;
  const found = await queryRows(
    db,
    sql`select i.sys_invoice_num as num from invoices i
    where i.client_id = ${clientId} and i.sys_obligor_code in ${members} and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
      and i.sys_invoice_num in (${sql.join(
        nums.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    row({ num: col.text }),
  );
  if (found.length !== nums.length) {
    const known = new Set(found.map((f) => f.num));
    const missing = nums.filter((n) => !known.has(n));
    throw invalid(`Not a bill of this account: ${missing.join(', ')}`, {
      sysInvoiceNums: `not bills of this account: ${missing.join(', ')}`,
    });
  }
  const grace = await queryRow(
    db,
    sql`select coalesce((select remittance_grace_days from dunning_policies where client_id = ${clientId}),
      ${DEFAULT_REMITTANCE_GRACE_DAYS}) as days`,
    row({ days: col.int }),
  );
  const holdsUntil = format(addDays(parseISO(today), grace?.days ?? DEFAULT_REMITTANCE_GRACE_DAYS), 'yyyy-MM-dd');
  const inserted = await queryRow(
    db,
    sql`insert into remittance_advices (client_id, sys_obligor_code, user_id, amount, paid_on, reference, invoices, holds_until)
    values (${clientId}, ${code}, ${user.userId}, ${body.amount.toFixed(2)}::numeric, ${body.paidOn}::date,
      ${body.reference.toUpperCase()}, ${sql`array[${sql.join(
        nums.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]`}, ${holdsUntil}::date)
    returning id`,
    row({ id: col.int }),
  );
  const [advice] = await queryRows(db, selectAdvices(clientId, sql`ra.id = ${inserted!.id}`), RemittanceRow);
  if (!advice) throw notFound('Remittance advice');
  return advice;
}

/** GET /customerportal/remittances: the customer's advices (its family's for a parent, within the scope), newest first. */
export async function listRemittances(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  code: string,
): Promise<TRemittance[]> {
  await assertObligorVisible(db, clientId, scope, code);
  return queryRows(
    db,
    sql`${selectAdvices(clientId, sql`ra.sys_obligor_code in ${membersOf(clientId, code, scope)}`)}
    order by ra.created_at desc, ra.id desc limit 100`,
    RemittanceRow,
  );
}

/**
 * The latest OPEN advice of each of these customers (or of a member of the family for a parent):
 * what the worklist row and the customer page show the collector.
 */
export async function latestAdvices(
  db: Db,
  clientId: number,
  codes: readonly string[],
): Promise<Map<string, TRemittance>> {
  if (codes.length === 0) return new Map();
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = await queryRows(
    db,
    sql`select distinct on (k.key) k.key, a.* from (
      select ra.id, coalesce(case when o.sys_obligor_code in (${list}) then o.sys_obligor_code end, o.parent_sys_obligor_code) as key
      from remittance_advices ra join obligors o on o.client_id = ra.client_id and o.sys_obligor_code = ra.sys_obligor_code
      where ra.client_id = ${clientId} and ra.status = 'OPEN'
        and (o.sys_obligor_code in (${list}) or o.parent_sys_obligor_code in (${list}))
    ) k cross join lateral (${selectAdvices(clientId, sql`ra.id = k.id`)}) a
    order by k.key, a."createdAt" desc`,
    row({ key: col.text, ...RemittanceRow.shape }),
  );
  return new Map(rows.map(({ key, ...advice }) => [key, advice]));
}
