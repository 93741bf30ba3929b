import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { queryRow } from '@/lib/db/query';
import { auditLog, contacts } from '@/lib/db/schema';
import type { TContact, TCreateContactBody, TEditContactBody } from '@/lib/contract/contacts';
import { notFound } from '@/lib/server/domain-errors';
import { assertObligorInScope } from '@/lib/server/communications/obligor-in-scope';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { ContactRow, contactSelect, visibleContacts } from './list-contacts';

export interface ContactUser {
  clientId: number;
  userId: number;
  scope: ObligorScope;
}

/** One contact the user may see, or 404 (another client's, or of an obligor outside the scope). */
export async function getContact(db: Db, clientId: number, scope: ObligorScope, id: number): Promise<TContact> {
  const contact = await queryRow(
    db,
    contactSelect(sql`${visibleContacts(clientId, scope)} and ct.id = ${id}`),
    ContactRow,
  );
  if (!contact) throw notFound('Contact');
  return contact;
}

function fields(body: TCreateContactBody | TEditContactBody) {
  return { name: body.name, role: body.role ?? null, email: body.email ?? null, phone: body.phone ?? null };
}

async function audit(db: Db, user: ContactUser, action: string, id: number, detail: Record<string, unknown>) {
  await db
    .insert(auditLog)
    .values({ clientId: user.clientId, userId: user.userId, action, entity: 'contact', entityId: String(id), detail });
}

/** POST /contacts */
export async function createContact(db: Db, user: ContactUser, body: TCreateContactBody): Promise<TContact> {
  await assertObligorInScope(db, user.clientId, user.scope, body.sysObligorCode);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ clientId: user.clientId, sysObligorCode: body.sysObligorCode, ...fields(body) })
      .returning({ id: contacts.id });
    await audit(tx, user, 'contact_created', row!.id, { sysObligorCode: body.sysObligorCode, name: body.name });
    return row!.id;
  });
  return getContact(db, user.clientId, user.scope, id);
}

/** POST /contacts/{id}: replaces the details; moving to another obligor needs that obligor in scope too. */
export async function editContact(db: Db, user: ContactUser, id: number, body: TEditContactBody): Promise<TContact> {
  const current = await getContact(db, user.clientId, user.scope, id);
  const sysObligorCode = body.sysObligorCode ?? current.sysObligorCode;
  if (sysObligorCode !== current.sysObligorCode)
    await assertObligorInScope(db, user.clientId, user.scope, sysObligorCode);
  await db.transaction(async (tx) => {
    await tx
      .update(contacts)
      .set({ sysObligorCode, ...fields(body) })
      .where(and(eq(contacts.clientId, user.clientId), eq(contacts.id, id)));
    await audit(tx, user, 'contact_changed', id, { before: current, after: { sysObligorCode, ...fields(body) } });
  });
  return getContact(db, user.clientId, user.scope, id);
}

/** DELETE /contacts/{id}: answers the removed contact. */
export async function deleteContact(db: Db, user: ContactUser, id: number): Promise<TContact> {
  const current = await getContact(db, user.clientId, user.scope, id);
  await db.transaction(async (tx) => {
    await tx.delete(contacts).where(and(eq(contacts.clientId, user.clientId), eq(contacts.id, id)));
    await audit(tx, user, 'contact_deleted', id, { before: current });
  });
  return current;
}
