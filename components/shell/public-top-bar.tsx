import { BrandLogo } from '@/components/brand-logo';

/** The unauthenticated layout's top bar: the logo only. */
export function PublicTopBar() {
  return (
    <header className="flex h-16 items-center border-b border-slate-200 bg-white px-6">
      <BrandLogo />
    </header>
  );
}
