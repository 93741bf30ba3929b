import 'server-only';
import { accountCalls, RECOVERY_SENT } from '@/lib/contract/accounts';
import { changePassword, signOutEverywhere } from '@/lib/server/auth/account-changes';
import { LIMITS, takeAttempt } from '@/lib/server/auth/rate-limit';
import { requestPasswordReset, resetPassword, unlockAccount } from '@/lib/server/auth/recovery';
import { clientAddress } from '@/lib/server/http/client-address';
import { implement } from './serve';

/** Recovery links are guessed per address; asking for them also per account. */
const recoveryPerIp = (headers: Headers) => [`recovery:ip:${clientAddress(headers)}`, LIMITS.recoveryPerIp] as const;

export const accounts = implement('accounts', accountCalls, {
  // Other sessions end; this one is sealed again with the new session version and goes on.
  changePassword: async ({ db, session, body, cookie }) => {
    cookie.set = await changePassword(db, session, body);
    return { ok: true } as const;
  },
  signOutEverywhere: async ({ db, session, cookie }) => {
    await signOutEverywhere(db, session);
    cookie.clear = true;
    return { ok: true } as const;
  },
  // The same answer whether or not the account exists.
  forgotPassword: async ({ db, body, headers }) => {
    takeAttempt([[...recoveryPerIp(headers)], [`recovery:email:${body.email}`, LIMITS.recoveryPerAccount]]);
    await requestPasswordReset(db, body.email);
    return { ok: true, message: RECOVERY_SENT } as const;
  },
  resetPassword: async ({ db, body, headers }) => {
    takeAttempt([[...recoveryPerIp(headers)]]);
    await resetPassword(db, body);
    return { ok: true } as const;
  },
  unlockAccount: async ({ db, body, headers }) => {
    takeAttempt([[...recoveryPerIp(headers)]]);
    await unlockAccount(db, body.token);
    return { ok: true } as const;
  },
});
