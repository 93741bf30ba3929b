import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam, ZSubscribeBody } from '@/lib/contract/investors';
import { subscribe } from '@/lib/server/investors/subscribe';

export const POST = apiRoute({ userType: 'investors', body: ZSubscribeBody }, ({ db, session, params, body }) =>
  subscribe(db, session.clientId, ZIdParam.parse(params.id), body));
