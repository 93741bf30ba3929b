import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query';
import { auditLog } from '@/lib/db/schema';
import type { TDunningPolicy, TDunningPolicyBody } from '@/lib/contract/dunning';
import { DEFAULT_POLICY, type DunningPolicy, type TDunningChannel, type TTaskFor } from '@/lib/domain/dunning';

/**
 * The client's reminder policy: its saved row and levels, or the default policy while it has none
 * (a new client therefore reminds by the default from its first import).
 */
export async function loadPolicy(db: Db, clientId: number): Promise<TDunningPolicy> {
  const [head] = await queryRows<{
    enabled: boolean;
    grouping: 'FAMILY' | 'ACCOUNT';
    min_amount: string;
    quiet_days: number;
    updated_at: string;
  }>(
    db,
    sql`select enabled, grouping, min_amount, quiet_days, updated_at::text as updated_at
    from dunning_policies where client_id = ${clientId}`,
  );
  if (!head) return { ...structuredClone(DEFAULT_POLICY), isDefault: true, updatedAt: null };
  const levels = await queryRows<{
    level: number;
    days: number;
    channel: TDunningChannel;
    task_for: TTaskFor | null;
    subject: string;
    body: string;
  }>(
    db,
    sql`select level, days, channel, task_for, subject, body from dunning_levels
    where client_id = ${clientId} order by days`,
  );
  return {
    enabled: head.enabled,
    grouping: head.grouping,
    minAmount: Number(head.min_amount),
    quietDays: Number(head.quiet_days),
    levels: levels.map((l) => ({
      level: Number(l.level),
      days: Number(l.days),
      channel: l.channel,
      taskFor: l.task_for,
      subject: l.subject,
      body: l.body,
    })),
    isDefault: false,
    updatedAt: new Date(head.updated_at).toISOString(),
  };
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
    await tx.execute(sql`
      insert into dunning_policies (client_id, enabled, grouping, min_amount, quiet_days, updated_at, updated_by)
      values (${clientId}, ${body.enabled}, ${body.grouping}, ${body.minAmount.toFixed(2)}, ${body.quietDays}, now(), ${userId})
      on conflict (client_id) do update set enabled = excluded.enabled, grouping = excluded.grouping,
        min_amount = excluded.min_amount, quiet_days = excluded.quiet_days, updated_at = now(), updated_by = excluded.updated_by`);
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
        levels: levels.map((l) => `${l.days}:${l.channel}${l.taskFor ? `:${l.taskFor}` : ''}`),
      },
    });
  });
  return loadPolicy(db, clientId);
}
