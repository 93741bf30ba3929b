import 'server-only';
import { contactCalls } from '@/lib/contract/contacts';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import {
  createContact,
  deleteContact,
  editContact,
  getContact,
  type ContactUser,
} from '@/lib/server/contacts/contact-changes';
import { listContacts } from '@/lib/server/contacts/list-contacts';
import { implement } from './serve';

/** Who changes a contact: the tenant, the user (for the audit log) and their scope. */
const editor = (session: SessionData, scope: ObligorScope): ContactUser => ({
  clientId: session.clientId,
  userId: session.userId,
  scope,
});

export const contacts = implement('contacts', contactCalls, {
  list: ({ db, session, scope, query }) => listContacts(db, session.clientId, scope, query),
  create: ({ db, session, scope, body }) => createContact(db, editor(session, scope), body),
  get: ({ db, session, scope, params }) => getContact(db, session.clientId, scope, params.id),
  edit: ({ db, session, scope, params, body }) => editContact(db, editor(session, scope), params.id, body),
  remove: ({ db, session, scope, params }) => deleteContact(db, editor(session, scope), params.id),
});
