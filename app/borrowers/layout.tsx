import type { ReactNode } from 'react';
import { AuthenticatedLayout } from '@/components/shell/authenticated-layout';

export const dynamic = 'force-dynamic';

export default function Layout({ children }: { children: ReactNode }) {
  return <AuthenticatedLayout>{children}</AuthenticatedLayout>;
}
