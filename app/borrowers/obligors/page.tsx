import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Customer Analysis | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Customer Analysis" description="Each customer and family of customers: balance, ageing, rating and risk shifts, DSO and credit limits." />;
}
