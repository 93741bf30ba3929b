import 'server-only';
import { appUrl, sendMail } from '@/lib/server/mail/send-mail';
import { reportError } from '@/lib/server/observability/report-error';

type Kind = 'reset' | 'unlock' | 'invite';

const TEXT: Record<Kind, { subject: string; intro: string; action: string; path: string; validity: string }> = {
  reset: {
    subject: 'Reset your password',
    path: '/reset_password',
    action: 'Choose a new password',
    validity: '30 minutes',
    intro: 'Someone (hopefully you) asked to reset the password of your Receivables Desk account.',
  },
  unlock: {
    subject: 'Your account was locked',
    path: '/unlock_account',
    action: 'Unlock your account',
    validity: '60 minutes',
    intro:
      'Your account was locked for 15 minutes after 5 failed sign-in attempts. If it was you, unlock it now; if not, consider resetting your password.',
  },
  invite: {
    subject: 'You are invited to Receivables Desk',
    path: '/reset_password',
    action: 'Set your password',
    validity: '3 days',
    intro: 'An administrator of your company created a Receivables Desk account for you.',
  },
};

const pending = new Set<Promise<void>>();

/**
 * Sends an account mail in the background, so that the answer to "forgot password" takes the same
 * time whether or not the account exists. A failure is reported; the user can ask again.
 */
export function sendAccountMail(kind: Kind, to: { email: string; name: string }, token: string): void {
  const text = TEXT[kind];
  const link = appUrl(`${text.path}?token=${encodeURIComponent(token)}${kind === 'invite' ? '&invite=1' : ''}`);
  const job = sendMail({
    to: to.email,
    subject: text.subject,
    text: `Dear ${to.name},\n\n${text.intro}\n\n${text.action}: ${link}\n\nThe link works once, within ${text.validity}. If you did not expect this mail, ignore it.\n\n— Receivables Desk`,
    html:
      `<p>Dear ${escapeHtml(to.name)},</p><p>${escapeHtml(text.intro)}</p><p><a href="${link}">${text.action}</a></p>` +
      `<p>The link works once, within ${text.validity}. If you did not expect this mail, ignore it.</p><p>— Receivables Desk</p>`,
  }).catch((error: unknown) => reportError(error, { where: 'sendAccountMail', kind }));
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** For tests and scripts: wait until every queued account mail is written. */
export async function flushAccountMail(): Promise<void> {
  await Promise.all([...pending]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
