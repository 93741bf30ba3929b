import 'server-only';
import { personnelCalls } from '@/lib/contract/personnel';
import { checkAuditChain } from '@/lib/server/audit/check-chain';
import { exportAudit, exportAuditWorkbook } from '@/lib/server/audit/export-audit';
import { listAudit } from '@/lib/server/audit/list-audit';
import { listClientUsers, listUsers } from '@/lib/server/users/list-users';
import { changeRole, inviteUser, setUserStatus } from '@/lib/server/users/manage-user';
import { listPersonnel, listRoles } from '@/lib/server/users/personnel';
import { listPages, listRolePermissions, roleMatrix, saveRolePermissions } from '@/lib/server/users/role-permissions';
import { implement } from './serve';

export const personnel = implement('personnel', personnelCalls, {
  users: ({ db, session, query }) => listUsers(db, session.clientId, query),
  clientUsers: ({ db, session }) => listClientUsers(db, session.clientId),
  invite: ({ db, session, body }) => inviteUser(db, session, body),
  changeRole: ({ db, session, params, body }) => changeRole(db, session, params.id, body.roleId),
  setStatus: ({ db, session, params, body }) => setUserStatus(db, session, params.id, body.status),
  roles: ({ db, session }) => listRoles(db, session.clientId),
  pages: ({ db }) => listPages(db),
  rolePermissions: ({ db, session }) => listRolePermissions(db, session.clientId),
  people: ({ db, session, query }) => listPersonnel(db, session.clientId, query),
  auditLog: ({ db, session, query }) => listAudit(db, session.clientId, query),
  auditCsv: ({ db, session, query }) => exportAudit(db, session.clientId, query),
  auditXlsx: ({ db, session, query }) => exportAuditWorkbook(db, session.clientId, query),
  auditCheck: ({ db, session }) => checkAuditChain(db, session.clientId),
  roleMatrix: ({ db, session, params }) => roleMatrix(db, session.clientId, params.role_id),
  saveRoleMatrix: ({ db, session, params, body }) => saveRolePermissions(db, session, params.role_id, body),
});
