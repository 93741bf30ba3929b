import { describe, expect, it } from 'vitest';
import {
  effectiveAccess,
  isPortalOnly,
  satisfies,
  type AccessProfile,
  type StoredPermission,
} from '@/lib/domain/access';
import { decideRoute, landingPath, mayOpen, requirementFor, UNAUTHORIZED_PATH } from '@/lib/domain/route-permissions';
import { accountLinks, buildMenu, menuSections } from '@/lib/domain/menu';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CUSTOMERS_PATH, obligorHref } from '@/components/obligors/customer-params';
import { MaybeLink } from '@/components/ui/maybe-link';

const page = (featureType: string, accessValue = true): StoredPermission => ({
  featureType,
  accessValue,
  kind: 'PAGE',
});
const permission = (featureType: string, accessValue = true): StoredPermission => ({
  featureType,
  accessValue,
  kind: 'PERMISSION',
});

const admin = effectiveAccess('borrowers', 'admin', []);
const root = effectiveAccess('borrowers', 'root', []);
const fallback = effectiveAccess('borrowers', 'member', []);
const guest = effectiveAccess('borrowers', 'guest', [page('RECEIVABLES'), page('TASKS'), page('MY CUSTOMERS')]);
const portal = effectiveAccess('borrowers', 'member', [page('CUSTOMER PORTAL'), page('RECEIVABLES')]);
const investor = effectiveAccess('investors', 'investor', []);

describe('effective access', () => {
  it('gives admin and root every page and permission regardless of stored data', () => {
    expect(admin.pages).toContain('COMPANY SUMMARY');
    expect(admin.pages).toContain('CREDIT LIMIT');
    expect(admin.permissions).toContain('MANAGE_USERS');
    expect(root).toEqual({ ...admin, role: 'root' });
  });

  it('falls back to Receivables and Tasks for a non-admin borrower with no permission data', () => {
    expect(fallback.pages).toEqual(['RECEIVABLES', 'TASKS']);
    expect(fallback.permissions).toEqual([]);
  });

  it('keeps only granted entries, in the stored order, split into pages and permissions', () => {
    const profile = effectiveAccess('borrowers', 'representative', [
      page('TASKS'),
      page('REPORTS', false),
      page('RECEIVABLES'),
      permission('MANAGE_CONTACTS'),
      permission('MANAGE_USERS', false),
    ]);
    expect(profile.pages).toEqual(['TASKS', 'RECEIVABLES']);
    expect(profile.permissions).toEqual(['MANAGE_CONTACTS']);
  });

  it('does not fall back when permission data exists but grants nothing', () => {
    expect(effectiveAccess('borrowers', 'member', [page('TASKS', false)]).pages).toEqual([]);
  });

  it('marks a user whose first feature is CUSTOMER PORTAL as portal-only, and never an admin', () => {
    expect(isPortalOnly(portal)).toBe(true);
    expect(isPortalOnly(guest)).toBe(false);
    expect(isPortalOnly(admin)).toBe(false);
  });
});

describe('route requirements', () => {
  it('uses the longest declared prefix', () => {
    expect(requirementFor('/borrowers/obligors/child/C001')).toEqual({ type: 'Page', feature: 'MY CUSTOMERS' });
    expect(requirementFor('/borrowers/account')).toBeNull();
    expect(requirementFor('/borrowers/tasksx')).toBeNull();
  });

  it('lets a Permission route pass on a page entry or on any granted permission listed', () => {
    const contacts = requirementFor('/borrowers/contacts');
    expect(satisfies(guest, contacts)).toBe(true); // has MY CUSTOMERS page
    const rep: AccessProfile = {
      userType: 'borrowers',
      role: 'representative',
      pages: ['TASKS'],
      permissions: ['MANAGE_CONTACTS'],
    };
    expect(satisfies(rep, contacts)).toBe(true);
    expect(satisfies(fallback, contacts)).toBe(false);
  });
});

describe('route decisions (the proxy)', () => {
  it('sends a stranger to sign-in, except on the unauthenticated screens', () => {
    expect(decideRoute('/borrowers/receivables', null)).toEqual({ action: 'sign-in' });
    expect(decideRoute('/forgot_password', null)).toEqual({ action: 'allow' });
    expect(decideRoute('/', null)).toEqual({ action: 'allow' });
  });

  it('sends a signed-in user from the sign-in page to their landing page', () => {
    expect(decideRoute('/', admin)).toEqual({ action: 'redirect', to: '/borrowers/dashboard' });
    expect(decideRoute('/', investor)).toEqual({ action: 'redirect', to: '/investors/my_securities' });
  });

  it('redirects a user whose type differs from the first path segment to their own landing page', () => {
    expect(decideRoute('/investors/new_offerings', admin)).toEqual({ action: 'redirect', to: '/borrowers/dashboard' });
    expect(decideRoute('/borrowers/tasks', investor)).toEqual({ action: 'redirect', to: '/investors/my_securities' });
  });

  it('redirects a missing permission to the unauthorized page', () => {
    expect(decideRoute('/borrowers/reports', guest)).toEqual({ action: 'redirect', to: UNAUTHORIZED_PATH });
    expect(decideRoute('/borrowers/users', guest)).toEqual({ action: 'redirect', to: UNAUTHORIZED_PATH });
    expect(decideRoute('/borrowers/reports', admin)).toEqual({ action: 'allow' });
    expect(decideRoute(UNAUTHORIZED_PATH, guest)).toEqual({ action: 'allow' });
  });

  it('sends a borrower who may not see the dashboard to their first permitted page instead', () => {
    expect(landingPath(fallback)).toBe('/borrowers/receivables');
    expect(decideRoute('/borrowers/dashboard', fallback)).toEqual({ action: 'redirect', to: '/borrowers/receivables' });
    expect(landingPath(portal)).toBe('/customerportal');
    expect(decideRoute('/customerportal/postpaid', investor)).toEqual({
      action: 'redirect',
      to: '/investors/my_securities',
    });
  });
});

