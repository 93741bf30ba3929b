import { apiRoute, PagedResult } from '@/lib/server/api/handler';
import { API_ACCESS } from '@/lib/contract/access';
import { ZAuditQuery } from '@/lib/contract/personnel';
import { listAudit } from '@/lib/server/audit/list-audit';

/** GET /api/user_management/audit_log: the client's audit log, newest first (admins only). */
export const GET = apiRoute({ userType: 'borrowers', requirement: API_ACCESS.manageUsers, query: ZAuditQuery }, async ({ db, session, query }) => {
  const { rows, total } = await listAudit(db, session.clientId, query);
  return new PagedResult(rows, total);
});
