/**
 * Demo users (one per role and access case the spec describes) and the staff behind the data:
 * field officers (guest role) and area sales managers (representative role) per region.
 */
import { sql } from 'drizzle-orm';
import { userPagePermissions, users } from '../schema';
import type { Db } from '../client';
import type { RoleCode, UserType } from '../../domain/features';
import { insertAll, type Counts } from './batch';
import { addMonths, istInstant } from './dates';
import { mobile, personName } from './people';
import type { Region } from './places';
import { Rng } from './random';
import { ROLE_DEFAULTS, type BorrowerRef, type ReferenceData } from './reference-data';

export const DEMO_PASSWORD = 'Receivables@2026';

export interface DemoUser {
  email: string;
  name: string;
  role: RoleCode;
  userType: UserType;
  clientCode: string;
  description: string;
}

/** Page features stored for each demo user, in menu order; absent key = no rows at all. */
const DEMO_PAGES: Record<string, readonly string[]> = {
  'admin@vardhman.test': ROLE_DEFAULTS.admin,
  'root@vardhman.test': ROLE_DEFAULTS.root,
  'guest@vardhman.test': ['RECEIVABLES', 'TASKS', 'MY CUSTOMERS'],
  'rep@vardhman.test': ROLE_DEFAULTS.representative,
  'portal@vardhman.test': ['CUSTOMER PORTAL', 'RECEIVABLES'],
  'admin@kaveri.test': ROLE_DEFAULTS.admin,
};

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@vardhman.test',
    name: 'Priya Raghavan',
    role: 'admin',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description: 'Administrator: full menu, full tour, manages personnel',
  },
  {
    email: 'root@vardhman.test',
    name: 'Arvind Menon',
    role: 'root',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description: 'Root: treated as admin',
  },
  {
    email: 'guest@vardhman.test',
    name: 'Suresh Yadav',
    role: 'guest',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description: 'Field officer (North): Receivables, Tasks, My customers',
  },
  {
    email: 'rep@vardhman.test',
    name: 'Neha Kulkarni',
    role: 'representative',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description:
      'Area sales manager (West): summary, customers, receivables, tasks, performance, credit limit, contacts',
  },
  {
    email: 'portal@vardhman.test',
    name: 'Farhan Qureshi',
    role: 'member',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description: 'Finance staff at the service desk: the customer portal of any customer (first permitted feature)',
  },
  {
    email: 'staff@vardhman.test',
    name: 'Kavita Joshi',
    role: 'member',
    userType: 'borrowers',
    clientCode: 'VARDHMAN',
    description: 'Finance staff with no permission data: falls back to Receivables and Tasks',
  },
  {
    email: 'admin@kaveri.test',
    name: 'Ramesh Iyer',
    role: 'admin',
    userType: 'borrowers',
    clientCode: 'KAVERI',
    description: 'Administrator of the second client (tenant isolation)',
  },
  {
    email: 'investor@sahyadri.test',
    name: 'Meera Deshpande',
    role: 'investor',
    userType: 'investors',
    clientCode: 'SAHYADRI',
    description: 'Investor: my securities, new offerings, originators',
  },
];

/** Regions of the demo field officer and area sales manager. */
const DEMO_REGIONS: Record<string, Region> = { 'guest@vardhman.test': 'North', 'rep@vardhman.test': 'West' };

/** Regions covered by the staff of each client, one entry per person. */
const STAFF_PLAN: Record<string, { guest: Region[]; representative: Region[] }> = {
  VARDHMAN: {
    guest: ['West', 'West', 'West', 'South', 'South', 'South', 'North', 'North', 'East', 'East', 'Central', 'Central'],
    representative: ['North', 'South', 'East', 'Central', 'West'],
  },
  KAVERI: { guest: ['South', 'South', 'West', 'East'], representative: ['South', 'West'] },
};

export interface SeedUser {
  id: number;
  name: string;
  email: string;
  role: RoleCode;
  region: Region | null;
  active: boolean;
}

