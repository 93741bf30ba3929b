import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Business Performance | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Business Performance" description="One dimension value's trend, ageing, top customers and breakdown." />;
}
