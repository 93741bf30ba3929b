import Link from 'next/link';

export function BrandLogo({ compact = false, tone = 'dark' }: { compact?: boolean; tone?: 'dark' | 'light' }) {
  return (
    <Link href="/" className="flex items-center gap-2.5" aria-label="Client receivables dashboard, home">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/logo.svg" alt="" width={30} height={30} />
      {!compact && (
        <span
          className={`text-[15px] font-semibold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
        >
          Receivables<span className={tone === 'light' ? 'text-brand-100' : 'text-brand-600'}>Desk</span>
        </span>
      )}
    </Link>
  );
}
