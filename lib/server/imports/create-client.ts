import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  clientFeatures,
  clients,
  dataUpdateTimes,
  emailTemplates,
  pages,
  reports,
  rolePermissions,
  roles,
  taskCategories,
  userPagePermissions,
  users,
} from '@/lib/db/schema';
import { REMINDER_TEMPLATE, REPORTS, ROLE_DEFAULTS, TASK_CATEGORIES } from '@/lib/db/seed/reference-data';
import { FEATURE_LABELS, PAGE_FEATURES, PERMISSIONS, ROLE_NAMES, type RoleCode } from '@/lib/domain/features';
import { hashPassword } from '@/lib/server/auth/password';
import { passwordProblem } from '@/lib/server/auth/password-policy';

/**
 * Onboarding a borrower client: the client with its settings, the default roles and their page
 * permissions, the catalogues every screen expects (task categories, reports, reminder template)
 * and its first administrator. One transaction: an error changes nothing.
 */
export interface NewClient {
  code: string;
  name: string;
  currency: string;
  locale: string;
  buckets: [number, number, number];
  dims: [string, string, string];
  adminEmail: string;
  adminName: string;
  adminPassword: string;
}

export class ClientSetupError extends Error {}

const BORROWER_ROLES: readonly RoleCode[] = ['admin', 'root', 'guest', 'representative', 'member'];

/** Parses "30,60,90": three whole numbers of days, strictly ascending. */
export function parseBuckets(text: string): [number, number, number] {
  const parts = text.split(',').map((p) => p.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 3 || numbers.some((n, i) => !/^\d+$/.test(parts[i]!) || n < 1 || n > 3650)) {
    throw new ClientSetupError(`--buckets must be three day counts such as 30,60,90 (got "${text}")`);
  }
  const [b1, b2, b3] = numbers as [number, number, number];
  if (!(b1 < b2 && b2 < b3))
    throw new ClientSetupError(`--buckets must ascend: ${b1} < ${b2} < ${b3} is false (try 30,60,90)`);
  return [b1, b2, b3];
}

export function parseDims(text: string): [string, string, string] {
  const names = text.split(',').map((p) => p.trim());
  if (names.length !== 3 || names.some((n) => n === '' || n.length > 40)) {
    throw new ClientSetupError(`--dims must name three dimensions such as Region,Branch,Channel (got "${text}")`);
  }
  return names as [string, string, string];
}

function check(input: NewClient): void {
  if (!/^[A-Z0-9][A-Z0-9_-]{1,19}$/.test(input.code)) {
    throw new ClientSetupError(`--code must be 2-20 capital letters, digits, - or _ (got "${input.code}")`);
  }
  if (!input.name.trim()) throw new ClientSetupError('--name is required');
  if (!/^[A-Z]{3}$/.test(input.currency))
    throw new ClientSetupError(`--currency must be an ISO code such as INR (got "${input.currency}")`);
  try {
    new Intl.NumberFormat(input.locale);
  } catch {
    throw new ClientSetupError(`--locale must be a locale such as en-IN (got "${input.locale}")`);
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.adminEmail))
    throw new ClientSetupError(`--admin-email is not an email address: "${input.adminEmail}"`);
  const problem = passwordProblem(input.adminPassword, input.adminEmail);
  if (problem) throw new ClientSetupError(`--admin-password not accepted: ${problem}`);
}

export async function createClient(db: Db, input: NewClient): Promise<{ clientId: number; adminUserId: number }> {
  check(input);
  const adminEmail = input.adminEmail.toLowerCase();
  const passwordHash = await hashPassword(input.adminPassword);
  return db.transaction(async (tx) => {
    if ((await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, input.code))).length) {
      throw new ClientSetupError(`a client with code ${input.code} already exists; nothing was changed`);
    }
    if (
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${adminEmail}`)
      ).length
    ) {
      throw new ClientSetupError(
        `a user with email ${adminEmail} already exists (emails are unique across clients); nothing was changed`,
      );
    }
    const [b1, b2, b3] = input.buckets;
    const [d1, d2, d3] = input.dims;
    const [client] = await tx
      .insert(clients)
      .values({
        code: input.code,
        name: input.name.trim(),
        kind: 'BORROWER',
        currency: input.currency,
        locale: input.locale,
        bucket1: b1,
        bucket2: b2,
        bucket3: b3,
        dim1Name: d1,
        dim2Name: d2,
        dim3Name: d3,
      })
      .returning({ id: clients.id });
    const clientId = client!.id;
    // The shared page catalogue exists after the seed; a database that never saw it gets it here.
    await tx
      .insert(pages)
      .values([
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
      ])
      .onConflictDoNothing();
    await tx.insert(clientFeatures).values(PAGE_FEATURES.map((feature) => ({ clientId, feature, enabled: true })));
    // No import yet: both update times stay empty until the first batch.
    await tx.insert(dataUpdateTimes).values({ clientId });
    await tx.insert(emailTemplates).values({
      clientId,
      subject: REMINDER_TEMPLATE.subject,
      body: REMINDER_TEMPLATE.body.replace('{{clientName}}', input.name.trim()),
    });
    await tx
      .insert(reports)
      .values(REPORTS.map(([code, name, description]) => ({ clientId, code, name, description })));
    await tx.insert(taskCategories).values(TASK_CATEGORIES.map((c) => ({ clientId, ...c })));
    const roleRows = await tx
      .insert(roles)
      .values(BORROWER_ROLES.map((code) => ({ clientId, code, name: ROLE_NAMES[code] })))
      .returning({ id: roles.id, code: roles.code });
    const roleId = new Map(roleRows.map((r) => [r.code as RoleCode, r.id]));
    // The full matrix, as the seed writes it: user management shows every box of every role.
    await tx.insert(rolePermissions).values(
      BORROWER_ROLES.flatMap((code) =>
        [...PAGE_FEATURES, ...PERMISSIONS].map((featureType) => ({
          clientId,
          roleId: roleId.get(code)!,
          featureType,
          accessValue: ROLE_DEFAULTS[code].includes(featureType),
        })),
      ),
    );
    const [admin] = await tx
      .insert(users)
      .values({
        clientId,
        email: adminEmail,
        name: input.adminName,
        userType: 'borrowers',
        roleId: roleId.get('admin')!,
        passwordHash,
      })
      .returning({ id: users.id });
    await tx.insert(userPagePermissions).values(
      ROLE_DEFAULTS.admin.map((featureType, position) => ({
        clientId,
        userId: admin!.id,
        featureType,
        accessValue: true,
        position,
      })),
    );
    return { clientId, adminUserId: admin!.id };
  });
}
