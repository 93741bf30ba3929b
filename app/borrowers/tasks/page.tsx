import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Tasks | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Tasks" description="Collection tasks on customers and invoices: assigned, due and closed with a comment." />;
}
