import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Credit Limit | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Credit Limit" description="Customers with their credit limit, exposure, available credit and utilisation, with breaches highlighted." />;
}
