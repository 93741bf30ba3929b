import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'My Securities | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="My Securities" description="Your holdings: invested amount, current value, yield, next payment and maturity." />;
}
