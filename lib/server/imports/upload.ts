import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { NextRequest } from 'next/server';
import { DATE_ORDER_FIELD, MAX_UPLOAD_BYTES, SKIP_BAD_ROWS_FIELD, type TImportReport } from '@/lib/contract/imports';
import { isAdminRole } from '@/lib/domain/features';
import type { Db } from '@/lib/db/client';
import type { SessionData } from '@/lib/server/auth/session-cookie';
import { DomainError, forbidden, invalid, tooLarge } from '@/lib/server/domain-errors';
import type { ImportSource } from './read-file';
import { runImport } from './run-import';
import { isDateOrder, type DateOrder } from './values';
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
  const { files, skipBadRows, dateOrder, dispose } = await uploadedBatch(req);
  try {
    return await runImport(db, {
      clientId: session.clientId,
      userId: session.userId,
      source: 'UPLOAD',
      files,
      skipBadRows,
      dateOrder,
      rollups: 'background',
    });
  } finally {
    await dispose();
  }
}

/**
 * The files of a multipart upload (field "files", repeated) and whether to skip bad rows
 * (field "skipBadRows" = true) and how their dates are written (field "dateOrder", dmy or mdy), streamed to a folder of their own on disk as they arrive (busboy),
 * so that a large upload costs the server disk, not memory. Anything else (a JSON body, no files,
 * too large) is a 400 with a message, never a 500. `dispose` removes the folder.
 */
export async function uploadedBatch(
  req: NextRequest,
): Promise<{ files: ImportSource[]; skipBadRows: boolean; dateOrder?: DateOrder; dispose: () => Promise<void> }> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data') || !req.body) {
    throw invalid('Send the files as multipart/form-data in the field "files"', { files: 'required' });
  }
  const tooLargeError = () =>
    tooLarge(`The upload is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: use npm run import for big files`, {
      files: 'too large',
    });
  // Content-Length is only a claim (a chunked upload has none): the bytes read are counted too.
  if (Number(req.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw tooLargeError();
  const folder = await mkdtemp(path.join(tmpdir(), 'receivables-upload-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    const counted = cappedStream(req.body, MAX_UPLOAD_BYTES);
    const { files, fields } = await receiveParts(counted.stream, type, folder).catch((error: unknown) => {
      if (counted.exceeded()) throw tooLargeError();
      if (error instanceof DomainError) throw error;
      throw invalid('The upload could not be read as multipart/form-data', { files: 'unreadable' });
    });
    if (!files.length) throw invalid('Choose at least one file', { files: 'required' });
    for (const file of files) {
      if (file.name.toLowerCase().endsWith('.xlsx')) await checkWorkbookSize(file.name, await readFile(file.path));
    }
    const skip = fields.get(SKIP_BAD_ROWS_FIELD) ?? null;
    if (skip !== null && skip !== 'true' && skip !== 'false') {
      throw invalid(`${SKIP_BAD_ROWS_FIELD} is true or false`, { [SKIP_BAD_ROWS_FIELD]: 'true or false' });
    }
    // Empty or absent: told from each file's values.
    const order = fields.get(DATE_ORDER_FIELD) || undefined;
    if (order !== undefined && !isDateOrder(order)) {
      throw invalid(`${DATE_ORDER_FIELD} is dmy (day first) or mdy (month first)`, {
        [DATE_ORDER_FIELD]: 'dmy or mdy',
      });
    }
    return {
      skipBadRows: skip === 'true',
      dateOrder: order,
      files: files.map((file) => ({ name: file.name, open: () => createReadStream(file.path) })),
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** How many files and other fields one upload may carry: far above a batch (obligors, invoices, payments...). */
const MAX_FILES = 20;
const MAX_FIELDS = 10;

/** Streams every part of the body: files to `folder` (numbered, the names kept apart), fields to a map. */
function receiveParts(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  folder: string,
): Promise<{ files: { name: string; path: string }[]; fields: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const files: { name: string; path: string }[] = [];
    const fields = new Map<string, string>();
    const writes: Promise<void>[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: MAX_FILES, fields: MAX_FIELDS, fieldSize: 1024, parts: MAX_FILES + MAX_FIELDS },
      });
    } catch (error) {
      reject(error);
      return;
    }
    parser.on('file', (field, stream, info) => {
      if (field !== 'files' || !info.filename) {
        stream.resume();
        return;
      }
      const target = path.join(folder, `${files.length}.part`);
      files.push({ name: path.basename(info.filename), path: target });
      writes.push(pipeline(stream, createWriteStream(target)));
    });
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('filesLimit', () => reject(invalid(`Send at most ${MAX_FILES} files at once`, { files: 'too many' })));
    parser.on('error', reject);
    parser.on('close', () => {
      Promise.all(writes).then(() => resolve({ files, fields }), reject);
    });
    Readable.fromWeb(body as WebReadableStream<Uint8Array>)
      .on('error', reject)
      .pipe(parser);
  });
}
