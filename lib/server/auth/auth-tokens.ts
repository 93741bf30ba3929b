import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { authTokens } from '@/lib/db/schema';

export type TokenPurpose = 'RESET_PASSWORD' | 'UNLOCK_ACCOUNT' | 'CUSTOMER_LINK';

/** Minutes a link stays valid: a reset 30, an unlock a little longer than the lock, an invitation 3 days, a customer's sign-in link 15. */
export const TOKEN_MINUTES = { reset: 30, unlock: 60, invite: 3 * 24 * 60, customerLink: 15 } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A random 256-bit token for a link; only its SHA-256 is stored (a database leak reveals no
 * usable link; the token has enough entropy that a salt adds nothing).
 */
export async function issueToken(
  db: Db,
  user: { clientId: number; id: number },
  purpose: TokenPurpose,
  minutes: number,
  now = new Date(),
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    clientId: user.clientId,
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
  return token;
}

/**
 * Uses a token once: one UPDATE marks it used only if it is unused and unexpired, so two
 * simultaneous clicks cannot both succeed. Answers its user, or null for any bad link.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose, now = new Date()) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ clientId: authTokens.clientId, userId: authTokens.userId });
  if (!row) return null;
  // One link used: the user's other outstanding links (older resets, an unlock) stop working too.
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.clientId, row.clientId), eq(authTokens.userId, row.userId), isNull(authTokens.usedAt)));
  return row;
}
