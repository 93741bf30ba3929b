import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getDb } from '@/lib/db/client';
import { AuthenticatedLayout } from '@/components/shell/authenticated-layout';
import { requirePageSession } from '@/lib/server/auth/page-session';
import { getClient } from '@/lib/server/clients/get-client';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const session = await requirePageSession();
  const client = await getClient(await getDb(), session.clientId);
  return { title: `Customer Portal - ${client.name}` };
}

export default function Layout({ children }: { children: ReactNode }) {
  return <AuthenticatedLayout>{children}</AuthenticatedLayout>;
}
