import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam } from '@/lib/contract/investors';
import { getOffering } from '@/lib/server/investors/offerings';

export const GET = apiRoute({ userType: 'investors' }, ({ db, session, params }) => getOffering(db, session.clientId, ZIdParam.parse(params.id)));
