import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Customer Portal | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Customer Portal" description="Find a customer and see their statement of account." />;
}
