import { sql, type SQL } from 'drizzle-orm';

/**
 * A dispute (the row `alias` of `disputes`) in force on day `day`: opened by then, and open today or
 * resolved after it. The one definition every view of a date uses, so that the ageing, the worklist,
 * the reminders, the forecast and the statement of a past date all leave out what was in dispute then,
 * as it was then (today's OPEN disputes are the rule's answer for today).
 */
export function disputeOpenOn(alias: 'd' | 'dd' | 'dp' | 'ds', day: SQL): SQL {
  const row = sql.raw(alias);
  return sql`${row}.opened_on <= ${day}::date and (${row}.status = 'OPEN' or ${row}.resolved_on > ${day}::date)`;
}
