import { apiRoute } from '@/lib/server/api/handler';
import { listHoldings } from '@/lib/server/investors/list-holdings';

/** My Securities: the firm's holdings with invested, current value, yield, next payment, maturity and totals. */
export const GET = apiRoute({ userType: 'investors' }, ({ db, session }) => listHoldings(db, session.clientId));
