import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Summary Dashboard | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Summary Dashboard" description="Company summary for the whole customer book: balance, current and overdue receivables, collections last month, overall risk, the ageing chart and the 12-month trend." />;
}
