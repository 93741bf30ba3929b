import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon name="Customer Portal" description="One customer's statement of account." />;
}
