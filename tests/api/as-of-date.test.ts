import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallContract } from '@/lib/contract/call';
import { SPLIT_BY_GRAPHS } from '@/lib/contract/customer-series';
import { REPORT_CODES } from '@/lib/contract/reports';
import { formatDayInput } from '@/lib/domain/day-input';
import { route } from '@/lib/server/api/route';
import { allCalls } from '@/lib/server/calls';
import { GET as settingsRoute } from '@/app/api/clients/[clientId]/settings/route';
import { callRoute } from '../helpers/api';
import { csv } from '../imports/helpers';
import { CLIENT_TODAY, day, ledgerClient, type LedgerClient } from '../helpers/ledger-client';

/**
 * The "as of" date of every call that takes one: a day after the client's today has no figures yet
 * and answers 400 with the message on `date` (it used to age every bill as overdue); the client's
 * settings name the ledger's first day, from which the pages take their dates.
 */

let client: LedgerClient;

beforeAll(async () => {
  client = await ledgerClient(
    'ASOF',
    {
      'obligors.csv': csv(['sys_obligor_code,name', 'A,Ambika Traders']),
      'invoices.csv': csv([
        'sys_invoice_num,invoice_num,sys_obligor_code,issue_date,due_date,amount',
        `A1,A/1,A,${day(-60)},${day(-30)},1500`,
        `A2,A/2,A,${day(-10)},${day(20)},2500`,
      ]),
    },
    CLIENT_TODAY,
  );
  expect(client.report.status).toBe('SUCCEEDED');
});
afterAll(() => client?.database.dispose());

/** The keys of a query schema, through refinements and pipes. */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; schema?: unknown } } | undefined;
  if (s?.shape) return Object.keys(s.shape);
  if (s?.def?.in) return keysOf(s.def.in);
  if (s?.def?.schema) return keysOf(s.def.schema);
  return [];
}

const dated = allCalls().filter(
  ({ contract }) => contract.method === 'GET' && contract.query && keysOf(contract.query).includes('date'),
);

/** The other query values some calls require, so that the date is what they answer about. */
const REQUIRED: Record<string, string> = {
  '/invoices': 'sysInvoiceNum=A1',
  '/v3/clients/split_by': `graph=${SPLIT_BY_GRAPHS[0]}`,
  '/v3/obligors': 'sysObligorCode=A',
  '/v3/obligors/credit_limit': 'sysObligorCode=A',
  '/v3/clients/payment_behaviour': 'sysObligorCode=A',
  '/v3/clients/payment_predictions': 'sysObligorCode=A',
  '/reports/download.xlsx': `report=${REPORT_CODES[0]}`,
  '/msme/interest': 'sysObligorCode=A',
  '/msme/case_file.xlsx': 'sysObligorCode=A',
  '/msme/case_file.pdf': 'sysObligorCode=A',
  '/msme/debit_note.csv': 'sysObligorCode=A',
  '/msme/debit_note.xml': 'sysObligorCode=A',
};

function urlOf(contract: CallContract, date: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    params[name] = name.toLowerCase().includes('id') ? '1' : 'A';
    return params[name]!;
  });
  const more = REQUIRED[contract.path];
  return { url: `/api${path}?date=${date}${more ? `&${more}` : ''}`, params };
}

describe('as of date', () => {
  it('finds the calls that take one (receivables, customers, credit limits, performance, reports, forecast)', () => {
    expect(dated.length).toBeGreaterThanOrEqual(10);
  });

  it.each(dated.map((served) => [`${served.contract.method} ${served.contract.path}`, served] as const))(
    '%s refuses a day after the client’s today with 400 on date',
    async (_, served) => {
      const tomorrow = day(1);
      const { url, params } = urlOf(served.contract, tomorrow);
      const res = await callRoute(route(served), url, { cookie: client.cookie, params });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.fields).toEqual({
        date: `the date cannot be after today (${formatDayInput(CLIENT_TODAY)}): a later day has no figures yet`,
      });
    },
  );

  it('answers the client’s today and a day before the ledger starts (nothing was owed then)', async () => {
    const summary = dated.find((s) => s.contract.path === '/v4/clients/receivables/current/summary')!;
    for (const date of [CLIENT_TODAY, day(-61)]) {
      const { url } = urlOf(summary.contract, date);
      expect((await callRoute(route(summary), url, { cookie: client.cookie })).status, date).toBe(200);
    }
  });

  it('settings name the ledger’s first day, the issue date of its first document', async () => {
    const res = await callRoute(settingsRoute, `/api/clients/${client.clientId}/settings`, {
      cookie: client.cookie,
      params: { clientId: String(client.clientId) },
    });
    expect(res.json).toMatchObject({ today: CLIENT_TODAY, ledgerStart: day(-60) });
  });
});
