import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { ZClientIdParam } from '@/lib/contract/common';
import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { searchObligors } from '@/lib/server/obligors/search-obligors';

const ZQuery = z.object({
  clientId: ZClientIdParam,
  obligorName: z.string().trim().min(MIN_SEARCH_LENGTH, `enter at least ${MIN_SEARCH_LENGTH} characters`).max(100),
});

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.receivables, query: ZQuery }, ({ db, session, scope, query }) =>
  searchObligors(db, session.clientId, query.obligorName, scope));
