import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon name="Customer Portal: prepaid accounts" description="Accounts with an advance balance drawn down by invoices." />;
}
