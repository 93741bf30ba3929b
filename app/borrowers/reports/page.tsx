import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Reports | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Reports" description="Excel reports: ageing by customer, open invoices, DSO, collections, tasks and credit-limit utilisation." />;
}
