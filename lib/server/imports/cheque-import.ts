import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { CHEQUE_STATUSES } from '@/lib/domain/cheques';
import { insertCheque, markChequeReturned } from '@/lib/server/cheques/cheque-writes';
import { loadCheque } from '@/lib/server/cheques/cheques';
import type { ApplyContext, KindCounts } from './apply';
import { duplicates, type Check } from './check';
import { finalInvoice } from './document-checks';

/**
 * cheques.csv: its checks (over the staging table `import_cheques`) and its writes, which go
 * through the register's own (cheque-writes.ts), one cheque at a time: a post-dated cheque takes
 * its promise and a returned one starts its s138 tasks exactly as when recorded on the customer
 * page. Cheque files are small (a register, not a ledger), so row by row is fast enough.
 */

// The file's status (RECEIVED when empty), the client's today, a cheque's last valid day.
const STATUS = sql.raw(`coalesce(c.status, 'RECEIVED')`);
const validUntil = (d: SQL) => sql`((${d} + interval '3 months')::date - 1)`;
const todaySql = (clientId: number) =>
  sql`(now() at time zone (select time_zone from clients where id = ${clientId}))::date`;
/** The day it was received: the file's, else the cheque's date, or today for a post-dated cheque. */
const receivedSql = (clientId: number) => sql`coalesce(c.received_date, least(c.cheque_date, ${todaySql(clientId)}))`;
const RANK = sql.raw(`array_position(array['RECEIVED','DEPOSITED','CLEARED','RETURNED'], `);

export function chequeChecks(clientId: number, ok: (alias: string) => SQL, good: boolean): Check[] {
  const today = todaySql(clientId);
  const received = receivedSql(clientId);
  const stored = sql`(select s.status from cheques s where s.client_id = ${clientId} and s.sys_obligor_code = c.sys_obligor_code
    and s.cheque_number = c.cheque_number and s.bank_name = c.bank_name)`;
  return [
    duplicates('cheques', ['sys_obligor_code', 'cheque_number', 'bank_name'], 'cheque', good),
    {
      kind: 'cheques',
      column: 'sys_obligor_code',
      query: sql`select c.line, 'obligor ' || c.sys_obligor_code || ' is neither in obligors nor stored' as reason
        from import_cheques c where c.sys_obligor_code is not null${ok('c')}
          and not exists (select 1 from import_obligors b where b.sys_obligor_code = c.sys_obligor_code${ok('b')})
          and not exists (select 1 from obligors s where s.client_id = ${clientId} and s.sys_obligor_code = c.sys_obligor_code)`,
    },
    {
      kind: 'cheques',
      column: 'sys_invoice_nums',
      query: sql`select c.line, 'not invoices of ' || c.sys_obligor_code || ': ' || string_agg(n.num, ', ' order by n.num) as reason
        from import_cheques c cross join lateral unnest(string_to_array(c.sys_invoice_nums, ';')) as n(num)
        where c.sys_invoice_nums is not null and c.sys_obligor_code is not null${ok('c')}
          and (${finalInvoice(clientId, sql`n.num`, 'sys_obligor_code')} is distinct from c.sys_obligor_code
            or ${finalInvoice(clientId, sql`n.num`, 'doc_type')} in ('CREDIT_NOTE', 'WRITE_OFF'))
        group by c.line, c.sys_obligor_code`,
    },
    {
      kind: 'cheques',
      column: 'received_date',
      query: sql`select c.line, case when ${received} > ${today} then 'a cheque cannot be received after today'
          else 'cheque dated ' || c.cheque_date || ' was more than three months old when received: the bank will not pay it' end as reason
        from import_cheques c where c.cheque_date is not null${ok('c')}
          and (${received} > ${today} or ${validUntil(sql`c.cheque_date`)} < ${received})`,
    },
    {
      // Each status has the days of its steps and no others.
      kind: 'cheques',
      column: 'status',
      query: sql`select line, reason from (select c.line, case
          when ${STATUS} <> 'RECEIVED' and c.deposited_date is null then 'a ' || ${STATUS} || ' cheque needs its deposited_date'
          when ${STATUS} = 'CLEARED' and c.cleared_date is null then 'a CLEARED cheque needs its cleared_date'
          when ${STATUS} = 'RETURNED' and (c.returned_date is null or c.return_reason is null)
            then 'a RETURNED cheque needs its returned_date and return_reason'
          when ${STATUS} = 'RECEIVED' and c.deposited_date is not null then 'a deposited_date needs the status DEPOSITED, CLEARED or RETURNED'
          when ${STATUS} in ('RECEIVED', 'DEPOSITED') and c.cleared_date is not null then 'a cleared_date needs the status CLEARED or RETURNED'
          when ${STATUS} <> 'RETURNED' and (c.returned_date is not null or c.return_reason is not null)
            then 'a returned_date or return_reason needs the status RETURNED'
          when ${RANK}${stored}) > ${RANK}${STATUS}) then 'the cheque is stored as ' || ${stored} || ': a file cannot move it back to ' || ${STATUS}
          end as reason from import_cheques c where true${ok('c')}) x where reason is not null`,
    },
    {
      kind: 'cheques',
      column: 'deposited_date',
      query: sql`select c.line, case when c.deposited_date > ${today} then 'a cheque cannot be deposited after today'
          when c.deposited_date < c.cheque_date then 'deposited before the cheque''s date ' || c.cheque_date
          when c.deposited_date < ${received} then 'deposited before it was received'
          else 'deposited after its last valid day ' || ${validUntil(sql`c.cheque_date`)} end as reason
        from import_cheques c where c.deposited_date is not null and c.cheque_date is not null${ok('c')}
          and (c.deposited_date > ${today} or c.deposited_date < c.cheque_date or c.deposited_date < ${received}
            or c.deposited_date > ${validUntil(sql`c.cheque_date`)})`,
    },
    ...(['cleared_date', 'returned_date'] as const).map((column): Check => ({
      kind: 'cheques',
      column,
      query: sql`select c.line, case when c.${sql.identifier(column)} > ${today} then 'a day after today'
            else 'before the deposit on ' || c.deposited_date end as reason
          from import_cheques c where c.${sql.identifier(column)} is not null${ok('c')}
            and (c.${sql.identifier(column)} > ${today} or c.${sql.identifier(column)} < c.deposited_date)`,
    })),
    {
      // A stored cheque keeps its amount and date: its promise and tasks were made from them.
      kind: 'cheques',
      column: 'amount',
      query: sql`select c.line, 'the cheque is stored for ' || s.amount || ' dated ' || s.cheque_date
          || ': a re-import may move its status on, not change its amount or date' as reason
        from import_cheques c join cheques s on s.client_id = ${clientId} and s.sys_obligor_code = c.sys_obligor_code
          and s.cheque_number = c.cheque_number and s.bank_name = c.bank_name
        where (s.amount, s.cheque_date) is distinct from (c.amount, c.cheque_date)${ok('c')}`,
    },
  ];
}

