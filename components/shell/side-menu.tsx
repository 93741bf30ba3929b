'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { menuSections, type MenuEntry } from '@/lib/domain/menu';
import { BrandLogo } from '@/components/brand-logo';
import { MenuIcon } from './menu-icon';

export function SideMenu({
  entries,
  collapsed,
  onToggle,
}: {
  entries: MenuEntry[];
  collapsed: boolean;
  onToggle: () => void;
}) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main menu" className="flex h-full flex-col bg-ink-900 text-slate-300">
      <div className={`flex h-16 items-center border-b border-white/10 ${collapsed ? 'justify-center' : 'px-5'}`}>
        <BrandLogo compact={collapsed} tone="light" />
      </div>
      <ul className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
        {menuSections(entries).map((section) => (
          <li key={section.group} data-tour={section.group}>
            {!collapsed && (
              <p className="px-3 pb-1 pt-3 text-[10px] font-semibold uppercase tracking-[0.14em] text-slate-500">
                {section.group}
              </p>
            )}
            <ul className="space-y-1">
              {section.entries.map((entry) => {
                const active = pathname === entry.href || pathname.startsWith(`${entry.href}/`);
                return (
                  <li key={entry.href}>
                    <Link
                      href={entry.href}
                      title={collapsed ? entry.label : undefined}
                      aria-current={active ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
                        collapsed ? 'justify-center' : ''
                      } ${active ? 'bg-brand-600 text-white' : 'hover:bg-white/5 hover:text-white'}`}
                    >
                      <MenuIcon name={entry.icon} />
                      {!collapsed && <span>{entry.label}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onToggle}
        className="flex h-12 items-center justify-center gap-2 border-t border-white/10 text-xs text-slate-400 hover:text-white"
        aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
      >
        <span aria-hidden>{collapsed ? '»' : '«'}</span>
        {!collapsed && 'Collapse'}
      </button>
    </nav>
  );
}
