import { NextResponse } from 'next/server';
import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZContactsQuery, ZCreateContactBody } from '@/lib/contract/contacts';
import { createContact } from '@/lib/server/contacts/contact-changes';
import { listContacts } from '@/lib/server/contacts/list-contacts';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerNotes, query: ZContactsQuery },
  async ({ db, session, scope, query }) => {
    const { rows, total } = await listContacts(db, session.clientId, scope, query);
    return new PagedResult(rows, total);
  });

export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageContacts, body: ZCreateContactBody },
  async ({ db, session, scope, body }) =>
    NextResponse.json(await createContact(db, { clientId: session.clientId, userId: session.userId, scope }, body), { status: 201 }));
