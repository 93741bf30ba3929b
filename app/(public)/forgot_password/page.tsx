import { AuthCard } from '@/components/auth/auth-card';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata = { title: 'Forgot password | Client receivables dashboard' };

export default function Page() {
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email you sign in with. If it has an account, we send a link to choose a new password; the link works once, within 30 minutes."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
