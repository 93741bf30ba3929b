import 'server-only';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { NextRequest } from 'next/server';
import {
  MAX_STATEMENT_BYTES,
  STATEMENT_ACCOUNT_FIELD,
  STATEMENT_FILE_FIELD,
  STATEMENT_MAPPING_FIELD,
} from '@/lib/contract/bank';
import { parseColumnMapping, type ColumnMapping } from '@/lib/domain/bank-statement-columns';
import { DomainError, invalid, tooLarge } from '@/lib/server/domain-errors';
import { cappedStream } from '@/lib/server/http/read-body';
import type { ImportSource } from '@/lib/server/imports/read-file';
import { checkWorkbookSize } from '@/lib/server/imports/workbook-size';

export interface UploadedStatement {
  file: ImportSource;
  /** The bank account's label, when the upload names one. */
  account: string | null;
  /** The file's own column names, to read it with and save on the account. */
  mapping: ColumnMapping | null;
}

/** A bank account's label: what the user calls it ("HDFC current a/c"). */
export const MAX_ACCOUNT_LABEL_CHARS = 80;

const statementTooLarge = () =>
  tooLarge(`A statement file is at most ${MAX_STATEMENT_BYTES / 1024 / 1024} MB: split it by month`, {
    [STATEMENT_FILE_FIELD]: 'too large',
  });

const fileRequired = () =>
  invalid(`Send the statement as multipart/form-data in the field "${STATEMENT_FILE_FIELD}"`, {
    [STATEMENT_FILE_FIELD]: 'required',
  });

/**
 * The statement of a multipart upload (one file, field "file") and the optional "account" field.
 * A statement is small: it is held in memory, the body counted as it arrives and refused past
 * MAX_STATEMENT_BYTES; a workbook is checked for a zip bomb before it is read. Anything else is a
 * 400 with the field it concerns, never a 500.
 */
export async function uploadedStatement(req: NextRequest | undefined): Promise<UploadedStatement> {
  const type = req?.headers.get('content-type') ?? '';
  if (!req?.body || !type.startsWith('multipart/form-data')) throw fileRequired();
  if (Number(req.headers.get('content-length') ?? 0) > MAX_STATEMENT_BYTES + 64 * 1024) throw statementTooLarge();
  const counted = cappedStream(req.body, MAX_STATEMENT_BYTES + 64 * 1024);
  const { files, fields } = await receiveParts(counted.stream, type).catch((error: unknown) => {
    if (counted.exceeded()) throw statementTooLarge();
    if (error instanceof DomainError) throw error;
    throw invalid('The upload could not be read as multipart/form-data', { [STATEMENT_FILE_FIELD]: 'unreadable' });
  });
  if (files.length !== 1) {
    if (files.length > 1) throw invalid('Send one statement at a time', { [STATEMENT_FILE_FIELD]: 'one file' });
    throw fileRequired();
  }
  const [file] = files;
  if (file!.name.toLowerCase().endsWith('.xlsx')) await checkWorkbookSize(file!.name, file!.bytes);
  const account = fields.get(STATEMENT_ACCOUNT_FIELD)?.trim() || null;
  if (account && (account.length > MAX_ACCOUNT_LABEL_CHARS || [...account].some((c) => c.charCodeAt(0) < 32)))
    throw invalid(`An account label is at most ${MAX_ACCOUNT_LABEL_CHARS} characters of text`, {
      [STATEMENT_ACCOUNT_FIELD]: 'too long or not text',
    });
  const mappingText = fields.get(STATEMENT_MAPPING_FIELD)?.trim();
  let mapping: ColumnMapping | null = null;
  if (mappingText) {
    const parsed = parseColumnMapping(mappingText);
    if (!parsed.ok)
      throw invalid(`The column mapping is refused: ${parsed.reason}`, { [STATEMENT_MAPPING_FIELD]: parsed.reason });
    mapping = parsed.mapping;
  }
  return {
    file: { name: file!.name, open: () => Readable.from([file!.bytes]) },
    account,
    mapping,
  };
}

function receiveParts(
  body: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<{ files: { name: string; bytes: Buffer }[]; fields: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const files: { name: string; bytes: Buffer }[] = [];
    const fields = new Map<string, string>();
    const reads: Promise<void>[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 2, fields: 5, fieldSize: 1024, parts: 7, fileSize: MAX_STATEMENT_BYTES },
      });
    } catch (error) {
      reject(error);
      return;
    }
    parser.on('file', (field, stream, info) => {
      if (field !== STATEMENT_FILE_FIELD || !info.filename) {
        stream.resume();
        return;
      }
      const name = path.basename(info.filename);
      const chunks: Buffer[] = [];
      reads.push(
        new Promise((done, fail) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('limit', () => fail(statementTooLarge()));
          stream.on('error', fail);
          stream.on('end', () => {
            files.push({ name, bytes: Buffer.concat(chunks) });
            done();
          });
        }),
      );
    });
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('error', reject);
    parser.on('close', () => {
      Promise.all(reads).then(() => resolve({ files, fields }), reject);
    });
    Readable.fromWeb(body as WebReadableStream<Uint8Array>)
      .on('error', reject)
      .pipe(parser);
  });
}
