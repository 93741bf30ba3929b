/**
 * Catalogues and per-client settings: pages, clients, features, update times, email templates,
 * reports, roles with their default permissions, task categories and dimension values.
 */
import {
  clientFeatures,
  clients,
  dataUpdateTimes,
  dimensionValues,
  emailTemplates,
  pages,
  reports,
  rolePermissions,
  roles,
  taskCategories,
} from '../schema';
import type { Db } from '../client';
import {
  FEATURE_LABELS,
  PAGE_FEATURES,
  PERMISSIONS,
  ROLE_NAMES,
  type PageFeature,
  type Permission,
  type RoleCode,
} from '../../domain/features';
import { insertAll, type Counts } from './batch';
import { addMonths, istInstant } from './dates';
import { CITIES, REGIONS, type City, type Region } from './places';
import { BORROWERS, SAHYADRI, type BorrowerSpec } from './tenants';
import { emblemLogo } from './logo';
import { gstinCheckChar } from '../../domain/gstin';

const withCheck = (first14: string) => first14 + gstinCheckChar(first14);

export const CHANNELS = ['Distributor', 'Modern Trade', 'General Trade', 'Institutional', 'E-commerce'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Default page features and permissions of each role (admin and root see everything anyway). */
export const ROLE_DEFAULTS: Record<RoleCode, readonly (PageFeature | Permission)[]> = {
  admin: [...PAGE_FEATURES, ...PERMISSIONS],
  root: [...PAGE_FEATURES, ...PERMISSIONS],
  guest: ['RECEIVABLES', 'TASKS', 'MY CUSTOMERS'],
  representative: [
    'COMPANY SUMMARY',
    'MY CUSTOMERS',
    'RECEIVABLES',
    'TASKS',
    'BUSINESS PERFORMANCE',
    'CREDIT LIMIT',
    'MANAGE_CONTACTS',
  ],
  member: ['RECEIVABLES', 'TASKS', 'REPORTS'],
  investor: [],
};

const BORROWER_ROLES: readonly RoleCode[] = ['admin', 'root', 'guest', 'representative', 'member'];

export const TASK_CATEGORIES = [
  { id: 1, taskCategory: 'Payment follow-up' },
  { id: 2, taskCategory: 'Dispute resolution' },
  { id: 3, taskCategory: 'Promise to pay' },
  { id: 4, taskCategory: 'Credit limit review' },
  { id: 5, taskCategory: 'KYC update' },
  { id: 9, taskCategory: 'Others' },
] as const;

export const REPORTS = [
  [
    'AGEING_BY_CUSTOMER',
    'Ageing by customer',
    'Outstanding per customer split into current and overdue ageing buckets as of a date.',
  ],
  [
    'OPEN_INVOICES',
    'Open invoices',
    'Every open invoice, debit note and credit note with due date, days past due and balance.',
  ],
  ['DSO_BY_CUSTOMER', 'DSO by customer', 'Monthly and annual days sales outstanding per customer.'],
  ['COLLECTIONS_BY_MONTH', 'Collections by month', 'Amounts received per month, by region and branch.'],
  ['TASKS', 'Collection tasks', 'Open and closed collection tasks with assignee, due date and closing comment.'],
  [
    'CREDIT_LIMIT_UTILISATION',
    'Credit limit utilisation',
    'Exposure against sanctioned credit limit per customer, breaches first.',
  ],
] as const;

export const REMINDER_TEMPLATE = {
  subject: 'Payment reminder: {{amount}} due on {{dueDate}}',
  body: [
    'Dear {{obligorName}},',
    '',
    'We hope this finds you well. This is a gentle reminder that an amount of {{amount}} against your account was due on {{dueDate}} and is still outstanding as per our records.',
    '',
    'We request you to kindly arrange the payment at the earliest by NEFT/RTGS to the account details printed on the invoice. If you have already made the payment, please share the UTR number so that we can update our books, and ignore this reminder.',
    '',
    'For any query on the invoices or the statement of account, please reply to this email or call your area sales manager.',
    '',
    'Thanking you,',
    'Accounts Receivable Team',
    '{{clientName}}',
  ].join('\n'),
};

export interface DimensionIds {
  region: Map<Region, number>;
  branch: Map<string, number>;
  channel: Map<Channel, number>;
}

export interface BorrowerRef {
  spec: BorrowerSpec;
  clientId: number;
  roles: Map<RoleCode, number>;
  dims: DimensionIds;
  cities: City[];
}

export interface ReferenceData {
  borrowers: BorrowerRef[];
  investor: { clientId: number; roles: Map<RoleCode, number> };
}

/** The shared page catalogue: insert once, whoever seeds first. */
async function seedPages(db: Db, counts: Counts): Promise<void> {
  const rows = [
    ...PAGE_FEATURES.map((f, i) => ({
      featureType: f,
      kind: 'PAGE' as const,
      label: FEATURE_LABELS[f],
      sortOrder: i + 1,
    })),
    ...PERMISSIONS.map((f, i) => ({
      featureType: f,
      kind: 'PERMISSION' as const,
      label: FEATURE_LABELS[f],
      sortOrder: 100 + i + 1,
    })),
  ];
  await db.insert(pages).values(rows).onConflictDoNothing();
  counts.pages = rows.length;
}

async function seedRoles(
  db: Db,
  clientId: number,
  codes: readonly RoleCode[],
  counts: Counts,
): Promise<Map<RoleCode, number>> {
  const inserted = await db
    .insert(roles)
    .values(codes.map((code) => ({ clientId, code, name: ROLE_NAMES[code] })))
    .returning({ id: roles.id, code: roles.code });
  counts.roles = (counts.roles ?? 0) + inserted.length;
  const byCode = new Map(inserted.map((r) => [r.code as RoleCode, r.id]));
  // A full matrix (true and false) so the user-management screen shows every box for every role.
  const all = [...PAGE_FEATURES, ...PERMISSIONS];
  const rows = codes
    .filter((c) => c !== 'investor')
    .flatMap((code) =>
      all.map((featureType) => ({
        clientId,
        roleId: byCode.get(code) ?? 0,
        featureType,
        accessValue: ROLE_DEFAULTS[code].includes(featureType),
      })),
    );
  if (rows.length) await insertAll(db, rolePermissions, rows, counts);
  return byCode;
}

async function seedDimensions(db: Db, clientId: number, cities: City[], counts: Counts): Promise<DimensionIds> {
  const regionRows = await db
    .insert(dimensionValues)
    .values(REGIONS.map((name) => ({ clientId, dimLevel: 1, name })))
    .returning({ id: dimensionValues.id, name: dimensionValues.name });
  const region = new Map(regionRows.map((r) => [r.name as Region, r.id]));
  const branchRows = await db
    .insert(dimensionValues)
    .values(cities.map((c) => ({ clientId, dimLevel: 2, name: c.name, parentId: region.get(c.region) ?? null })))
    .returning({ id: dimensionValues.id, name: dimensionValues.name });
  const channelRows = await db
    .insert(dimensionValues)
    .values(CHANNELS.map((name) => ({ clientId, dimLevel: 3, name })))
    .returning({ id: dimensionValues.id, name: dimensionValues.name });
  counts.dimension_values = (counts.dimension_values ?? 0) + regionRows.length + branchRows.length + channelRows.length;
  return {
    region,
    branch: new Map(branchRows.map((r) => [r.name, r.id])),
    channel: new Map(channelRows.map((r) => [r.name as Channel, r.id])),
  };
}

const LETTERHEADS: Record<string, { address: string; gstin: string; logo?: string }> = {
  VARDHMAN: {
    address: 'Plot 14, Shiroli MIDC, Pune-Bangalore Highway\nKolhapur 416122, Maharashtra',
    gstin: withCheck('27AABCV4821K1Z'),
    logo: emblemLogo([79, 70, 229]),
  },
  KAVERI: {
    address: '2nd Floor, Sree Complex, 18 Hosur Road, Koramangala\nBengaluru 560095, Karnataka',
    gstin: withCheck('29AADCK7315H1Z'),
  },
};

export async function seedReferenceData(db: Db, today: number, counts: Counts): Promise<ReferenceData> {
  await seedPages(db, counts);
  const createdAt = istInstant(addMonths(today, -40), 11 * 60);
  const clientRows = await db
    .insert(clients)
    .values([
      ...BORROWERS.map((b) => ({
        code: b.code,
        name: b.name,
        kind: 'BORROWER' as const,
        createdAt,
        // Where VARDHMAN's customers pay (reminders, statements, the portal's UPI QR code); KAVERI has set none.
        ...(b.code === 'VARDHMAN' && {
          upiVpa: 'vardhmantrading@icici',
          bankName: 'ICICI Bank, Kolhapur Main Branch',
          bankAccountName: 'Vardhman Trading Company Pvt Ltd',
          bankAccountNumber: '012305004567',
          bankIfsc: 'ICIC0000123',
        }),
        // The letterhead of statements and reminder PDFs (KAVERI has no logo: the letterhead without one).
        ...LETTERHEADS[b.code],
      })),
      { code: SAHYADRI.code, name: SAHYADRI.name, kind: 'INVESTOR' as const, createdAt },
    ])
    .returning({ id: clients.id, code: clients.code });
  counts.clients = clientRows.length;
  const clientId = (code: string) => clientRows.find((c) => c.code === code)?.id ?? 0;

  // Both timestamps are this morning: the nightly import ran at 06:30 IST, the rollups at 06:42.
  // Seeded earlier in the day (IST midnight to 06:42), both move back to the moment of seeding: an
  // import time ahead of the clock would read as an import whose rollups never ran.
  const seededAt = Date.now();
  const notAhead = (at: Date, beforeMs: number) => new Date(Math.min(at.getTime(), seededAt - beforeMs));
  await insertAll(
    db,
    dataUpdateTimes,
    clientRows.map((c) => ({
      clientId: c.id,
      integrationUpdateTime: notAhead(istInstant(today, 6 * 60 + 30), 12 * 60_000),
      viewUpdateTime: notAhead(istInstant(today, 6 * 60 + 42), 0),
    })),
    counts,
  );

  const features = clientRows.flatMap((c) => {
    if (c.code === SAHYADRI.code) {
      return ['MY SECURITIES', 'NEW OFFERINGS', 'ORIGINATORS'].map((feature) => ({
        clientId: c.id,
        feature,
        enabled: true,
      }));
    }
    // KAVERI has not bought the customer portal: one visible difference between the tenants.
    return [...PAGE_FEATURES, 'SUMMARY DASHBOARD BETA', 'BUSINESS PERFORMANCE BETA'].map((feature) => ({
      clientId: c.id,
      feature,
      enabled: !(c.code !== 'VARDHMAN' && feature === 'CUSTOMER PORTAL'),
    }));
  });
  await insertAll(db, clientFeatures, features, counts);

  const borrowers: BorrowerRef[] = [];
  for (const spec of BORROWERS) {
    const id = clientId(spec.code);
    await insertAll(
      db,
      emailTemplates,
      [
        {
          clientId: id,
          subject: REMINDER_TEMPLATE.subject,
          body: REMINDER_TEMPLATE.body.replace('{{clientName}}', spec.name),
        },
      ],
      counts,
    );
    await insertAll(
      db,
      reports,
      REPORTS.map(([code, name, description]) => ({ clientId: id, code, name, description })),
      counts,
    );
    await insertAll(
      db,
      taskCategories,
      TASK_CATEGORIES.map((c) => ({ clientId: id, ...c })),
      counts,
    );
    const cities = CITIES.filter((c) => spec.cities === 'ALL' || spec.cities.includes(c.name));
    borrowers.push({
      spec,
      clientId: id,
      roles: await seedRoles(db, id, BORROWER_ROLES, counts),
      dims: await seedDimensions(db, id, cities, counts),
      cities,
    });
  }
  const investorId = clientId(SAHYADRI.code);
  return {
    borrowers,
    investor: { clientId: investorId, roles: await seedRoles(db, investorId, ['investor'], counts) },
  };
}
