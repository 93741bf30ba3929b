import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TSeriesQuery } from '@/lib/contract/customer-series';
import type { TObligorCreditLimit, TObligorInfo, TObligorOverview } from '@/lib/contract/obligors';
import { defaultRange } from '@/lib/domain/dates';
import { clientToday, todayOf } from '@/lib/server/clients/client-day';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { ratingLabel } from '@/lib/domain/rating';
import { SALES_SEGMENTS } from '@/lib/domain/segments';
import { notFound } from '@/lib/server/domain-errors';
import { getClient } from '@/lib/server/clients/get-client';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { exposureOf } from './credit-limit-sql';
import { familyFigures, FamilyFiguresRow } from './family-figures';
import { familyRow } from './list-parent-obligors';
import { assertObligorVisible, scopeCondition } from './obligor-scope';
import { riskOverview } from './risk-overview';
import { ageingView } from '@/lib/server/receivables/ageing-view';

/** The info row: the answer but for the family code (null for a parent here), isParent and the rating label. */
const ObligorInfoRow = row({
  sysObligorCode: col.text,
  parentSysObligorCode: col.text.nullable(),
  parentName: col.text.nullable(),
  name: col.text,
  businessId: col.text.nullable(),
  info: col.text.nullable(),
  email: col.text.nullable(),
  phone: col.text.nullable(),
  city: col.text.nullable(),
  tradeChannel: col.text.nullable(),
  creditLimit: col.num.nullable(),
  dim1: col.text.nullable(),
  dim2: col.text.nullable(),
  dim3: col.text.nullable(),
  guestId: col.int.nullable(),
  guestName: col.text.nullable(),
  representativeId: col.int.nullable(),
  representativeName: col.text.nullable(),
  rmId: col.int.nullable(),
  rmName: col.text.nullable(),
  members: col.int,
  rating: col.int.nullable(),
  ratingDate: col.day.nullable(),
  salesSegment: col.oneOf(SALES_SEGMENTS).nullable(),
  customerSince: col.day,
}) satisfies z.ZodType<Omit<TObligorInfo, 'parentSysObligorCode' | 'isParent' | 'ratingLabel'>, unknown>;

/**
 * GET /v3/obligors: who the customer is (codes, GSTIN, contact details, dims, the people assigned,
 * current rating and sales segment). `parentSysObligorCode` is the family it belongs to (its own
 * code for a parent), which the pages read to link the family.
 */
export async function obligorInfo(db: Db, clientId: number, code: string, scope?: ObligorScope): Promise<TObligorInfo> {
  // The client's today is no customer data: read beside the check that the scope sees the customer.
  const [, today] = await Promise.all([assertObligorVisible(db, clientId, scope, code), clientToday(db, clientId)]);
  const info = await queryRow(
    db,
    sql`
    select o.sys_obligor_code as "sysObligorCode", o.parent_sys_obligor_code as "parentSysObligorCode", p.name as "parentName",
      o.name, o.business_id as "businessId", o.info, o.email, o.phone, o.city, o.trade_channel as "tradeChannel",
      o.credit_limit as "creditLimit", d1.name as dim1, d2.name as dim2, d3.name as dim3,
      o.guest_id as "guestId", g.name as "guestName", o.representative_id as "representativeId", r.name as "representativeName",
      o.rm_id as "rmId", rm.name as "rmName",
      (select count(*)::int from obligors c where c.client_id = o.client_id and c.parent_sys_obligor_code = o.sys_obligor_code
        and ${scopeCondition(clientId, scope, sql`c.sys_obligor_code`) ?? sql`true`}) as members,
      lr.rating, lr.rating_date::text as "ratingDate",
      -- The latest rollup date that has a row for the customer: walk the (few) rollup dates and probe
      -- the rollup's key for each, rather than scan its key backwards over every customer of every date.
      (select a.sales_segment from ageing_snapshots s
        join obligor_ageing a on a.client_id = s.client_id and a.as_of_date = s.as_of_date and a.sys_obligor_code = o.sys_obligor_code
        where s.client_id = o.client_id and s.as_of_date <= ${today}::date order by s.as_of_date desc limit 1) as "salesSegment",
      o.created_at::date::text as "customerSince"
    from obligors o
    left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
    left join dimension_values d1 on d1.client_id = o.client_id and d1.id = o.dim1_id
    left join dimension_values d2 on d2.client_id = o.client_id and d2.id = o.dim2_id
    left join dimension_values d3 on d3.client_id = o.client_id and d3.id = o.dim3_id
    left join users g on g.client_id = o.client_id and g.id = o.guest_id
    left join users r on r.client_id = o.client_id and r.id = o.representative_id
    left join users rm on rm.client_id = o.client_id and rm.id = o.rm_id
    left join lateral (select x.rating, x.rating_date from obligor_ratings x where x.client_id = o.client_id
      and x.sys_obligor_code = o.sys_obligor_code and x.rating_date <= ${today}::date order by x.rating_date desc limit 1) lr on true
    where o.client_id = ${clientId} and o.sys_obligor_code = ${code}`,
    ObligorInfoRow,
  );
  if (!info) throw notFound('Customer');
  return {
    ...info,
    parentSysObligorCode: info.parentSysObligorCode ?? info.sysObligorCode,
    isParent: info.parentSysObligorCode === null,
    ratingLabel: ratingLabel(info.rating),
  };
}

