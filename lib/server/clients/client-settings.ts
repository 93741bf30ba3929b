import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRow } from '@/lib/db/query';
import { col, row } from '@/lib/db/rows';
import type { Db } from '@/lib/db/client';
import { clientFeatures, dataUpdateTimes, dimensionValues, emailTemplates, obligors } from '@/lib/db/schema';
import type { TClientSettings } from '@/lib/contract/clients';
import { bucketLabels, boundariesOf } from '@/lib/domain/ageing';
import { riskColoursOf } from '@/lib/domain/risk-colours';
import { getClient } from './get-client';
import { rollupsPendingSince } from '@/lib/server/receivables/rollup-jobs';
import { todayIso } from '@/lib/domain/dates';

/** GET clients/{clientId}/settings: what every page needs to show the client's figures its way. */
export async function clientSettings(db: Db, clientId: number): Promise<TClientSettings> {
  const client = await getClient(db, clientId);
  // The (client_id, issue_date) index answers this without reading the ledger.
  const first = await queryRow(
    db,
    sql`select min(issue_date)::text as first from invoices where client_id = ${clientId}`,
    row({ first: col.text.nullable() }),
  );
  return {
    id: client.id,
    code: client.code,
    name: client.name,
    currency: client.currency,
    locale: client.locale,
    timeZone: client.timeZone,
    today: todayIso(new Date(), client.timeZone),
    ledgerStart: first?.first ?? null,
    boundaries: boundariesOf(client),
    dimensionNames: { dim1: client.dim1Name, dim2: client.dim2Name, dim3: client.dim3Name },
    riskColours: riskColoursOf(client),
  };
}

/** GET clients/{clientId}/ageingbuckets: the first item gives b1, b2, b3 (and the labels). */
export async function ageingBuckets(db: Db, clientId: number) {
  const client = await getClient(db, clientId);
  const boundaries = boundariesOf(client);
  return [
    {
      ...boundaries,
      creditLabels: bucketLabels(boundaries, 'CREDIT_DATE'),
      invoiceLabels: bucketLabels(boundaries, 'INVOICE_DATE'),
    },
  ];
}

/** GET clients/{clientId}/dimensions: the first item names dim1..dim3. */
export async function dimensionNames(db: Db, clientId: number) {
  const client = await getClient(db, clientId);
  return [{ dim1: client.dim1Name, dim2: client.dim2Name, dim3: client.dim3Name }];
}

/** GET clients/{clientId}/dimensions/values: every value of dim1..dim6. */
export async function dimensionValueList(db: Db, clientId: number) {
  return db
    .select({
      id: dimensionValues.id,
      dimLevel: dimensionValues.dimLevel,
      name: dimensionValues.name,
      parentId: dimensionValues.parentId,
    })
    .from(dimensionValues)
    .where(eq(dimensionValues.clientId, clientId))
    .orderBy(asc(dimensionValues.dimLevel), asc(dimensionValues.name));
}

/** GET /gl_mappings/distinct_dim{1,2}: the values of one dimension that customers actually carry. */
export async function distinctDimension(db: Db, clientId: number, level: 1 | 2) {
  const column = level === 1 ? obligors.dim1Id : obligors.dim2Id;
  return db
    .selectDistinct({ id: dimensionValues.id, name: dimensionValues.name })
    .from(dimensionValues)
    .innerJoin(obligors, and(eq(obligors.clientId, dimensionValues.clientId), eq(column, dimensionValues.id)))
    .where(and(eq(dimensionValues.clientId, clientId), eq(dimensionValues.dimLevel, level)))
    .orderBy(asc(dimensionValues.name));
}

/** GET clients/{clientId}/data_update_time: last import, last rollup refresh, and a refresh under way. */
export async function dataUpdateTime(db: Db, clientId: number) {
  const [row] = await db.select().from(dataUpdateTimes).where(eq(dataUpdateTimes.clientId, clientId));
  return {
    integrationUpdateTime: row?.integrationUpdateTime?.toISOString() ?? null,
    viewUpdateTime: row?.viewUpdateTime?.toISOString() ?? null,
    refreshingAfter: await rollupsPendingSince(db, clientId),
  };
}

/** GET clients/{clientId}/features: the client's switched-on features. */
export async function clientFeatureList(db: Db, clientId: number) {
  return db
    .select({ feature: clientFeatures.feature, enabled: clientFeatures.enabled })
    .from(clientFeatures)
    .where(eq(clientFeatures.clientId, clientId))
    .orderBy(asc(clientFeatures.feature));
}

/** GET clients/{clientId}/email_template: the client's payment-reminder template. */
export async function emailTemplate(db: Db, clientId: number) {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(eq(emailTemplates.clientId, clientId));
  return row ?? null;
}
