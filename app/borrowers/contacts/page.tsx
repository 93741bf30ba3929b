import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Customer Contacts | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Customer Contacts" description="The contact people of each customer: name, role, email and phone." />;
}
