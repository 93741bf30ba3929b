import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Business Performance | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Business Performance" description="Receivables, overdue, collections, DSO and weighted rating for each value of your first dimension." />;
}
