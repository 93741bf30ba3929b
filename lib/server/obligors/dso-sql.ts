import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { DAYS_IN_YEAR } from '@/lib/domain/dso';

/**
 * lib/domain/dso.ts annualDso in SQL, the one form of it: a balance over the 12 months' sales x 365,
 * to one decimal; null without positive sales. Families (family-figures.ts) and dimension values
 * (dim-groups.ts) read it; the family figures and
 * dimension groups twins (tests/twins/) hold it to the rule.
 */
export function annualDsoSql(balance: SQL, sales12m: SQL): SQL {
  return sql`case when coalesce(${sales12m}, 0) > 0 then round(${balance} / ${sales12m} * ${DAYS_IN_YEAR}, 1) end`;
}
