import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam } from '@/lib/contract/investors';
import { getHolding } from '@/lib/server/investors/list-holdings';

export const GET = apiRoute({ userType: 'investors' }, ({ db, session, params }) => getHolding(db, session.clientId, ZIdParam.parse(params.id)));
