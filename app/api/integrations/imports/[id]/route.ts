import { apiRoute } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { notFound } from '@/lib/server/domain-errors';
import { ZImportIdParam } from '@/lib/contract/imports';
import { getImport } from '@/lib/server/imports/list-imports';

export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.integrations }, async ({ db, session, params }) => {
  const id = ZImportIdParam.safeParse(params.id);
  if (!id.success) throw notFound('Import');
  return getImport(db, session.clientId, id.data);
});
