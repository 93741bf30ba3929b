import 'server-only';
import { customerDoorCalls } from '@/lib/contract/customer-door';
import { openCustomerLink } from '@/lib/server/customer-door/customer-link';
import {
  inviteCustomerUser,
  listCustomerUsers,
  removeCustomerUser,
  revokeCustomerLinks,
  setCustomerUserStatus,
} from '@/lib/server/customer-door/customer-users';
import { payBills } from '@/lib/server/customer-door/pay-bills';
import { listRemittances, recordRemittance } from '@/lib/server/customer-door/remittances';
import { implement } from './serve';

export const customerDoor = implement('customerDoor', customerDoorCalls, {
  listUsers: ({ db, session, params }) => listCustomerUsers(db, session.clientId, params.code),
  invite: ({ db, session, params, body }) => inviteCustomerUser(db, session, params.code, body.contactId),
  setStatus: ({ db, session, params, body }) => setCustomerUserStatus(db, session, params.id, body.status),
  remove: ({ db, session, params }) => removeCustomerUser(db, session, params.id),
  revokeLinks: ({ db, session, params }) => revokeCustomerLinks(db, session, params.id),
  openLink: async ({ db, query, cookie }) => {
    const { response, session } = await openCustomerLink(db, query.token);
    if (session) cookie.set = session;
    return response;
  },
  pay: ({ db, session, scope, body }) => payBills(db, session.clientId, scope, body),
  remit: ({ db, session, scope, body }) =>
    recordRemittance(db, { clientId: session.clientId, userId: session.userId, scope }, body),
  remittances: ({ db, session, scope, query }) => listRemittances(db, session.clientId, scope, query.sysObligorCode),
});
