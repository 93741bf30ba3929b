import 'server-only';
import { format, parseISO, subDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { col, row, type Row } from '@/lib/db/rows';
import { dayText, levelFor, type DunningLevel, type DunningPolicy } from '@/lib/domain/dunning';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { Candidate } from './candidates';

/** A run's messages: who gets which level by which channel, and the row each leaves in dunning_messages. */

export interface RunRequest {
  clientId: number;
  /** Who asked (Run now); null for the daily job. */
  userId: number | null;
  scope?: ObligorScope;
  trigger: 'DAILY' | 'MANUAL';
  dryRun: boolean;
  /** Only this customer (a family's parent code, or an account with grouping ACCOUNT). */
  code?: string;
  /** The client's today; read from its clock when absent. */
  today?: string;
  /** A run row already made (the daily job makes it under its lock). */
  runId?: number;
  policy?: DunningPolicy;
}

const UserRow = row({ id: col.int, name: col.text });
export type User = Row<typeof UserRow>;

/** The message planned for a candidate: its level, recipient, and why it is skipped or cannot go. */
export interface Planned {
  candidate: Candidate;
  level: DunningLevel;
  recipient: string | null;
  assignee: User | null;
  skip: string | null;
  problem: string | null;
}

export async function anAdmin(db: Db, clientId: number): Promise<User | null> {
  const admin = await queryRow(
    db,
    sql`select u.id, u.name from users u join roles r on r.client_id = u.client_id and r.id = u.role_id
    where u.client_id = ${clientId} and r.code = 'admin' and u.status = 'ACTIVE' and u.user_type = 'borrowers'
    order by u.id limit 1`,
    UserRow,
  );
  return admin ?? null;
}

export function plan(policy: DunningPolicy, today: string, candidate: Candidate, admin: User | null): Planned | null {
  const level = levelFor(policy.levels, candidate.oldestDays);
  if (!level) return null;
  let skip: string | null = null;
  const quietFrom = format(subDays(parseISO(today), policy.quietDays), 'yyyy-MM-dd');
  if (candidate.lastSent && candidate.lastSent >= today) skip = 'already reminded today';
  else if (candidate.lastSent && candidate.lastSent > quietFrom)
    skip = `reminded on ${dayText(candidate.lastSent)}, within the quiet period of ${policy.quietDays} days`;
  if (level.channel === 'EMAIL') {
    return {
      candidate,
      level,
      recipient: candidate.emails,
      assignee: null,
      skip,
      problem: candidate.emails ? null : 'no email address',
    };
  }
  const assignee =
    level.channel === 'TASK' && level.taskFor === 'MANAGER'
      ? (candidate.manager ?? admin)
      : level.channel === 'TASK'
        ? (candidate.collector ?? admin)
        : (candidate.collector ?? candidate.manager ?? admin);
  const recipient = assignee
    ? level.channel === 'WHATSAPP'
      ? `${assignee.name} (to send on WhatsApp${candidate.phone ? ` to ${candidate.phone}` : ''})`
      : assignee.name
    : null;
  return { candidate, level, recipient, assignee, skip, problem: assignee ? null : 'nobody to give the task to' };
}

export async function insertMessage(
  db: Db,
  clientId: number,
  runId: number,
  today: string,
  p: Planned,
  status: 'SENDING' | 'FAILED' | 'SKIPPED',
  error: string | null,
  taskId: number | null = null,
): Promise<number | null> {
  const c = p.candidate;
  const inserted = await queryRow(
    db,
    sql`insert into dunning_messages (client_id, run_id, sys_obligor_code, level, channel, amount_due, oldest_days,
      recipient, status, error, sent_on, task_id)
    values (${clientId}, ${runId}, ${c.code}, ${p.level.level}, ${p.level.channel}, ${c.amountDue.toFixed(2)},
      ${c.oldestDays}, ${p.recipient}, ${status}, ${error}, ${today}, ${taskId})
    on conflict (client_id, sys_obligor_code, sent_on) where status in ('SENDING', 'SENT') do nothing
    returning id`,
    row({ id: col.int }),
  );
  return inserted?.id ?? null;
}
