import 'server-only';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TStatementPeriodRun } from '@/lib/contract/statement-schedule';

const PERIODS = 12;

const PeriodRow = row({
  period: col.text,
  firstAt: col.text,
  lastAt: col.text,
  sent: col.int,
  failed: col.int,
  sending: col.int,
  failures: col.json(
    z.array(z.object({ sysObligorCode: z.string(), obligorName: z.string(), error: z.string().nullable() })),
  ),
});

/**
 * GET /dunning/statements/runs: the statements of the last 12 periods, newest first, from their
 * sends (one row per customer and period): how many went, failed or are still being sent, and each
 * failure with its error (the next run of the period tries them again).
 */
export async function statementHistory(db: Db, clientId: number): Promise<TStatementPeriodRun[]> {
  return queryRows(
    db,
    sql`select s.period, to_char(min(s.sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstAt",
        to_char(max(s.sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastAt",
        count(*) filter (where s.status = 'SENT')::int as sent,
        count(*) filter (where s.status = 'FAILED')::int as failed,
        count(*) filter (where s.status = 'SENDING')::int as sending,
        coalesce(json_agg(json_build_object('sysObligorCode', s.sys_obligor_code, 'obligorName', coalesce(o.name, s.sys_obligor_code),
          'error', s.error) order by s.sys_obligor_code) filter (where s.status = 'FAILED'), '[]'::json) as failures
      from statement_sends s
      left join obligors o on o.client_id = ${clientId} and o.sys_obligor_code = s.sys_obligor_code
      where s.client_id = ${clientId}
      group by s.period
      order by max(s.sent_at) desc
      limit ${PERIODS}`,
    PeriodRow,
  );
}
