/**
 * Prepaid customers for the customer portal: a few obligors of each borrower keep an
 * advance that their invoices draw down. Each month they top up about what they will be billed, so
 * the advance stays in credit (it can dip for a few days when a bill comes before that month's top-up). Own random stream, so no other seeded number moves.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { advanceTopups, obligors } from '../schema';
import type { Db } from '../client';
import { queryRows } from '../query';
import { col, row } from '../rows';
import { insertAll, type Counts } from './batch';
import { addMonths, dayStr, fromYmd, ymd } from './dates';
import { paiseToNumeric } from './money';
import { Rng } from './random';
import type { ReferenceData } from './reference-data';

const MONTHS = 12;
const PREPAID_PER_CLIENT = 6;
const STEP = 10_000 * 100; // top-ups in round ₹10,000s (paise)

export async function seedPrepaid(db: Db, ref: ReferenceData, today: number, counts: Counts): Promise<void> {
  const start = addMonths(today, -MONTHS);
  for (const borrower of ref.borrowers) {
    const rng = Rng.from(`${borrower.spec.code}:prepaid`);
    const clientId = borrower.clientId;
    // Candidates: customers billed in most recent months, in code order so the draw is stable.
    const candidates = (
      await queryRows(
        db,
        sql`
      select i.sys_obligor_code as code from invoices i
      where i.client_id = ${clientId} and i.issue_date > ${dayStr(start)} and i.doc_type = 'INVOICE'
      group by i.sys_obligor_code having count(distinct date_trunc('month', i.issue_date)) >= 6
      order by i.sys_obligor_code`,
        row({ code: col.text }),
      )
    ).map((r) => r.code);
    const chosen: string[] = [];
    while (chosen.length < Math.min(PREPAID_PER_CLIENT, candidates.length)) {
      const pick = candidates[rng.int(0, candidates.length - 1)]!;
      if (!chosen.includes(pick)) chosen.push(pick);
    }
    if (!chosen.length) continue;
    await db
      .update(obligors)
      .set({ accountType: 'PREPAID' })
      .where(and(eq(obligors.clientId, clientId), inArray(obligors.sysObligorCode, chosen)));
    const billed = await queryRows(
      db,
      sql`
      select i.sys_obligor_code as code, to_char(i.issue_date, 'YYYY-MM') as month, round(sum(i.amount) * 100)::bigint as paise
      from invoices i where i.client_id = ${clientId} and i.issue_date > ${dayStr(start)}
        and i.sys_obligor_code in (${sql.join(
          chosen.map((c) => sql`${c}`),
          sql`, `,
        )})
      group by 1, 2`,
      row({ code: col.text, month: col.text, paise: col.int }),
    );
    const rows = chosen.flatMap((code) => {
      const monthly = billed.filter((b) => b.code === code);
      const average = monthly.reduce((s, b) => s + b.paise, 0) / Math.max(1, monthly.length);
      return Array.from({ length: MONTHS + 1 }, (_, m) => {
        const first = addMonths(start, m);
        const { year, month } = ymd(first);
        const key = `${year}-${String(month).padStart(2, '0')}`;
        const due = Number(monthly.find((b) => b.month === key)?.paise ?? 0);
        // The first top-up is the opening advance (about a month's billing); then roughly the month's bill.
        const base = (m === 0 ? Math.max(average, due) : due) * rng.float(1.0, 1.15);
        const amount = Math.ceil(base / STEP) * STEP;
        const day = Math.min(fromYmd(year, month, rng.int(1, 5)), today);
        return amount > 0 && day <= today
          ? {
              clientId,
              sysObligorCode: code,
              topupDate: dayStr(day),
              amount: paiseToNumeric(amount),
              reference: `ADV/${code}/${key}`,
            }
          : null;
      }).filter((r): r is NonNullable<typeof r> => r != null);
    });
    await insertAll(db, advanceTopups, rows, counts);
  }
}
