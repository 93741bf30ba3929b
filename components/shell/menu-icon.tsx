import type { MenuIcon as MenuIconName } from '@/lib/domain/menu';

const PATHS: Record<MenuIconName, string> = {
  dashboard: 'M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z',
  customers:
    'M16 11a4 4 0 1 0-4-4 4 4 0 0 0 4 4M8 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3m0 2c-2.7 0-6 1.3-6 3.5V19h6v-2.5c0-1.2.6-2.3 1.7-3.1A9 9 0 0 0 8 13m8 0c-3 0-7 1.5-7 4v2h14v-2c0-2.5-4-4-7-4',
  receivables: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1m0 4h16M7 15h4',
  reports: 'M6 2h9l5 5v15H6zm8 0v6h6M9 13h8M9 17h8',
  performance: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  tasks: 'M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11',
  // A list with a phone: who to call next.
  worklist:
    'M4 6h9M4 12h7M4 18h5M17 14.5c1.2 1.7 2.6 3 4 3.5l.9-1.6-2-1.3-1 .9c-.6-.4-1.2-1-1.6-1.6l.9-1-1.3-2-1.6.9c.2.8.4 1.5.7 2.2',
  credit: 'M12 3 4 6v6c0 5 3.4 8.6 8 9.9 4.6-1.3 8-4.9 8-9.9V6zm-3 9 2 2 4-4',
  securities: 'M3 21h18M5 21V10m4 11V10m6 11V10m4 11V10M2 10l10-6 10 6z',
  offerings: 'M12 3v18m-6-6 6 6 6-6M5 3h14',
};

const FILLED: Partial<Record<MenuIconName, true>> = { dashboard: true, customers: true };

export function MenuIcon({ name, className = 'h-5 w-5' }: { name: MenuIconName; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={className}
      fill={FILLED[name] ? 'currentColor' : 'none'}
      stroke={FILLED[name] ? 'none' : 'currentColor'}
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
