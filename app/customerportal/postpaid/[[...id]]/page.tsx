import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon name="Customer Portal: postpaid accounts" description="Accounts billed on credit, with due dates and ageing." />;
}
