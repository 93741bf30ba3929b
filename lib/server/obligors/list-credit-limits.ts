import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import type { TCreditLimitsQuery } from '@/lib/contract/reports';
import { CREDIT_LIMIT_THRESHOLDS, type CreditLimitStatus } from '@/lib/domain/credit-limit';
import { todayIso } from '@/lib/domain/dates';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { getClient } from '@/lib/server/clients/get-client';
import { escapeLike } from '@/lib/server/receivables/ageing-source';
import { familyFigures } from './family-figures';

export interface CreditLimitRow {
  sysObligorCode: string;
  name: string;
  city: string | null;
  dim1: string | null;
  members: number;
  creditLimit: number | null;
  /** The family's balance as of the date: what it owes against its limit. */
  exposure: number;
  available: number | null;
  /** Percent to 1 decimal; the band is decided on the exact figure. */
  utilisation: number | null;
  status: CreditLimitStatus;
  date: string;
}

export interface CreditLimitBand {
  status: CreditLimitStatus;
  customers: number;
  exposure: number;
}

type Query = Omit<TCreditLimitsQuery, 'status' | 'sortBy' | 'order' | 'offset' | 'count'> & { scope?: ObligorScope };

const SORT: Record<TCreditLimitsQuery['sortBy'], SQL> = {
  name: sql`c.name`, creditLimit: sql`c."creditLimit"`, exposure: sql`c.exposure`, available: sql`c.available`,
  utilisation: sql`c."exactUtilisation"`,
};

/**
 * Parent customers (families) with their credit limit, exposure, available credit and utilisation
 * band, as of a date, on the customer analysis figures (familyFigures) so that both screens agree.
 * The bands use lib/domain/credit-limit.ts's thresholds, strictly over them.
 */
async function creditLimitRows(db: Db, clientId: number, query: Query): Promise<{ rows: SQL; asOf: string }> {
  const client = await getClient(db, clientId);
  const asOf = query.date ?? todayIso();
  const families = await familyFigures(db, clientId, asOf, { b1: client.bucket1, b2: client.bucket2, b3: client.bucket3 },
    { dim: query.dim, scope: query.scope });
  const limited = sql`f."creditLimit" > 0`;
  const search = query.search
    ? sql`where (f.name ilike ${`%${escapeLike(query.search)}%`} or f."sysObligorCode" ilike ${`%${escapeLike(query.search)}%`})`
    : sql``;
  const rows = sql`(select f."sysObligorCode", f.name, f.city, f.dim1, f.members, f."creditLimit", f.balance as exposure,
      case when ${limited} then f."creditLimit" - f.balance end as available,
      case when ${limited} then f.balance / f."creditLimit" * 100 end as "exactUtilisation",
      case when not coalesce(${limited}, false) then 'NO_LIMIT'
        when f.balance > f."creditLimit" * ${CREDIT_LIMIT_THRESHOLDS.breached} / 100.0 then 'BREACHED'
        when f.balance > f."creditLimit" * ${CREDIT_LIMIT_THRESHOLDS.near} / 100.0 then 'NEAR'
        else 'WITHIN' end as status
    from ${families} f ${search})`;
  return { rows, asOf };
}

/** GET /v3/clients/credit_limits: filtered (band, dim1, search), sorted and paged in SQL. */
export async function listCreditLimits(db: Db, clientId: number, query: TCreditLimitsQuery & { scope?: ObligorScope }) {
  const { rows, asOf } = await creditLimitRows(db, clientId, query);
  const where = query.status ? sql`where c.status = ${query.status}` : sql``;
  const direction = query.order === 'ASC' ? sql`asc` : sql`desc`;
  const raw = await queryRows<Record<string, unknown>>(db, sql`
    select c.*, count(*) over () as total from ${rows} c ${where}
    order by ${SORT[query.sortBy]} ${direction} nulls last, c."sysObligorCode"
    limit ${query.count} offset ${(query.offset - 1) * query.count}`);
  const total = raw.length ? Number(raw[0]!.total)
    : Number((await queryRows<{ n: string }>(db, sql`select count(*) as n from ${rows} c ${where}`))[0]?.n ?? 0);
  return { total, rows: raw.map((r) => toRow(r, asOf)) };
}

/** How many customers (and how much exposure) fall in each band, under the same dim1 and search. */
export async function creditLimitBands(db: Db, clientId: number, query: Query): Promise<CreditLimitBand[]> {
  const { rows } = await creditLimitRows(db, clientId, query);
  const raw = await queryRows<{ status: CreditLimitStatus; customers: number; exposure: string }>(db, sql`
    select c.status, count(*)::int as customers, coalesce(sum(c.exposure), 0) as exposure from ${rows} c group by c.status`);
  return raw.map((r) => ({ status: r.status, customers: Number(r.customers), exposure: Number(r.exposure) }));
}

const num = (v: unknown) => (v == null ? null : Number(v));

function toRow(raw: Record<string, unknown>, asOf: string): CreditLimitRow {
  const utilisation = num(raw.exactUtilisation);
  return {
    sysObligorCode: raw.sysObligorCode as string,
    name: raw.name as string,
    city: (raw.city as string | null) ?? null,
    dim1: (raw.dim1 as string | null) ?? null,
    members: Number(raw.members),
    creditLimit: num(raw.creditLimit),
    exposure: Number(raw.exposure),
    available: num(raw.available),
    utilisation: utilisation == null ? null : Math.round(utilisation * 10) / 10,
    status: raw.status as CreditLimitStatus,
    date: asOf,
  };
}
