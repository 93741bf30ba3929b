import 'server-only';
import { writeOffCalls } from '@/lib/contract/write-offs';
import { approveWriteOff, listWriteOffs, rejectWriteOff, requestWriteOff } from '@/lib/server/write-offs/write-offs';
import { implement } from './serve';

export const writeOffs = implement('writeOffs', writeOffCalls, {
  list: ({ db, session, query }) => listWriteOffs(db, session, query.status),
  request: ({ db, session, body }) => requestWriteOff(db, session, body),
  approve: ({ db, session, params }) => approveWriteOff(db, session, params.id),
  reject: ({ db, session, params }) => rejectWriteOff(db, session, params.id),
});
