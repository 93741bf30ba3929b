import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Receivables | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Receivables" description="Receivables by ageing bucket for each parent customer, with an overview by dimension and drill-down to invoices." />;
}
