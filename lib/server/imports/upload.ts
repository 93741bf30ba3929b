import 'server-only';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { NextRequest } from 'next/server';
import { MAX_UPLOAD_BYTES, SKIP_BAD_ROWS_FIELD, type TImportReport } from '@/lib/contract/imports';
import { isAdminRole } from '@/lib/domain/features';
import type { Db } from '@/lib/db/client';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { forbidden, invalid, tooLarge } from '@/lib/server/domain-errors';
import type { ImportSource } from './read-file';
import { runImport } from './run-import';
import { checkWorkbookSize } from './workbook-size';
import { cappedStream } from '@/lib/server/http/read-body';

/**
 * POST /api/integrations/imports: one batch uploaded as multipart, imported for the uploader's
 * client; the answer is the report (status SUCCEEDED or FAILED) as soon as the ledger is committed:
 * the rollups are rebuilt by the rollup job in the background. Admin and root only: the
 * integrations permission alone could be granted to anyone.
 */
export async function importUpload(db: Db, session: SessionData, req: NextRequest | undefined): Promise<TImportReport> {
  if (!isAdminRole(session.role)) throw forbidden('Only administrators import data');
  if (!req) throw invalid('Send the files as multipart/form-data in the field "files"', { files: 'required' });
  const { files, skipBadRows } = await uploadedBatch(req);
  return runImport(db, {
    clientId: session.clientId,
    userId: session.userId,
    source: 'UPLOAD',
    files,
    skipBadRows,
    rollups: 'background',
  });
}

/**
 * The files of a multipart upload (field "files", repeated) and whether to skip bad rows
 * (field "skipBadRows" = true). Anything else (a JSON body, no files, too large) is a 400 with a
 * message, never a 500.
 */
export async function uploadedBatch(req: NextRequest): Promise<{ files: ImportSource[]; skipBadRows: boolean }> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    throw invalid('Send the files as multipart/form-data in the field "files"', { files: 'required' });
  }
  const tooLargeError = () =>
    tooLarge(`The upload is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: use npm run import for big files`, {
      files: 'too large',
    });
  // Content-Length is only a claim (a chunked upload has none): the bytes read are counted too.
  if (Number(req.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw tooLargeError();
  const counted = cappedStream(req.body, MAX_UPLOAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(counted.stream, { headers: { 'content-type': type } }).formData();
  } catch {
    if (counted.exceeded()) throw tooLargeError();
    throw invalid('The upload could not be read as multipart/form-data', { files: 'unreadable' });
  }
  const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
  if (!files.length) throw invalid('Choose at least one file', { files: 'required' });
  for (const file of files) {
    if (file.name.toLowerCase().endsWith('.xlsx'))
      await checkWorkbookSize(file.name, new Uint8Array(await file.arrayBuffer()));
  }
  const skip = form.get(SKIP_BAD_ROWS_FIELD);
  if (skip !== null && skip !== 'true' && skip !== 'false') {
    throw invalid(`${SKIP_BAD_ROWS_FIELD} is true or false`, { [SKIP_BAD_ROWS_FIELD]: 'true or false' });
  }
  return {
    skipBadRows: skip === 'true',
    files: files.map((file) => ({
      name: file.name,
      open: () => Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>),
    })),
  };
}
