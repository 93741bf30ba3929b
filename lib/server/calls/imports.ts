import 'server-only';
import { importCalls } from '@/lib/contract/imports';
import { getJobDb } from '@/lib/db/client';
import { getImport, listImports } from '@/lib/server/imports/list-imports';
import { importUpload } from '@/lib/server/imports/upload';
import { implement } from './serve';

export const imports = implement('imports', importCalls, {
  list: ({ db, session, query }) => listImports(db, session.clientId, query),
  // An import may write for minutes: it runs on the jobs' pool, never holding a request's connection.
  upload: async ({ session, request }) => importUpload(await getJobDb(), session, request),
  get: ({ db, session, params }) => getImport(db, session.clientId, params.id),
});
