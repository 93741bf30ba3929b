import 'server-only';
import type { Db } from '@/lib/db/client';
import type { TImportReport } from '@/lib/contract/imports';
import { recordAudit } from '@/lib/server/audit/record-audit';

/** The edit log's entry of a batch, applied or refused, with what it brought (in the batch's transaction). */
export async function auditBatch(
  tx: Db,
  options: { clientId: number; userId: number | null; source: string },
  importId: number,
  result: TImportReport,
): Promise<void> {
  await recordAudit(tx, {
    clientId: options.clientId,
    userId: options.userId,
    action: 'import_batch',
    entity: 'import',
    entityId: importId,
    detail: {
      source: options.source,
      status: result.status,
      files: result.files,
      counts: result.counts,
      errorCount: result.errorCount,
    },
  });
}
