import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Summary Dashboard (beta) | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Summary Dashboard (beta)" description="The summary with split-by graphs for trends, ageing and segmentation, and period-over-period comparison." />;
}
