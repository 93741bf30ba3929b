import 'server-only';
import ExcelJS from 'exceljs';
import type { Db } from '@/lib/db/client';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '@/lib/contract/downloads';
import type { TAuditFilter } from '@/lib/contract/personnel';
import { formatInstant } from '@/lib/domain/instants';
import { getClient } from '@/lib/server/clients/get-client';
import { allAudit } from './list-audit';

/** An export holds at most this many entries (years of a large client's log); narrow the days for more. */
const MAX_AUDIT_EXPORT = 200_000;

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); a leading = + - @ made inert. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * GET /user_management/audit_log/export.csv: the filtered edit log, oldest first, for the
 * auditor: when (in the client's time zone and as UTC), who, what, before and after, and the chain.
 */
export async function exportAudit(db: Db, clientId: number, filter: TAuditFilter): Promise<Response> {
  const { timeZone } = await getClient(db, clientId);
  const rows = await allAudit(db, clientId, filter, MAX_AUDIT_EXPORT);
  const header = [
    'seq',
    `at (${timeZone})`,
    'at_utc',
    'action',
    'by',
    'by_email',
    'entity',
    'entity_id',
    'detail',
    'before',
    'after',
    'hash',
  ];
  const lines = rows.map((r) =>
    [
      r.seq,
      formatInstant(r.at, timeZone),
      r.at,
      r.action,
      r.actorName,
      r.actorEmail,
      r.entity,
      r.entityId ?? r.subjectEmail,
      json(r.detail),
      json(r.before),
      json(r.after),
      r.hash,
    ]
      .map(field)
      .join(','),
  );
  return new Response(`${[header.join(','), ...lines].join('\r\n')}\r\n`, {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="edit-log.csv"',
      'cache-control': 'private, no-store',
    },
  });
}

/**
 * GET /user_management/audit_log/export.xlsx: the same entries as a workbook: the instant as a
 * real date-time in the client's time zone (and as UTC text), before and after as JSON text.
 */
export async function exportAuditWorkbook(db: Db, clientId: number, filter: TAuditFilter): Promise<Response> {
  const { timeZone, name } = await getClient(db, clientId);
  const rows = await allAudit(db, clientId, filter, MAX_AUDIT_EXPORT);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Edit log');
  sheet.columns = [
    { header: 'Seq', key: 'seq', width: 8 },
    { header: `When (${timeZone})`, key: 'when', width: 22 },
    { header: 'When (UTC)', key: 'utc', width: 26 },
    { header: 'Action', key: 'action', width: 26 },
    { header: 'By', key: 'by', width: 22 },
    { header: 'By (email)', key: 'email', width: 28 },
    { header: 'Entity', key: 'entity', width: 14 },
    { header: 'Entity id', key: 'entityId', width: 16 },
    { header: 'Detail', key: 'detail', width: 50 },
    { header: 'Before', key: 'before', width: 50 },
    { header: 'After', key: 'after', width: 50 },
    { header: 'Hash', key: 'hash', width: 66 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow({
      seq: r.seq,
      when: formatInstant(r.at, timeZone),
      utc: r.at,
      action: r.action,
      by: r.actorName,
      email: r.actorEmail,
      entity: r.entity,
      entityId: r.entityId ?? r.subjectEmail,
      detail: json(r.detail),
      before: json(r.before),
      after: json(r.after),
      hash: r.hash,
    });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  book.title = `Edit log of ${name}`;
  const buffer = await book.xlsx.writeBuffer();
  return new Response(new Uint8Array(buffer as ArrayBuffer), {
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="edit-log.xlsx"',
      'cache-control': 'private, no-store',
    },
  });
}
