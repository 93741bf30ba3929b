import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'New Offerings | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="New Offerings" description="One offering's terms and subscription." />;
}
