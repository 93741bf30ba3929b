import { z } from 'zod';

const ZEmail = z.string().trim().toLowerCase().email('enter a valid email address').max(254);
// Length only here; the common-password check needs the server's list (lib/server/auth/password-policy.ts).
const ZNewPassword = z.string().min(8, 'use at least 8 characters').max(128, 'use at most 128 characters');
const ZToken = z.string().trim().min(20, 'this link is incomplete').max(100);

const matching = <T extends { password: string; confirm: string }>(s: z.ZodType<T>) =>
  s.refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'the two passwords differ' });

export const ZForgotPasswordBody = z.object({ email: ZEmail });
export const ZResetPasswordBody = matching(z.object({ token: ZToken, password: ZNewPassword, confirm: z.string() }));
export const ZUnlockAccountBody = z.object({ token: ZToken });
export const ZChangePasswordBody = matching(z.object({
  currentPassword: z.string().min(1, 'enter your current password').max(256),
  password: ZNewPassword,
  confirm: z.string(),
}));

export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** The one answer to "forgot password", whether or not the email has an account. */
export const RECOVERY_SENT = 'If an account uses this email, a reset link is on its way. It works once, within 30 minutes.';
