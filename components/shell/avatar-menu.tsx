'use client';

import Link from 'next/link';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { isAdminRole, ROLE_NAMES } from '@/lib/domain/features';
import { useSignOut } from './use-sign-out';

const ACCOUNT_LINK = { label: 'Account', href: '/borrowers/account' };
const BORROWER_LINKS = [
  { label: 'Manage Personnel', href: '/borrowers/users' },
  { label: 'Customer Contacts', href: '/borrowers/contacts' },
  ACCOUNT_LINK,
];
/** Data imports and the reminder policy: administrators only (the routes require it too). */
const ADMIN_LINKS = [
  { label: 'Integrations', href: '/borrowers/integrations' },
  { label: 'Reminders', href: '/borrowers/reminders' },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** Borrowers get the spec's four entries; portal-only users their account; investors sign-out only. */
export function AvatarMenu({
  name,
  role,
  links,
}: {
  name: string;
  role: string;
  links: 'borrower' | 'portal' | 'none';
}) {
  // The shell passes the role's display name ("Administrator"); either form counts.
  const admin = isAdminRole(role) || role === ROLE_NAMES.admin || role === ROLE_NAMES.root;
  const borrowerLinks = admin ? [...BORROWER_LINKS.slice(0, -1), ...ADMIN_LINKS, ACCOUNT_LINK] : BORROWER_LINKS;
  const items = links === 'borrower' ? borrowerLinks : links === 'portal' ? [ACCOUNT_LINK] : [];
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
          <span className="block text-[11px] capitalize text-slate-500">{role}</span>
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
