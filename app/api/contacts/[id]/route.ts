import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZContactIdParam, ZEditContactBody } from '@/lib/contract/contacts';
import { deleteContact, editContact, getContact } from '@/lib/server/contacts/contact-changes';

const read = { userType: 'borrowers', requirement: API_ACCESS.customerNotes } as const;
const write = { userType: 'borrowers', requirement: API_ACCESS.manageContacts } as const;

export const GET = apiRoute(read, ({ db, session, scope, params }) =>
  getContact(db, session.clientId, scope, ZContactIdParam.parse(params).id));

export const POST = apiRoute({ ...write, body: ZEditContactBody }, ({ db, session, scope, params, body }) =>
  editContact(db, { clientId: session.clientId, userId: session.userId, scope }, ZContactIdParam.parse(params).id, body));

export const DELETE = apiRoute(write, ({ db, session, scope, params }) =>
  deleteContact(db, { clientId: session.clientId, userId: session.userId, scope }, ZContactIdParam.parse(params).id));
