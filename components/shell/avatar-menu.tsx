'use client';

import Link from 'next/link';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { AccountLink } from '@/lib/domain/menu';
import { useSignOut } from './use-sign-out';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The links the server found this user may open (`accountLinks`), then sign-out. */
export function AvatarMenu({ name, role, links }: { name: string; role: string; links: AccountLink[] }) {
  const items = links;
  const signOut = useSignOut();
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-slate-100"
        aria-label="Account menu"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
          {initials(name)}
        </span>
        <span className="hidden text-left leading-tight md:block">
          <span className="block text-sm font-medium text-slate-800">{name}</span>
          <span className="block max-w-56 truncate text-[11px] text-slate-500" title={role}>
            {role}
          </span>
        </span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none"
      >
        {items.map((link) => (
          <MenuItem key={link.href}>
            <Link href={link.href} className="block px-4 py-2 text-slate-700 data-[focus]:bg-slate-100">
              {link.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button
            type="button"
            onClick={() => void signOut()}
            className="block w-full px-4 py-2 text-left text-rose-700 data-[focus]:bg-rose-50"
          >
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
