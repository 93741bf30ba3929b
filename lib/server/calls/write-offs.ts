import 'server-only';
import { writeOffCalls } from '@/lib/contract/write-offs';
import { obligorScope } from '@/lib/domain/obligor-scope';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { approveWriteOff, listWriteOffs, rejectWriteOff, requestWriteOff } from '@/lib/server/write-offs/write-offs';
import { implement } from './serve';

/** The actor with the customers they see: a scoped holder of WRITE_OFF acts on their own customers only. */
const actor = (session: SessionData) => ({ ...session, scope: obligorScope(session) });

export const writeOffs = implement('writeOffs', writeOffCalls, {
  list: ({ db, session, query }) => listWriteOffs(db, actor(session), query.status),
  request: ({ db, session, body }) => requestWriteOff(db, actor(session), body),
  approve: ({ db, session, params }) => approveWriteOff(db, actor(session), params.id),
  reject: ({ db, session, params }) => rejectWriteOff(db, actor(session), params.id),
});
