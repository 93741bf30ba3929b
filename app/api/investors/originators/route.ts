import { apiRoute } from '@/lib/server/api/handler';
import { listOriginators } from '@/lib/server/investors/pool-performance';

export const GET = apiRoute({ userType: 'investors' }, ({ db, session }) => listOriginators(db, session.clientId));
