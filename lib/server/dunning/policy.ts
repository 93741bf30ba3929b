import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { z } from 'zod';
import { queryRow, queryRows } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import { auditLog } from '@/lib/db/schema';
import type { TDunningLevel, TDunningPolicy, TDunningPolicyBody } from '@/lib/contract/dunning';
import {
  DEFAULT_POLICY,
  DEFAULT_REMITTANCE_GRACE_DAYS,
  DUNNING_CHANNELS,
  DUNNING_GROUPINGS,
  TASK_FOR,
  type DunningPolicy,
} from '@/lib/domain/dunning';

const LevelRow = row({
  level: col.int,
  days: col.int,
  channel: col.oneOf(DUNNING_CHANNELS),
  taskFor: col.oneOf(TASK_FOR).nullable(),
  subject: col.text,
  body: col.text,
}) satisfies z.ZodType<TDunningLevel, unknown>;

/**
 * The client's reminder policy: its saved row and levels, or the default policy while it has none
 * (a new client therefore reminds by the default from its first import).
 */
export async function loadPolicy(db: Db, clientId: number): Promise<TDunningPolicy> {
  const head = await queryRow(
    db,
    sql`select enabled, grouping, min_amount as "minAmount", quiet_days as "quietDays",
      remittance_grace_days as "remittanceGraceDays", updated_at as "updatedAt"
    from dunning_policies where client_id = ${clientId}`,
    row({
      enabled: col.bool,
      grouping: col.oneOf(DUNNING_GROUPINGS),
      minAmount: col.num,
      quietDays: col.int,
      remittanceGraceDays: col.int,
      updatedAt: col.instant,
    }),
  );
  if (!head)
    return {
      ...structuredClone(DEFAULT_POLICY),
      remittanceGraceDays: DEFAULT_REMITTANCE_GRACE_DAYS,
      isDefault: true,
      updatedAt: null,
    };
  const levels = await queryRows(
    db,
    sql`select level, days, channel, task_for as "taskFor", subject, body from dunning_levels
    where client_id = ${clientId} order by days`,
    LevelRow,
  );
  return { ...head, levels, isDefault: false };
}

/** The policy a run applies. */
export async function activePolicy(db: Db, clientId: number): Promise<DunningPolicy> {
  const { isDefault: _d, updatedAt: _u, ...policy } = await loadPolicy(db, clientId);
  return policy;
}

/** PUT /dunning/policy: the head row upserted and the levels replaced, in one transaction, audited. */
export async function savePolicy(
  db: Db,
  clientId: number,
  userId: number,
  body: TDunningPolicyBody,
): Promise<TDunningPolicy> {
  const levels = body.levels.map((l, i) => ({ ...l, level: i + 1, taskFor: l.taskFor ?? null }));
  await db.transaction(async (tx) => {
    const { updatedAt: _before, ...before } = await loadPolicy(tx, clientId);
    await tx.execute(sql`
      insert into dunning_policies (client_id, enabled, grouping, min_amount, quiet_days, remittance_grace_days, updated_at, updated_by)
      values (${clientId}, ${body.enabled}, ${body.grouping}, ${body.minAmount.toFixed(2)}, ${body.quietDays},
        ${body.remittanceGraceDays}, now(), ${userId})
      on conflict (client_id) do update set enabled = excluded.enabled, grouping = excluded.grouping,
        min_amount = excluded.min_amount, quiet_days = excluded.quiet_days,
        remittance_grace_days = excluded.remittance_grace_days, updated_at = now(), updated_by = excluded.updated_by`);
    await tx.execute(sql`delete from dunning_levels where client_id = ${clientId}`);
    for (const l of levels) {
      await tx.execute(sql`
        insert into dunning_levels (client_id, level, days, channel, task_for, subject, body)
        values (${clientId}, ${l.level}, ${l.days}, ${l.channel}, ${l.taskFor}, ${l.subject}, ${l.body})`);
    }
    await tx.insert(auditLog).values({
      clientId,
      userId,
      action: 'dunning_policy_saved',
      entity: 'dunning_policy',
      entityId: String(clientId),
      detail: {
        enabled: body.enabled,
        grouping: body.grouping,
        minAmount: body.minAmount,
        quietDays: body.quietDays,
        remittanceGraceDays: body.remittanceGraceDays,
        levels: levels.map((l) => `${l.days}:${l.channel}${l.taskFor ? `:${l.taskFor}` : ''}`),
      },
      before,
      after: { ...body, levels },
    });
  });
  return loadPolicy(db, clientId);
}