/**
 * GET /v3/obligors/credit_limit: the limit, the exposure (net balance as of the date), utilisation and
 * what is still available, with the history of limit changes. A parent answers for its family
 * (limits as in family-figures.ts); a child for itself. `known`: the customer's info when the caller
 * has already read it (and with it checked that the scope sees the customer).
 */
export async function obligorCreditLimit(
  db: Db,
  clientId: number,
  code: string,
  date: string | undefined,
  scope?: ObligorScope,
  known?: TObligorInfo,
): Promise<TObligorCreditLimit> {
  const info = known ?? (await obligorInfo(db, clientId, code, scope));
  // A scoped user's family page: the limit changes of the family's accounts assigned to them, never
  // the whole family's (the exposure counts those accounts only, too).
  const scoped = info.isParent ? scopeCondition(clientId, scope, sql`h.sys_obligor_code`) : null;
  const whose = scoped
    ? sql`h.sys_obligor_code in (select o.sys_obligor_code from obligors o where o.client_id = ${clientId}
        and (o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})) and ${scoped}`
    : sql`h.sys_obligor_code = ${code}`;
  // The changes of the limit do not depend on the date: read beside the exposure's chain of reads.
  const [{ client, asOf, limit, exposure }, history] = await Promise.all([
    limitAndExposure(db, clientId, code, date, scope, info),
    queryRows(
      db,
      sql`
      select h.effective_date::text as "effectiveDate", h.credit_limit as "creditLimit", u.name as "changedBy"
      from credit_limit_history h left join users u on u.client_id = h.client_id and u.id = h.changed_by
      where h.client_id = ${clientId} and ${whose}
      order by h.effective_date desc, h.id desc`,
      row({ effectiveDate: col.day, creditLimit: col.num, changedBy: col.text.nullable() }),
    ),
  ]);
  return {
    sysObligorCode: code,
    date: asOf,
    currency: client.currency,
    creditLimit: limit,
    exposure,
    utilisation: limit && limit > 0 ? Math.round((exposure / limit) * 1000) / 10 : null,
    available: limit == null ? null : Math.round((limit - exposure) * 100) / 100,
    overLimit: limit != null && exposure > limit,
    history,
  };
}

/** The limit as of `date` (a parent's counted over the accounts the user may see) and the exposure then. */
async function limitAndExposure(
  db: Db,
  clientId: number,
  code: string,
  date: string | undefined,
  scope: ObligorScope | undefined,
  info: TObligorInfo,
) {
  const client = await getClient(db, clientId);
  const asOf = date ?? todayOf(client);
  const view = await ageingView(db, clientId, asOf);
  if (info.isParent) {
    const families = familyFigures(view, { scope, familyCodes: [code] });
    const raw = await queryRow(db, sql`select * from ${families} f`, FamilyFiguresRow);
    const family = raw ? familyRow(raw, asOf) : null;
    // The family limit as the list gives it (counted over the obligors the user may see), even when null.
    return { client, asOf, limit: family ? family.creditLimit : info.creditLimit, exposure: family?.netBalance ?? 0 };
  }
  const own = await queryRow(
    db,
    sql`select ${exposureOf(sql`r`)} as exposure from ${ageingSource(view)} where r.sys_obligor_code = ${code}`,
    row({ exposure: col.num }),
  );
  return { client, asOf, limit: info.creditLimit, exposure: own?.exposure ?? 0 };
}

/**
 * GET /v3/obligors/overview: the dated rating series (every rating change of the obligor, or of the
 * family's members for a parent) and the monthly risk overview of the obligor or family.
 */
export async function obligorOverview(
  db: Db,
  clientId: number,
  query: TSeriesQuery & { scope?: ObligorScope },
): Promise<TObligorOverview> {
  const code = query.sysObligorCode ?? query.parentSysObligorCode!;
  const info = await obligorInfo(db, clientId, code, query.scope);
  const toDate = query.toDate ?? (await clientToday(db, clientId));
  const fromDate = query.fromDate ?? defaultRange(toDate).fromDate;
  const members = info.isParent
    ? sql`(o.sys_obligor_code = ${code} or o.parent_sys_obligor_code = ${code})`
    : sql`o.sys_obligor_code = ${code}`;
  // A scoped user sees the ratings of the family members assigned to them only.
  const inScope = scopeCondition(clientId, query.scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const ratings = await queryRows(
    db,
    sql`
    select x.sys_obligor_code as "sysObligorCode", o.name, x.rating_date::text as date, x.rating
    from obligor_ratings x join obligors o on o.client_id = x.client_id and o.sys_obligor_code = x.sys_obligor_code
    where x.client_id = ${clientId} and ${members} and ${inScope} and x.rating_date <= ${toDate}::date
    order by x.rating_date, x.sys_obligor_code`,
    row({ sysObligorCode: col.text, name: col.text, date: col.day, rating: col.int }),
  );
  const series = await riskOverview(db, clientId, {
    ...query,
    fromDate,
    toDate,
    ...(info.isParent ? { parentSysObligorCode: code, sysObligorCode: undefined } : { sysObligorCode: code }),
  });
  return {
    sysObligorCode: code,
    fromDate,
    toDate,
    ratings: ratings.map((r) => ({ ...r, label: ratingLabel(r.rating) })),
    months: series.months,
  };
}
