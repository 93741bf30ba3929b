import 'server-only';
import { importCalls } from '@/lib/contract/imports';
import { getImport, listImports } from '@/lib/server/imports/list-imports';
import { importUpload } from '@/lib/server/imports/upload';
import { implement } from './serve';

export const imports = implement('imports', importCalls, {
  list: ({ db, session, query }) => listImports(db, session.clientId, query),
  upload: ({ db, session, request }) => importUpload(db, session, request),
  get: ({ db, session, params }) => getImport(db, session.clientId, params.id),
});
