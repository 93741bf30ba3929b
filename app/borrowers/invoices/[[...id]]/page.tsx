import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Invoices | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Invoices" description="Open invoices with search by invoice number, filters and paging; one invoice with its payments and ageing." />;
}