/** The people of one borrower client, by role, for assigning customers, tasks and notes. */
export interface ClientStaff {
  all: SeedUser[];
  admin: SeedUser;
  fieldOfficers: SeedUser[];
  managers: SeedUser[];
  byEmail: Map<string, SeedUser>;
}

export function staffForRegion(people: SeedUser[], region: Region): SeedUser[] {
  const active = people.filter((p) => p.active);
  const local = active.filter((p) => p.region === region);
  return local.length ? local : active;
}

interface PlannedUser {
  email: string;
  name: string;
  role: RoleCode;
  userType: UserType;
  clientId: number;
  region: Region | null;
  active: boolean;
  pages: readonly string[] | null;
  lastSignInAt: Date | null;
  phone: string;
}

export async function seedUsers(db: Db, ref: ReferenceData, today: number, counts: Counts, passwordHash: string) {
  const rng = Rng.from('users');
  const planned: PlannedUser[] = [];
  const taken = new Set(DEMO_USERS.map((u) => u.email));
  const takenNames = new Set(DEMO_USERS.map((u) => u.name));
  const clientIdOf = (code: string) =>
    ref.borrowers.find((b) => b.spec.code === code)?.clientId ?? ref.investor.clientId;

  for (const demo of DEMO_USERS) {
    planned.push({
      email: demo.email,
      name: demo.name,
      role: demo.role,
      userType: demo.userType,
      clientId: clientIdOf(demo.clientCode),
      region: DEMO_REGIONS[demo.email] ?? null,
      active: true,
      pages: DEMO_PAGES[demo.email] ?? null,
      // Demo users signed in yesterday evening (Kavita never has: a fresh account).
      lastSignInAt: demo.email.startsWith('staff@') ? null : istInstant(today - 1, 17 * 60 + rng.int(0, 120)),
      phone: mobile(rng),
    });
  }
  for (const borrower of ref.borrowers) {
    const plan = STAFF_PLAN[borrower.spec.code];
    if (!plan) continue;
    for (const role of ['guest', 'representative'] as const) {
      plan[role].forEach((region, i) => {
        let person = personName(rng, region);
        while (takenNames.has(person.name)) person = personName(rng, region);
        takenNames.add(person.name);
        let email = `${person.first}.${person.last}@${borrower.spec.emailDomain}`.toLowerCase();
        for (let n = 2; taken.has(email); n++)
          email = `${person.first}.${person.last}${n}@${borrower.spec.emailDomain}`.toLowerCase();
        taken.add(email);
        // One former field officer of VARDHMAN is INACTIVE: user management shows both states.
        const active = !(borrower.spec.code === 'VARDHMAN' && role === 'guest' && i === plan.guest.length - 1);
        planned.push({
          email,
          name: person.name,
          role,
          userType: 'borrowers',
          clientId: borrower.clientId,
          region,
          active,
          pages: ROLE_DEFAULTS[role],
          lastSignInAt: active && rng.chance(0.7) ? istInstant(today - rng.int(0, 30), rng.int(9 * 60, 19 * 60)) : null,
          phone: mobile(rng),
        });
      });
    }
  }

  const roleIdOf = (p: PlannedUser) => {
    const roles =
      p.clientId === ref.investor.clientId
        ? ref.investor.roles
        : ref.borrowers.find((b) => b.clientId === p.clientId)?.roles;
    const id = roles?.get(p.role);
    if (id === undefined) throw new Error(`no role ${p.role} for client ${p.clientId}`);
    return id;
  };
  const createdAt = istInstant(addMonths(today, -30), 10 * 60);
  const inserted = await db
    .insert(users)
    .values(
      planned.map((p) => ({
        clientId: p.clientId,
        email: p.email,
        name: p.name,
        userType: p.userType,
        roleId: roleIdOf(p),
        status: p.active ? ('ACTIVE' as const) : ('INACTIVE' as const),
        phone: p.phone,
        passwordHash,
        lastSignInAt: p.lastSignInAt,
        createdAt,
      })),
    )
    .returning({ id: users.id, email: users.email });
  counts.users = inserted.length;
  const idOf = new Map(inserted.map((u) => [u.email, u.id]));

  const permissionRows = planned.flatMap((p) =>
    (p.pages ?? []).map((featureType, position) => ({
      clientId: p.clientId,
      userId: idOf.get(p.email) ?? 0,
      featureType,
      accessValue: true,
      position,
    })),
  );
  await insertAll(db, userPagePermissions, permissionRows, counts);

  const staff = new Map<number, ClientStaff>();
  for (const borrower of ref.borrowers) staff.set(borrower.clientId, staffOf(borrower, planned, idOf));
  return staff;
}