describe('side menu', () => {
  it('shows the full menu in the spec order for admin, with the dim1 name (Cash application: APPLY_CASH)', () => {
    expect(buildMenu(admin, 'Region').map((e) => e.label)).toEqual([
      'Summary Dashboard',
      'Customer Analysis',
      'Receivables',
      'Cash application',
      'Reports',
      'Region Performance',
      'Worklist',
      'Tasks',
      'Credit Limit',
    ]);
  });

  it('shows Receivables and Tasks to the fallback user and My Securities, New Offerings to investors', () => {
    expect(buildMenu(fallback, 'Region').map((e) => e.href)).toEqual([
      '/borrowers/receivables',
      '/borrowers/worklist',
      '/borrowers/tasks',
    ]);
    expect(buildMenu(investor, 'Region').map((e) => e.label)).toEqual(['My Securities', 'New Offerings']);
  });

  it('shows each group heading once, Worklist and Tasks under one TASKS', () => {
    const sections = menuSections(buildMenu(admin, 'Region'));
    expect(sections.map((s) => s.group)).toEqual([
      'COMPANY SUMMARY',
      'MY CUSTOMERS',
      'RECEIVABLES',
      'REPORTS',
      'BUSINESS PERFORMANCE',
      'TASKS',
      'CREDIT LIMIT',
    ]);
    expect(sections.find((s) => s.group === 'TASKS')?.entries.map((e) => e.label)).toEqual(['Worklist', 'Tasks']);
  });
});

describe('links offered (never ending on the 403 page)', () => {
  const rep = effectiveAccess('borrowers', 'representative', [
    page('MY CUSTOMERS'),
    page('RECEIVABLES'),
    permission('MANAGE_CONTACTS'),
  ]);

  it('offers the avatar menu entries the route rule lets the user open', () => {
    expect(accountLinks(admin).map((l) => l.label)).toEqual([
      'Manage Personnel',
      'Customer Contacts',
      'Integrations',
      'Reminders',
      'Provision (ECL)',
      'Write-offs',
      'Account',
    ]);
    // Before: guest, rep and the fallback user were offered Manage Personnel, the fallback user Customer Contacts.
    expect(accountLinks(guest).map((l) => l.label)).toEqual(['Customer Contacts', 'Account']);
    expect(accountLinks(rep).map((l) => l.label)).toEqual(['Customer Contacts', 'Account']);
    expect(accountLinks(fallback).map((l) => l.label)).toEqual(['Account']);
    expect(accountLinks(portal).map((l) => l.label)).toEqual(['Account']);
    expect(accountLinks(investor)).toEqual([]);
  });

  it('lets a customer or contact name link only where the page opens', () => {
    expect(mayOpen(fallback, '/borrowers/obligors')).toBe(false);
    expect(mayOpen(guest, '/borrowers/obligors')).toBe(true);
    expect(mayOpen(portal, '/borrowers/contacts')).toBe(false);
    expect(mayOpen(rep, '/borrowers/contacts')).toBe(true);
    expect(mayOpen(investor, '/borrowers/obligors')).toBe(false);
  });

  it('a credit controller given Credit Limit and region performance but not My Customers sees names, not links', () => {
    // The credit-limit tables, the credit holds and a region's top customers ask exactly this.
    const controller = effectiveAccess('borrowers', 'member', [page('CREDIT LIMIT'), page('BUSINESS PERFORMANCE')]);
    expect(mayOpen(controller, '/borrowers/credit_limit')).toBe(true);
    expect(mayOpen(controller, '/borrowers/credit_limit/holds')).toBe(true);
    expect(mayOpen(controller, '/borrowers/dimension1/3')).toBe(true);
    expect(mayOpen(controller, CUSTOMERS_PATH)).toBe(false);
    expect(mayOpen(controller, obligorHref('C-001', true))).toBe(false);
    expect(mayOpen(controller, obligorHref('C-001-02', false))).toBe(false);
    expect(renderToStaticMarkup(nameOf(controller))).toBe('<span class="font-medium text-slate-900">Rao Group</span>');
    expect(renderToStaticMarkup(nameOf(guest))).toBe(
      '<a class="font-medium text-slate-900 hover:underline" href="/borrowers/obligors/C-001">Rao Group</a>',
    );
  });
});

/** A customer's name as the credit-limit table renders it for the user. */
const nameOf = (profile: AccessProfile) =>
  createElement(
    MaybeLink,
    {
      allowed: mayOpen(profile, CUSTOMERS_PATH),
      href: obligorHref('C-001', true),
      className: 'font-medium text-slate-900 hover:underline',
    },
    'Rao Group',
  );

describe('a customer user', () => {
  const customer = {
    userType: 'borrowers' as const,
    role: 'member',
    pages: ['CUSTOMER PORTAL'],
    permissions: [],
    customer: 'P0001',
  };

  it('lands on their statement and opens only the portal and their account page', () => {
    expect(landingPath(customer)).toBe('/customerportal/P0001');
    expect(decideRoute('/customerportal/P0001', customer)).toEqual({ action: 'allow' });
    expect(decideRoute('/borrowers/account', customer)).toEqual({ action: 'allow' });
    for (const page of [
      '/borrowers/receivables',
      '/borrowers/worklist',
      '/borrowers/notifications',
      '/borrowers/dashboard',
    ])
      expect(decideRoute(page, customer), page).toEqual({ action: 'redirect', to: '/customerportal/P0001' });
  });
});
