import { NextResponse } from 'next/server';
import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZCommunicationsQuery, ZLogCommunicationBody, ZObligorCodeParam } from '@/lib/contract/communications';
import { listCommunications } from '@/lib/server/communications/list-communications';
import { logCommunication } from '@/lib/server/communications/log-communication';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.customerNotes, query: ZCommunicationsQuery },
  async ({ db, session, scope, query, params }) => {
    const { rows, total } = await listCommunications(db, session.clientId, scope, ZObligorCodeParam.parse(params).code, query);
    return new PagedResult(rows, total);
  });

export const POST = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.logCommunication, body: ZLogCommunicationBody },
  async ({ db, session, scope, body, params }) => {
    const user = { clientId: session.clientId, userId: session.userId, scope };
    return NextResponse.json(await logCommunication(db, user, ZObligorCodeParam.parse(params).code, body), { status: 201 });
  });
