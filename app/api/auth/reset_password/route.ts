import { publicApiRoute } from '@/lib/server/api/handler';
import { ZResetPasswordBody } from '@/lib/contract/accounts';
import { clientIp, LIMITS, takeAttempt } from '@/lib/server/auth/rate-limit';
import { resetPassword } from '@/lib/server/auth/recovery';

/** POST /api/auth/reset_password { token, password, confirm }: sets the password; all sessions end. */
export const POST = publicApiRoute({ body: ZResetPasswordBody }, async ({ req, db, body }) => {
  takeAttempt([[`recovery:ip:${clientIp(req.headers)}`, LIMITS.recoveryPerIp]]);
  await resetPassword(db, body);
  return { ok: true };
});