const StagedCheque = row({
  sysObligorCode: col.text,
  chequeNumber: col.text,
  bankName: col.text,
  chequeDate: col.day,
  amount: col.num,
  invoices: col.text.nullable(),
  status: col.oneOf(CHEQUE_STATUSES),
  receivedOn: col.day,
  depositedOn: col.day.nullable(),
  clearedOn: col.day.nullable(),
  returnedOn: col.day.nullable(),
  returnReason: col.text.nullable(),
  storedId: col.int.nullable(),
});

/**
 * Writes the good rows: a new cheque is received (its promise when post-dated) and then moved to
 * the file's status; a stored one moves on to the file's status and days. A cheque that becomes
 * RETURNED starts the s138 tasks. A row the register already holds exactly so changes nothing.
 */
export async function applyCheques(ctx: ApplyContext, rows: number): Promise<KindCounts> {
  const { db, clientId, today } = ctx;
  const staged = await queryRows(
    db,
    sql`select c.sys_obligor_code as "sysObligorCode", c.cheque_number as "chequeNumber", c.bank_name as "bankName",
      c.cheque_date::text as "chequeDate", c.amount::text as amount, c.sys_invoice_nums as invoices, ${STATUS} as status,
      ${receivedSql(clientId)}::text as "receivedOn", c.deposited_date::text as "depositedOn",
      c.cleared_date::text as "clearedOn", c.returned_date::text as "returnedOn", c.return_reason as "returnReason",
      s.id as "storedId"
    from import_cheques c left join cheques s on s.client_id = ${clientId} and s.sys_obligor_code = c.sys_obligor_code
      and s.cheque_number = c.cheque_number and s.bank_name = c.bank_name
    where c.ok order by c.line`,
    StagedCheque,
  );
  const userId =
    ctx.userId ??
    (await queryRow(db, sql`select min(id) as id from users where client_id = ${clientId}`, row({ id: col.int })))!.id;
  let inserted = 0;
  let updated = 0;
  for (const c of staged) {
    const id =
      c.storedId ??
      (await insertCheque(db, clientId, userId, today, {
        ...c,
        sysInvoiceNums: c.invoices ? c.invoices.split(';') : [],
      }));
    const before = await loadCheque(db, clientId, id);
    const same =
      before.status === c.status &&
      before.depositedOn === c.depositedOn &&
      before.clearedOn === c.clearedOn &&
      before.returnedOn === c.returnedOn &&
      before.returnReason === c.returnReason;
    if (c.storedId === null) inserted++;
    else if (same) continue;
    else updated++;
    if (same) continue;
    const kept = c.status === 'RETURNED' ? (c.clearedOn ? 'CLEARED' : 'DEPOSITED') : c.status;
    await db.execute(sql`update cheques set status = ${kept}, deposited_on = ${c.depositedOn}::date,
      cleared_on = ${c.clearedOn}::date where client_id = ${clientId} and id = ${id}`);
    if (c.status === 'RETURNED' && before.status !== 'RETURNED')
      await markChequeReturned(
        db,
        clientId,
        userId,
        await loadCheque(db, clientId, id),
        c.returnedOn!,
        c.returnReason!,
      );
    else if (c.status === 'RETURNED')
      await db.execute(sql`update cheques set status = 'RETURNED', returned_on = ${c.returnedOn}::date,
        return_reason = ${c.returnReason} where client_id = ${clientId} and id = ${id}`);
  }
  const skipped = ctx.skipped.cheques;
  return { rows, inserted, updated, unchanged: rows - skipped - inserted - updated, skipped };
}
