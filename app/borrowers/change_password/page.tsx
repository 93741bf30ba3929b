import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Change Password | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Change Password" description="Change your password after confirming the current one." />;
}
