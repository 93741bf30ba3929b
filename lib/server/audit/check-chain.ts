import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { TAuditChainCheck } from '@/lib/contract/personnel';

const ZSummary = row({ entries: col.int, firstSeq: col.int.nullable(), lastSeq: col.int.nullable() });
const ZBroken = row({
  seq: col.int,
  id: col.int,
  at: col.instant,
  reason: col.oneOf(['altered', 'missing', 'relinked']),
});

/**
 * Walks one client's edit log in chain order and names the first broken link: an entry whose
 * hash no longer matches what it says ('altered'), whose predecessor is gone ('missing') or whose
 * link does not match its predecessor's hash ('relinked'). Entries pruned after their 8 years
 * leave the chain starting past 1; the first remaining entry is then taken as the anchor.
 */
export async function checkAuditChain(db: Db, clientId: number): Promise<TAuditChainCheck> {
  const summary = await queryRow(
    db,
    sql`select count(*)::int as entries, min(seq)::int as "firstSeq", max(seq)::int as "lastSeq"
      from audit_log where client_id = ${clientId}`,
    ZSummary,
  );
  const [broken] = await queryRows(
    db,
    sql`with c as (
        select seq, id, at, hash, prev_hash,
          audit_entry_hash(client_id, seq, at, user_id, action, entity, entity_id, detail, before, after, prev_hash)
            as expected,
          lag(hash) over w as prev_actual, lag(seq) over w as prev_seq, row_number() over w as n
        from audit_log where client_id = ${clientId}
        window w as (order by seq))
      select seq::int, id::int, at,
        case when hash is distinct from expected then 'altered'
          when n > 1 and seq <> prev_seq + 1 then 'missing'
          else 'relinked' end as reason
      from c
      where hash is distinct from expected
        or (n > 1 and (seq <> prev_seq + 1 or prev_hash is distinct from prev_actual))
        or (n = 1 and seq = 1 and prev_hash is not null)
      order by seq
      limit 1`,
    ZBroken,
  );
  return {
    entries: summary?.entries ?? 0,
    firstSeq: summary?.firstSeq ?? null,
    lastSeq: summary?.lastSeq ?? null,
    intact: !broken,
    brokenAt: broken ? { seq: broken.seq, id: broken.id, at: broken.at, reason: broken.reason } : null,
  };
}

/** Every client's chain, for the command line: the clients whose log is broken are listed first. */
export async function checkEveryAuditChain(
  db: Db,
): Promise<{ clientId: number; code: string; check: TAuditChainCheck }[]> {
  const clients = await queryRows(
    db,
    sql`select id, code from clients order by id`,
    row({ id: col.int, code: col.text }),
  );
  const checks = [];
  for (const c of clients) checks.push({ clientId: c.id, code: c.code, check: await checkAuditChain(db, c.id) });
  return checks.sort((a, b) => Number(a.check.intact) - Number(b.check.intact));
}

/** Years an entry is kept; the database refuses to remove a younger one (trigger audit_log_append_only). */
const AUDIT_RETENTION_YEARS = 8;

/** Removes the entries past their 8 years (the only ones the database lets go), client by client; how many went. */
export async function pruneAuditLog(db: Db): Promise<number> {
  const clients = await queryRows(db, sql`select id from clients order by id`, row({ id: col.int }));
  let gone = 0;
  for (const { id } of clients) {
    const rows = await queryRows(
      db,
      sql`delete from audit_log where client_id = ${id}
        and at < now() - make_interval(years => ${AUDIT_RETENTION_YEARS}) returning id`,
      row({ id: col.int }),
    );
    gone += rows.length;
  }
  return gone;
}
