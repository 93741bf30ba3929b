import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TCreditHold } from '@/lib/contract/credit-holds';
import { HOLD_PROMISE_DAYS, holdReasons, type HoldFacts } from '@/lib/domain/credit-holds';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { clientToday } from '@/lib/server/clients/client-day';
import { exposureOf } from '@/lib/server/obligors/credit-limit-sql';
import { scopeCondition } from '@/lib/server/obligors/obligor-scope';
import { ageingSource } from '@/lib/server/receivables/ageing-query';
import { ageingView } from '@/lib/server/receivables/ageing-view';
import { itemParts } from '@/lib/server/receivables/instalments';
import { holdRules } from './hold-rules';

/** An account's facts as the rules read them, with its running release if any. */
const Facts = row({
  code: col.text,
  name: col.text,
  parentCode: col.text.nullable(),
  parentName: col.text.nullable(),
  balance: col.num,
  unallocated: col.num,
  creditLimit: col.num.nullable(),
  oldest: col.int.nullable(),
  beyond: col.num.nullable(),
  broken: col.int,
  bounced: col.int,
  releaseReason: col.text.nullable(),
  releasedBy: col.text.nullable(),
  releasedAt: col.instant.nullable(),
  expiresOn: col.day.nullable(),
});

/**
 * Every account in the user's scope that a switched-on rule holds today (lib/domain/credit-holds.ts),
 * with its facts and reasons; an account with a release running to today or later is RELEASED
 * instead. Today's balances come from the day's rollups (or the ledger, exactly, before they exist);
 * the oldest open debt from the open items; broken promises on the account or on its family.
 */
export async function creditHolds(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  onlyCode?: string,
): Promise<TCreditHold[]> {
  const [rules, today] = await Promise.all([holdRules(db, clientId), clientToday(db, clientId)]);
  const view = await ageingView(db, clientId, today);
  const inScope = scopeCondition(clientId, scope, sql`o.sys_obligor_code`) ?? sql`true`;
  const only = onlyCode ? sql`and o.sys_obligor_code = ${onlyCode}` : sql``;
  const beyondDays = rules.daysPastDue ?? 0;
  const d = sql`${today}::date`;
  const part = itemParts(clientId, sql`(i.amount - i.paid_to_date)`);
  const facts = await queryRows(
    db,
    sql`
    with balances as (select r.sys_obligor_code, r.outstanding, r.unallocated from ${ageingSource(view)}),
    debts as (
      -- Part by part: an invoice in instalments is as late as its oldest open instalment, and only
      -- what its instalments past the rule's days hold is beyond them.
      select p.sys_obligor_code, (${d} - min(p.due))::int as oldest,
        sum(p.open) filter (where ${d} - p.due > ${beyondDays}::int) as beyond
      from (
        select i.sys_obligor_code, ${part.due} as due, ${part.open} as open
        from invoices i ${part.join}
        where i.client_id = ${clientId} and i.settled_date is null and i.doc_type not in ('CREDIT_NOTE', 'WRITE_OFF') and i.amount > 0
          and i.issue_date <= ${d}
      ) p
      where p.due < ${d} and p.open > 0
      group by p.sys_obligor_code
    ),
    broken as (
      select m.sys_obligor_code, count(*)::int as n
      from promises pr
      join obligors m on m.client_id = pr.client_id
        and (m.sys_obligor_code = pr.sys_obligor_code or (pr.on_family and m.parent_sys_obligor_code = pr.sys_obligor_code))
      where pr.client_id = ${clientId} and pr.status in ('BROKEN', 'PARTIAL')
        and pr.promised_date >= ${d} - ${HOLD_PROMISE_DAYS}::int
      group by m.sys_obligor_code
    ),
    bounced as (
      -- The account's own cheques: a bounce is the drawer's, not its family's.
      select c.sys_obligor_code, count(*)::int as n from cheques c
      where c.client_id = ${clientId} and c.status = 'RETURNED'
        and c.returned_on > ${d} - ${rules.returnedChequeDays}::int
      group by c.sys_obligor_code
    )
    select o.sys_obligor_code as code, o.name, o.parent_sys_obligor_code as "parentCode", p.name as "parentName",
      coalesce(b.outstanding, 0) as balance, coalesce(b.unallocated, 0) as unallocated, o.credit_limit as "creditLimit",
      dt.oldest, dt.beyond,
      coalesce(br.n, 0) as broken, coalesce(bc.n, 0) as bounced,
      rl.reason as "releaseReason", u.name as "releasedBy", rl.released_at as "releasedAt",
      to_char(rl.expires_on, 'YYYY-MM-DD') as "expiresOn"
    from obligors o
    left join obligors p on p.client_id = o.client_id and p.sys_obligor_code = o.parent_sys_obligor_code
    left join balances b on b.sys_obligor_code = o.sys_obligor_code
    left join debts dt on dt.sys_obligor_code = o.sys_obligor_code
    left join broken br on br.sys_obligor_code = o.sys_obligor_code
    left join bounced bc on bc.sys_obligor_code = o.sys_obligor_code
    left join lateral (
      select x.reason, x.released_by, x.released_at, x.expires_on from credit_hold_releases x
      where x.client_id = o.client_id and x.sys_obligor_code = o.sys_obligor_code and x.expires_on >= ${d}
      order by x.released_at desc limit 1
    ) rl on true
    left join users u on u.client_id = o.client_id and u.id = rl.released_by
    where o.client_id = ${clientId} and ${inScope} ${only}
      and (${rules.overLimit} and o.credit_limit is not null and ${exposureOf(sql`b`)} > o.credit_limit
        or ${rules.daysPastDue !== null} and dt.oldest > ${beyondDays}::int
        or ${rules.brokenPromises !== null} and coalesce(br.n, 0) >= ${rules.brokenPromises ?? 0}::int
        or ${rules.returnedCheques !== null} and coalesce(bc.n, 0) >= ${rules.returnedCheques ?? 0}::int)`,
    Facts,
  );
  return facts
    .map((f): TCreditHold => {
      const holdFacts: HoldFacts = {
        balance: f.balance,
        unallocated: f.unallocated,
        creditLimit: f.creditLimit,
        oldestDaysPastDue: f.oldest,
        overdueBeyond: f.beyond ?? 0,
        brokenPromises: f.broken,
        returnedCheques: f.bounced,
      };
      return {
        sysObligorCode: f.code,
        name: f.name,
        parentSysObligorCode: f.parentCode,
        parentName: f.parentName,
        ...holdFacts,
        reasons: holdReasons(holdFacts, rules),
        status: f.expiresOn ? 'RELEASED' : 'ON_HOLD',
        release: f.expiresOn
          ? {
              reason: f.releaseReason!,
              releasedBy: f.releasedBy ?? 'unknown',
              releasedAt: f.releasedAt!,
              expiresOn: f.expiresOn,
            }
          : null,
      };
    })
    .sort(
      (a, b) =>
        (a.status === b.status ? 0 : a.status === 'ON_HOLD' ? -1 : 1) ||
        b.balance - a.balance ||
        (a.sysObligorCode < b.sysObligorCode ? -1 : 1),
    );
}
