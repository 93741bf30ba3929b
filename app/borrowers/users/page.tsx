import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Manage Personnel | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Manage Personnel" description="Users of your company, their roles and the pages each may see." />;
}
