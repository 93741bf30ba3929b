import { z } from 'zod';
import { ZOk } from './auth';
import { call, json } from './call';

const ZEmail = z.string().trim().toLowerCase().email('enter a valid email address').max(254);
// Length only here; the common-password check needs the server's list (lib/server/auth/password-policy.ts).
const ZNewPassword = z.string().min(8, 'use at least 8 characters').max(128, 'use at most 128 characters');
const ZToken = z.string().trim().min(20, 'this link is incomplete').max(100);

const matching = <T extends { password: string; confirm: string }>(s: z.ZodType<T>) =>
  s.refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'the two passwords differ' });

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export const ZResetPasswordBody = matching(z.object({ token: ZToken, password: ZNewPassword, confirm: z.string() }));
export const ZUnlockAccountBody = z.object({ token: ZToken });
export const ZChangePasswordBody = matching(
  z.object({
    currentPassword: z.string().min(1, 'enter your current password').max(256),
    password: ZNewPassword,
    confirm: z.string(),
  }),
);

export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** The one answer to "forgot password", whether or not the email has an account. */
export const RECOVERY_SENT =
  'If an account uses this email, a reset link is on its way. It works once, within 30 minutes.';

// ---- Calls ----

export const accountCalls = {
  changePassword: call({
    method: 'POST',
    path: '/auth/change_password',
    access: 'signedIn',
    body: ZChangePasswordBody,
    summary: "Changes the user's password after checking the current one; other sessions end, this one goes on",
    answer: json(ZOk),
  }),
  signOutEverywhere: call({
    method: 'POST',
    path: '/auth/sign_out_everywhere',
    access: 'signedIn',
    summary: 'Ends every session of the user, on every device, this one included',
    answer: json(ZOk),
  }),
  forgotPassword: call({
    method: 'POST',
    path: '/auth/forgot_password',
    access: 'public',
    body: ZForgotPasswordBody,
    summary: 'Mails a reset link to an active account; the same answer whether or not the account exists',
    answer: json(z.strictObject({ ok: z.literal(true), message: z.string() })),
  }),
  resetPassword: call({
    method: 'POST',
    path: '/auth/reset_password',
    access: 'public',
    body: ZResetPasswordBody,
    summary: 'Sets a new password from a reset or invitation link; every session of the user ends',
    answer: json(ZOk),
  }),
  unlockAccount: call({
    method: 'POST',
    path: '/auth/unlock_account',
    access: 'public',
    body: ZUnlockAccountBody,
    summary: 'Unlocks an account from the emailed link (a POST, so mail scanners that open links unlock nothing)',
    answer: json(ZOk),
  }),
};
