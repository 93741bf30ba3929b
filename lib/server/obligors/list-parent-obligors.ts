import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TFamilyRow, TParentObligorsQuery } from '@/lib/contract/customers';
import { clientToday } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { ratingLabel } from '@/lib/domain/rating';
import { ageingAmounts, riskFigures } from '@/lib/server/receivables/ageing-columns';
import { familyFigures, FamilyFiguresRow } from './family-figures';
import { scopeCondition } from './obligor-scope';
import { ageingView } from '@/lib/server/receivables/ageing-view';

/** A row of familyFigures as the answer gives it, with the rating label. */
export function familyRow(raw: z.output<typeof FamilyFiguresRow>, asOf: string): TFamilyRow {
  const amounts = ageingAmounts(raw);
  const risk = riskFigures(raw);
  const weighted = risk.obligorWeightedRating;
  return {
    sysObligorCode: raw.sysObligorCode,
    name: raw.name,
    city: raw.city,
    businessId: raw.businessId,
    dimId: raw.dimId,
    dim1: raw.dim1,
    members: raw.members,
    creditLimit: raw.creditLimit,
    ...amounts,
    ...risk,
    balance: raw.balance,
    receivables: amounts.invoiced,
    ratedBalance: raw.ratedBalance,
    openObligors: raw.openObligors,
    rating: ratingLabel(weighted == null ? null : Math.round(weighted)),
    dso: raw.dso,
    creditUtilisation: raw.creditUtilisation,
    overduePastB2Share: raw.overduePastB2Share,
    collectionRisk: raw.collectionRisk,
    openStatus: raw.openStatus,
    date: asOf,
  };
}

/**
 * GET /v3/clients/parentobligors: the customer analysis list, one row per parent obligor as of
 * `date` (or `toDate`), filtered, sorted (balance DESC by default) and paged in SQL. With
 * fromDate/toDate each row also carries the sales and collections of that period.
 */
export async function listParentObligors(
  db: Db,
  clientId: number,
  query: TParentObligorsQuery & { scope?: ObligorScope },
): Promise<{ total: number; rows: TFamilyRow[] }> {
  const asOf = query.date ?? query.toDate ?? (await clientToday(db, clientId));
  const familyCode = query.parentSysObligorCode ?? query.sysObligorCode;
  const view = await ageingView(db, clientId, asOf);
  const families = familyFigures(view, { ...query, familyCodes: familyCode ? [familyCode] : undefined });
  const direction = query.order === 'ASC' ? sql`asc` : sql`desc`;
  const order = sql`f.${sql.identifier(query.sortBy)} ${direction} nulls last, f."sysObligorCode"`;
  // Page first: ordering and counting read only the columns they need (the planner drops the
  // rest, and with them the per-family sums of members and limits where nothing filters them);
  // the page's few families then get every figure.
  const page = await queryRows(
    db,
    sql`select f."sysObligorCode" as code, count(*) over () as total from ${families} f order by ${order}
    limit ${query.count} offset ${(query.offset - 1) * query.count}`,
    row({ code: col.text, total: col.int }),
  );
  const rows = page.length
    ? await queryRows(
        db,
        sql`select f.* from ${familyFigures(view, { ...query, familyCodes: page.map((p) => p.code) })} f order by ${order}`,
        FamilyFiguresRow,
      )
    : [];
  const total = page.length
    ? page[0]!.total
    : ((await queryRow(db, sql`select count(*) as n from ${families} f`, row({ n: col.int })))?.n ?? 0);
  const list = rows.map((row) => familyRow(row, asOf));
  if (query.fromDate && list.length) {
    const period = await periodActivity(
      db,
      clientId,
      list.map((r) => r.sysObligorCode),
      query.fromDate,
      asOf,
      query.scope,
    );
    for (const row of list)
      Object.assign(
        row,
        { fromDate: query.fromDate, toDate: asOf },
        period.get(row.sysObligorCode) ?? { salesInPeriod: 0, collectedInPeriod: 0 },
      );
  }
  return { total, rows: list };
}

/** Sales (documents issued) and collections (payments and receipts on account received) of the given families in a period. */
async function periodActivity(
  db: Db,
  clientId: number,
  families: string[],
  fromDate: string,
  toDate: string,
  scope?: ObligorScope,
) {
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const members = sql`select o.sys_obligor_code, coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) as family_code
    from obligors o where o.client_id = ${clientId} and ${inScope}
      and coalesce(o.parent_sys_obligor_code, o.sys_obligor_code) in (${sql.join(
        families.map((f) => sql`${f}`),
        sql`, `,
      )})`;
  const rows = await queryRows(
    db,
    sql`
    with members as (${members}),
    sales as (
      select m.family_code, sum(i.amount) as amount from members m
      join invoices i on i.client_id = ${clientId} and i.sys_obligor_code = m.sys_obligor_code
      where i.issue_date between ${fromDate}::date and ${toDate}::date group by m.family_code
    ),
    collected as (
      -- Cash, as the dashboard's collected: payments against bills and receipts on account, each on its day.
      select family_code, sum(amount) as amount from (
        select m.family_code, p.amount from members m
        join invoices i on i.client_id = ${clientId} and i.sys_obligor_code = m.sys_obligor_code and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF')
        join payments p on p.client_id = ${clientId} and p.sys_invoice_num = i.sys_invoice_num
        where p.paid_date between ${fromDate}::date and ${toDate}::date
        union all
        select m.family_code, r.amount from members m
        join receipts r on r.client_id = ${clientId} and r.sys_obligor_code = m.sys_obligor_code
        where r.paid_date between ${fromDate}::date and ${toDate}::date) cash
      group by family_code
    )
    select f.family_code as family, coalesce(s.amount, 0) as sales, coalesce(c.amount, 0) as collected
    from (select distinct family_code from members) f
    left join sales s on s.family_code = f.family_code
    left join collected c on c.family_code = f.family_code`,
    row({ family: col.text, sales: col.num, collected: col.num }),
  );
  return new Map(rows.map((r) => [r.family, { salesInPeriod: r.sales, collectedInPeriod: r.collected }]));
}
