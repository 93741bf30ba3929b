import { publicApiRoute } from '@/lib/server/api/handler';
import { ZUnlockAccountBody } from '@/lib/contract/accounts';
import { clientIp, LIMITS, takeAttempt } from '@/lib/server/auth/rate-limit';
import { unlockAccount } from '@/lib/server/auth/recovery';

/** POST /api/auth/unlock_account { token }: a POST (a button), so mail scanners that open links unlock nothing. */
export const POST = publicApiRoute({ body: ZUnlockAccountBody }, async ({ req, db, body }) => {
  takeAttempt([[`recovery:ip:${clientIp(req.headers)}`, LIMITS.recoveryPerIp]]);
  await unlockAccount(db, body.token);
  return { ok: true };
});
