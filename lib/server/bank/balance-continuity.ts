import 'server-only';
import { sql } from 'drizzle-orm';
import { STATEMENT_FILE_FIELD } from '@/lib/contract/bank';
import { formatDayInput } from '@/lib/domain/day-input';
import { formatMoney } from '@/lib/domain/format';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { invalid } from '@/lib/server/domain-errors';

const LastLine = row({ balance: col.num.nullable(), txnDate: col.day, fileName: col.text });

/**
 * A statement that does not start where the account's stored lines end is refused: a statement
 * between them is missing (or the file is of another account). Checked when the statement does not
 * overlap the stored lines (its first line is new) and the account has a line on or before its
 * first day: that line's balance must be the statement's opening balance. A statement older than
 * every stored line is history coming in, with nothing to follow.
 */
export async function checkContinuity(
  db: Db,
  clientId: number,
  accountId: number,
  statement: { firstDay: string; firstKey: string; openingBalance: number | null },
): Promise<void> {
  if (statement.openingBalance === null) return;
  const last = await queryRow(
    db,
    sql`select l.balance, l.txn_date::text as "txnDate", s.file_name as "fileName"
        from bank_lines l
        join bank_statements s on s.client_id = l.client_id and s.id = l.statement_id
        where l.client_id = ${clientId} and l.bank_account_id = ${accountId} and l.txn_date <= ${statement.firstDay}::date
          and not exists (select 1 from bank_lines d where d.client_id = ${clientId}
                          and d.bank_account_id = ${accountId} and d.dedup_key = ${statement.firstKey})
        order by l.txn_date desc, l.statement_id desc, l.file_line desc
        limit 1`,
    LastLine,
  );
  if (!last || last.balance === null) return;
  const stored = Math.round(last.balance * 100);
  if (stored === statement.openingBalance) return;
  const rupees = (paise: number) => formatMoney(paise / 100);
  const reason = `the opening balance ${rupees(statement.openingBalance)} does not follow the account's balance ${rupees(stored)} on ${formatDayInput(last.txnDate)} (${last.fileName}): a statement between them is missing`;
  throw invalid(`The statement is refused: ${reason}`, { [STATEMENT_FILE_FIELD]: reason });
}
