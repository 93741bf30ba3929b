/**
 * The customer portal calls, timed without a baseline: their figures are proven equal
 * to the receivables page by tests/api/customer-portal*.test.ts; here we measure what a million
 * invoices cost. The statement runs for the family with the largest overdue (ctx.familyCode).
 */
import { parseISO, subYears } from 'date-fns';
import { ZAccountQuery, ZStatementQuery } from '@/lib/contract/portal';
import { iso } from '@/lib/domain/dates';
import { listAccounts, postpaidAccount } from '@/lib/server/portal/accounts';
import { customerStatement } from '@/lib/server/portal/statement';
import { statementPdf } from '@/lib/server/portal/statement-pdf';
import { statementDownload } from '@/lib/server/portal/statement-xlsx';
import type { BenchCall, CallContext } from './calls';

export function portalCalls(ctx: CallContext): BenchCall[] {
  const { clientId, familyCode: code } = ctx;
  const fromDate = iso(subYears(parseISO(ctx.today), 2));
  const statement = (id: string, label: string, query: Record<string, unknown>): BenchCall => ({
    id,
    label,
    path: 'items',
    params: { sysObligorCode: code, ...query },
    service: (db) => customerStatement(db, clientId, ZStatementQuery.parse({ sysObligorCode: code, ...query })),
  });
  return [
    statement('portal-statement', `Portal statement of account, default period (${code})`, {}),
    statement('portal-statement-2y', `Portal statement since ${fromDate}, page 1 (${code})`, { fromDate }),
    statement('portal-statement-2y-last', `Portal statement since ${fromDate}, last page (${code})`, {
      fromDate,
      offset: 100_000,
    }),
    {
      id: 'portal-statement-xlsx',
      label: `Portal statement XLSX since ${fromDate}, every line (${code})`,
      path: 'items',
      params: { sysObligorCode: code, fromDate },
      service: async (db) =>
        (await (await statementDownload(db, clientId, { sysObligorCode: code, fromDate })).arrayBuffer()).byteLength,
    },
    {
      id: 'portal-statement-pdf',
      label: `Portal statement PDF since ${fromDate}, every line (${code})`,
      path: 'items',
      params: { sysObligorCode: code, fromDate },
      service: async (db) =>
        (await (await statementPdf(db, clientId, { sysObligorCode: code, fromDate })).arrayBuffer()).byteLength,
    },
    {
      id: 'portal-postpaid-list',
      label: 'Portal postpaid accounts (50 by outstanding)',
      path: 'rollup',
      params: { accountType: 'POSTPAID' },
      service: (db) => listAccounts(db, clientId, 'POSTPAID', undefined),
    },
    {
      id: 'portal-postpaid',
      label: `Portal postpaid account, bills page 1 (${code})`,
      path: 'items',
      params: { sysObligorCode: code },
      service: (db) => postpaidAccount(db, clientId, ZAccountQuery.parse({ sysObligorCode: code })),
    },
  ];
}
