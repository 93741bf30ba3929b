import 'server-only';
import type { Db } from '@/lib/db/client';
import { CSV_CONTENT_TYPE } from '@/lib/contract/downloads';
import type { ObligorScope } from '@/lib/domain/obligor-scope';
import { creditHolds } from './list-holds';

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); a leading = + - @ made inert. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** GET /credit_holds/export.csv: every row of the hold list, for the ERP's dispatch desk. */
export async function exportHolds(
  db: Db,
  clientId: number,
  scope: ObligorScope,
  status: 'ON_HOLD' | 'RELEASED' | 'ALL',
): Promise<Response> {
  const rows = (await creditHolds(db, clientId, scope)).filter((r) => status === 'ALL' || r.status === status);
  const header = [
    'sys_obligor_code',
    'name',
    'parent_sys_obligor_code',
    'status',
    'balance',
    'unallocated',
    'credit_limit',
    'oldest_days_past_due',
    'broken_promises',
    'returned_cheques',
    'reasons',
    'released_until',
    'release_reason',
  ];
  const lines = rows.map((r) =>
    [
      r.sysObligorCode,
      r.name,
      r.parentSysObligorCode,
      r.status,
      r.balance.toFixed(2),
      r.unallocated.toFixed(2),
      r.creditLimit === null ? null : r.creditLimit.toFixed(2),
      r.oldestDaysPastDue,
      r.brokenPromises,
      r.returnedCheques,
      r.reasons.join('; '),
      r.release?.expiresOn ?? null,
      r.release?.reason ?? null,
    ]
      .map(field)
      .join(','),
  );
  return new Response(`${[header.join(','), ...lines].join('\r\n')}\r\n`, {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="credit-holds.csv"',
      'cache-control': 'private, no-store',
    },
  });
}
