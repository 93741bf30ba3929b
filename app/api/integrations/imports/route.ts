import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { forbidden } from '@/lib/server/domain-errors';
import { ZImportsQuery } from '@/lib/contract/imports';
import { isAdminRole } from '@/lib/domain/features';
import { listImports } from '@/lib/server/imports/list-imports';
import { runImport } from '@/lib/server/imports/run-import';
import { uploadedBatch } from '@/lib/server/imports/upload';

const access = { userType: 'borrowers', requirement: API_ACCESS.integrations } as const;

export const GET = apiRoute({ ...access, query: ZImportsQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listImports(db, session.clientId, query);
  return new PagedResult(rows, total);
});

/** Multipart upload of one batch; the answer is the report (status SUCCEEDED or FAILED). */
export const POST = apiRoute(access, async ({ req, db, session }) => {
  // Admin and root only: the permission alone could be granted to anyone.
  if (!isAdminRole(session.role)) throw forbidden('Only administrators import data');
  const { files, skipBadRows } = await uploadedBatch(req);
  return runImport(db, { clientId: session.clientId, userId: session.userId, source: 'UPLOAD', files, skipBadRows });
});
