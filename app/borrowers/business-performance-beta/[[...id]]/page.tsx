import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Business Performance (beta) | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Business Performance (beta)" description="A dim1 by dim2 matrix of receivables with period-over-period change." />;
}
