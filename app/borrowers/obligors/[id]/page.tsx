import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Customer Analysis | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Customer Analysis" description="One customer family: info, credit limit, overview, invoices, the obligors under the parent and DSO." />;
}
