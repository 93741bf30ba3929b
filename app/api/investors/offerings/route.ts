import { apiRoute } from '@/lib/server/api/handler';
import { listOfferings } from '@/lib/server/investors/offerings';

export const GET = apiRoute({ userType: 'investors' }, ({ db }) => listOfferings(db));
