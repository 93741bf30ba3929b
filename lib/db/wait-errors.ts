/**
 * The database errors that mean "not now" rather than "wrong": a statement or lock wait past its
 * limit (lib/db/client.ts), no free connection in time, or a server restarting or gone. A request
 * that meets one answers 503 with Retry-After and the reason in words; nothing it was writing is
 * kept (its transaction is rolled back), so trying again is safe.
 */
const WAIT_CODES: Record<string, string> = {
  '57014': 'a statement ran past its time limit',
  '55P03': 'a lock held by other work did not come free in time',
  '25P03': 'a transaction waited too long',
  '57P01': 'the database server is restarting',
  '57P02': 'the database server is restarting',
  '57P03': 'the database server is starting',
  '53300': 'the database server has no free connection',
  '08000': 'the connection to the database failed',
  '08001': 'the database server could not be reached',
  '08003': 'the connection to the database was lost',
  '08006': 'the connection to the database was lost',
};

const WAIT_MESSAGES: [RegExp, string][] = [
  [/timeout exceeded when trying to connect/i, 'every database connection was busy'],
  [/Connection terminated/i, 'the connection to the database was lost'],
  [/ECONNREFUSED|ECONNRESET|EPIPE/, 'the database server could not be reached'],
];

/** Why the database could not answer now, or null when the error is not a wait of that kind. */
export function databaseWaitReason(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && WAIT_CODES[code]) return WAIT_CODES[code];
    for (const [pattern, reason] of WAIT_MESSAGES) if (pattern.test(e.message)) return reason;
  }
  return null;
}

/** Seconds a client should wait before it tries again. */
export const RETRY_AFTER_SECONDS = 5;
