import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon name="Customer Portal" description="Find a customer by name or code and see their statement of account." />;
}
