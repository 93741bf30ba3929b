import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'My Securities | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="My Securities" description="One holding: its cash-flow schedule and the performance of the receivables pool behind it." />;
}
