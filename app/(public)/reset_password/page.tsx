import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata = { title: 'Reset password | Client receivables dashboard' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : '';
  const invite = params.invite === '1';
  if (!token) {
    return (
      <AuthCard
        title="Reset password"
        intro="This page opens from the link in a reset email, and that link is missing here."
      >
        <Link href="/forgot_password" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          Ask for a reset link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={invite ? 'Set your password' : 'Choose a new password'}
      intro={
        invite
          ? 'Welcome. Choose the password you will sign in with.'
          : 'After the change, every session of your account ends, on every device.'
      }
    >
      <ResetPasswordForm token={token} invite={invite} />
    </AuthCard>
  );
}
