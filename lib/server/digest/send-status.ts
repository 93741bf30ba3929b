import 'server-only';
import { sql } from 'drizzle-orm';

/**
 * A digest is composed and handed to the mail server within seconds of its claim; one still SENDING
 * this long after was left by a server that stopped (a restart, a killed process) between the two.
 */
const STALLED_AFTER_MINUTES = 15;
const STALLED_ERROR = 'the server stopped while sending it (a restart); Retry failed sends it';

const stalled = (alias: 'digest_sends' | 's') =>
  sql`${sql.raw(alias)}.status = 'SENDING' and ${sql.raw(alias)}.sent_at < now() - make_interval(mins => ${STALLED_AFTER_MINUTES})`;

/**
 * A digest's status as read everywhere (the lists, the filters, what a retry picks up): a stalled
 * SENDING row is FAILED, so that it is shown, counted and retried as a failure and never lost.
 */
export const sendStatus = (alias: 'digest_sends' | 's') =>
  sql`case when ${stalled(alias)} then 'FAILED' else ${sql.raw(alias)}.status end`;

/** Its error as read: a stalled row says why it failed. */
export const sendError = (alias: 'digest_sends' | 's') =>
  sql`case when ${stalled(alias)} then ${STALLED_ERROR} else ${sql.raw(alias)}.error end`;
