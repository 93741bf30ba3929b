import { apiRoute } from '@/lib/server/api/handler';
import { ZIdParam } from '@/lib/contract/investors';
import { getOriginator } from '@/lib/server/investors/pool-performance';

export const GET = apiRoute({ userType: 'investors' }, ({ db, params }) => getOriginator(db, ZIdParam.parse(params.id)));
