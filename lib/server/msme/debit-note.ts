import 'server-only';
import type { Db } from '@/lib/db/client';
import { CSV_CONTENT_TYPE } from '@/lib/contract/downloads';
import { debitNoteCsv, debitNoteTallyXml, type InterestDebitNote } from '@/lib/domain/interest-debit-note';
import { toPaise } from '@/lib/domain/open-amount';
import { getClient } from '@/lib/server/clients/get-client';
import { invalid } from '@/lib/server/domain-errors';
import { getObligorName } from './obligor-name';
import type { ObligorScope } from '@/lib/server/obligors/obligor-scope';
import { customerInterestDetail } from './customer-interest';
import { getMsmeSettings } from './msme-settings';

const TALLY_XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * GET /msme/debit_note.csv and .xml: the draft debit note billing a customer's MSMED interest to a
 * date, GST at the client's rate, as CSV or a Tally voucher. Nothing is stored: the accountant posts it.
 */
export async function interestDebitNote(
  db: Db,
  clientId: number,
  scope: ObligorScope | undefined,
  query: { sysObligorCode: string; date?: string },
  kind: 'csv' | 'xml',
): Promise<Response> {
  const detail = await customerInterestDetail(db, clientId, scope, query.sysObligorCode, query.date);
  const lines = detail.invoices
    .filter((i) => i.interest > 0)
    .map((i) => ({ invoiceNum: i.invoiceNum, interest: toPaise(i.interest) }));
  if (!detail.applies || !lines.length) {
    const message = detail.reason ?? 'no interest is owed by this customer to that date';
    throw invalid(message, { sysObligorCode: message });
  }
  const [client, settings, name] = await Promise.all([
    getClient(db, clientId),
    getMsmeSettings(db, clientId),
    getObligorName(db, clientId, query.sysObligorCode),
  ]);
  const note: InterestDebitNote = {
    date: detail.date,
    reference: `MSMED-INT/${query.sysObligorCode}/${detail.date}`,
    partyLedger: name,
    lines,
    gstRate: settings.interestGstRate,
  };
  const base = `msmed-interest-${query.sysObligorCode}-${detail.date}`.replace(/[^\w.-]/g, '_');
  const [body, type, fileName] =
    kind === 'csv'
      ? [debitNoteCsv(note), CSV_CONTENT_TYPE, `${base}.csv`]
      : [debitNoteTallyXml(note, client.name), TALLY_XML_CONTENT_TYPE, `${base}.xml`];
  return new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