function staffOf(borrower: BorrowerRef, planned: PlannedUser[], idOf: Map<string, number>): ClientStaff {
  const all: SeedUser[] = planned
    .filter((p) => p.clientId === borrower.clientId)
    .map((p) => ({
      id: idOf.get(p.email) ?? 0,
      name: p.name,
      email: p.email,
      role: p.role,
      region: p.region,
      active: p.active,
    }));
  const admin = all.find((u) => u.role === 'admin');
  if (!admin) throw new Error(`no admin for ${borrower.spec.code}`);
  return {
    all,
    admin,
    fieldOfficers: all.filter((u) => u.role === 'guest'),
    managers: all.filter((u) => u.role === 'representative'),
    byEmail: new Map(all.map((u) => [u.email, u])),
  };
}

/** The demo customer users of VARDHMAN: one bound to a family (its parent), one to a single account. */
export const DEMO_CUSTOMER_USERS = [
  { email: 'family@customer.test', name: 'Rohit Agarwal', kind: 'family' },
  { email: 'account@customer.test', name: 'Lakshmi Narayanan', kind: 'account' },
] as const;

/**
 * Binds the demo customer users, after the ledger is written: the family is the first parent (by
 * code) with two or more accounts and an overdue bill; the account the first account (by code) of
 * another family with an overdue bill. Both have the demo password.
 */
export async function seedCustomerUsers(
  db: Db,
  clientId: number,
  roleId: number,
  today: string,
  passwordHash: string,
  counts: Counts,
) {
  // The accounts with an overdue bill are found in one pass over the invoices and joined by hash: a
  // correlated test per candidate (an OR over the account and its parent) took hours at scale 17.
  const picked = await db.execute<{ family: string | null; account: string | null }>(sql`
    with overdue as (
      select distinct i.sys_obligor_code as code from invoices i
      where i.client_id = ${clientId} and i.doc_type = 'INVOICE' and i.settled_date is null and i.due_date < ${today}::date
    ), accounts as (
      select o.sys_obligor_code as code, o.parent_sys_obligor_code as parent, o.account_type
      from obligors o where o.client_id = ${clientId}
    ), overdue_families as (
      select distinct coalesce(a.parent, a.code) as family from accounts a join overdue v on v.code = a.code
    ), families as (
      select a.parent as family from accounts a where a.parent is not null group by a.parent having count(*) >= 2
    ), first as (
      select (select p.code from accounts p
        join overdue_families f on f.family = p.code join families m on m.family = p.code
        where p.parent is null and p.account_type = 'POSTPAID' order by p.code limit 1) as family
    )
    select first.family,
      (select a.code from accounts a join overdue v on v.code = a.code
        where a.parent is not null and a.account_type = 'POSTPAID' and a.parent <> first.family
        order by a.code limit 1) as account
    from first`);
  const codes = picked.rows[0];
  const rows = DEMO_CUSTOMER_USERS.flatMap((u) => {
    const code = codes?.[u.kind] as string | null | undefined;
    return code
      ? [
          {
            clientId,
            email: u.email,
            name: u.name,
            userType: 'borrowers' as const,
            roleId,
            passwordHash,
            customerCode: code,
          },
        ]
      : [];
  });
  if (rows.length) await db.insert(users).values(rows);
  counts.users = (counts.users ?? 0) + rows.length;
}
