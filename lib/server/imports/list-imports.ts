import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { imports, users } from '@/lib/db/schema';
import { ZImportDetail, ZImportSummary, type TImportDetail, type TImportSummary } from '@/lib/contract/imports';
import { notFound } from '@/lib/server/domain-errors';

const columns = {
  id: imports.id,
  source: imports.source,
  userName: users.name,
  status: imports.status,
  files: imports.files,
  counts: imports.counts,
  errorCount: imports.errorCount,
  startedAt: imports.startedAt,
  durationMs: imports.durationMs,
};

/** The stored report's JSON columns (files, counts, errors) read with the contract's schemas, not asserted. */
const { files: ZFiles, counts: ZCounts } = ZImportSummary.shape;
const ZErrors = ZImportDetail.shape.errors;

function summary(
  row: { startedAt: Date; files: unknown; counts: unknown } & Omit<TImportSummary, 'startedAt' | 'files' | 'counts'>,
): TImportSummary {
  const { files, counts, startedAt } = row;
  return { ...row, files: ZFiles.parse(files), counts: ZCounts.parse(counts), startedAt: startedAt.toISOString() };
}

/** The client's imports, newest first, a page at a time. */
export async function listImports(
  db: Db,
  clientId: number,
  page: { offset: number; count: number },
): Promise<{ rows: TImportSummary[]; total: number }> {
  const rows = await db
    .select(columns)
    .from(imports)
    .leftJoin(users, and(eq(users.clientId, imports.clientId), eq(users.id, imports.userId)))
    .where(eq(imports.clientId, clientId))
    .orderBy(desc(imports.startedAt), desc(imports.id))
    .limit(page.count)
    .offset((page.offset - 1) * page.count);
  const [total] = await db.select({ n: count() }).from(imports).where(eq(imports.clientId, clientId));
  return { rows: rows.map(summary), total: total?.n ?? 0 };
}

/** One import with its error report; 404 for another client's. */
export async function getImport(db: Db, clientId: number, id: number): Promise<TImportDetail> {
  const [row] = await db
    .select({ ...columns, errors: imports.errors })
    .from(imports)
    .leftJoin(users, and(eq(users.clientId, imports.clientId), eq(users.id, imports.userId)))
    .where(and(eq(imports.clientId, clientId), eq(imports.id, id)));
  if (!row) throw notFound('Import');
  const { errors, ...rest } = row;
  return { ...summary(rest), errors: ZErrors.parse(errors) };
}
