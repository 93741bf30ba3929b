'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { SIDEBAR_MINI_WIDTH_PX, SIDEBAR_WIDTH_PX } from '@/lib/constants';
import type { AccountLink, MenuEntry } from '@/lib/domain/menu';
import { SideMenu } from './side-menu';
import { AvatarMenu } from './avatar-menu';
import { NotificationBell } from './notification-bell';
import { CheckIn } from './check-in';
import { BrandLogo } from '@/components/brand-logo';
import { StartTourButton } from '@/components/tour/start-tour-button';
import type { TourStep } from '@/lib/domain/tour';

export interface ShellUser {
  name: string;
  role: string;
  clientName: string;
  userType: 'borrowers' | 'investors';
}

const COLLAPSE_KEY = 'rd:menu-collapsed';

/**
 * The authenticated layout: side menu (collapsible to the 72 px mini width) and top bar with the
 * client name, the 'Last updated' slot, the bell and the avatar menu. A portal-only user gets no
 * side menu and no bell, and the title 'Customer Portal - {client}'.
 */
export function AppShell({
  user,
  menu,
  accountLinks,
  portalOnly,
  tour = [],
  children,
}: {
  user: ShellUser;
  menu: MenuEntry[];
  accountLinks: AccountLink[];
  portalOnly: boolean;
  tour?: TourStep[];
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => setCollapsed(localStorage.getItem(COLLAPSE_KEY) === '1'), []);
  const toggle = () =>
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSE_KEY, value ? '0' : '1');
      return !value;
    });
  const width = collapsed ? SIDEBAR_MINI_WIDTH_PX : SIDEBAR_WIDTH_PX;
  const title = portalOnly ? `Customer Portal - ${user.clientName}` : user.clientName;

  return (
    <div className="min-h-screen">
      <CheckIn />
      {!portalOnly && (
        <aside className="fixed inset-y-0 left-0 z-30 transition-[width] duration-200" style={{ width }}>
          <SideMenu entries={menu} collapsed={collapsed} onToggle={toggle} />
        </aside>
      )}
      <div className="transition-[padding] duration-200" style={{ paddingLeft: portalOnly ? 0 : width }}>
        <header className="sticky top-0 z-20 flex h-16 items-center gap-4 border-b border-slate-200 bg-white/95 px-6 backdrop-blur">
          {portalOnly && <BrandLogo compact />}
          <h1 className="truncate text-base font-semibold text-slate-900" data-testid="top-bar-title">
            {title}
          </h1>
          <div id="last-updated-slot" className="ml-auto text-xs text-slate-500" />
          {!portalOnly && tour.length > 0 && <StartTourButton steps={tour} />}
          {!portalOnly && user.userType === 'borrowers' && <NotificationBell />}
          <AvatarMenu name={user.name} role={user.role} links={accountLinks} />
        </header>
        <main className="px-6 py-6">{children}</main>
      </div>
    </div>
  );
}
