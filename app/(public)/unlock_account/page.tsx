import { AuthCard } from '@/components/auth/auth-card';
import { UnlockAccountForm } from '@/components/auth/unlock-account-form';

export const metadata = { title: 'Unlock account | Client receivables dashboard' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <AuthCard
      title="Unlock account"
      intro={
        typeof token === 'string' && token
          ? 'Your account was locked after 5 failed sign-in attempts. If those attempts were yours, unlock it now.'
          : 'A locked account unlocks by itself 15 minutes after the last failed attempt, or at once from the link in the email we sent.'
      }
    >
      {typeof token === 'string' && token ? <UnlockAccountForm token={token} /> : null}
    </AuthCard>
  );
}
