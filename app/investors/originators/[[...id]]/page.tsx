import { ComingSoon } from '@/components/coming-soon';

export const metadata = { title: 'Originators | Client receivables dashboard' };

export default function Page() {
  return <ComingSoon name="Originators" description="The companies whose receivables back the securities: profile, rating and collections history." />;
}
