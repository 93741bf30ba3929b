import { PageHeader } from '@/components/ui/page-header';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { pageGate } from '@/lib/backend/page-gate';

export const metadata = { title: 'Change Password | Client receivables dashboard' };

export default async function Page() {
  await pageGate();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Change password"
        description="Confirm your current password, then choose a new one. Your other sessions end."
      />
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ChangePasswordForm />
      </section>
    </div>
  );
}
