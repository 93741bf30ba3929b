import type { ReactNode } from 'react';
import { PublicTopBar } from '@/components/shell/public-top-bar';

/** The unauthenticated layout: a top bar with the logo only. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-white to-slate-100">
      <PublicTopBar />
      <main className="flex justify-center px-4 py-16">{children}</main>
    </div>
  );
}
