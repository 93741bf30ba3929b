import { publicApiRoute } from '@/lib/server/api/handler';
import { RECOVERY_SENT, ZForgotPasswordBody } from '@/lib/contract/accounts';
import { clientIp, LIMITS, takeAttempt } from '@/lib/server/auth/rate-limit';
import { requestPasswordReset } from '@/lib/server/auth/recovery';

/** POST /api/auth/forgot_password { email }: the same answer whether or not the account exists. */
export const POST = publicApiRoute({ body: ZForgotPasswordBody }, async ({ req, db, body }) => {
  takeAttempt([[`recovery:ip:${clientIp(req.headers)}`, LIMITS.recoveryPerIp], [`recovery:email:${body.email}`, LIMITS.recoveryPerAccount]]);
  await requestPasswordReset(db, body.email);
  return { ok: true, message: RECOVERY_SENT };
});
