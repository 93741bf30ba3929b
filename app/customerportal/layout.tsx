import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { pageGate } from '@/lib/backend/page-gate';
import { AuthenticatedLayout } from '@/components/shell/authenticated-layout';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const client = await (await pageGate()).clientSettings();
  return { title: `Customer Portal - ${client.name}` };
}

export default function Layout({ children }: { children: ReactNode }) {
  return <AuthenticatedLayout>{children}</AuthenticatedLayout>;
}
