import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { API_ACCESS } from './access';
import { call, json } from './call';

/** The client named in the path of the spec's client calls: only ever the signed-in user's own. */
export const ZClientPathParams = z.object({ clientId: ZId });

const ZBoundaries = z.strictObject({ b1: z.number().int(), b2: z.number().int(), b3: z.number().int() });

export const ZAgeingBuckets = z.strictObject({
  ...ZBoundaries.shape,
  creditLabels: z.record(z.string(), z.string()),
  invoiceLabels: z.record(z.string(), z.string()),
});

export const ZDimensionNames = z.strictObject({ dim1: z.string(), dim2: z.string(), dim3: z.string() });

export const ZDimensionValue = z.strictObject({
  id: z.number().int(),
  dimLevel: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type TDimensionValue = z.infer<typeof ZDimensionValue>;

export const ZDataUpdateTime = z.strictObject({
  /** When the last import committed (the ledger changed). */
  integrationUpdateTime: z.string().nullable(),
  /** When the rollups last caught up with the ledger. */
  viewUpdateTime: z.string().nullable(),
  /**
   * While the rollup job of an import is pending or running: that import's commit (the latest, if
   * several wait); the figures are being refreshed after it. Null once they have caught up.
   */
  refreshingAfter: z.string().nullable(),
});
export type TDataUpdateTime = z.infer<typeof ZDataUpdateTime>;

/** Everything a page needs to show the client's figures its way. */
export const ZClientSettings = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  /** IANA time zone every instant is shown in (default Asia/Kolkata). */
  timeZone: z.string(),
  /** The client's today (YYYY-MM-DD) in that zone: the default date of every figure and date field. */
  today: ZIsoDate,
  /** The issue date of the ledger's first document; null before the first import. "As of" dates start there. */
  ledgerStart: ZIsoDate.nullable(),
  boundaries: ZBoundaries,
  dimensionNames: ZDimensionNames,
  riskColours: z.strictObject({ low: z.string(), medium: z.string(), high: z.string(), unrated: z.string() }),
});
export type TClientSettings = z.infer<typeof ZClientSettings>;

/** The client's own settings every borrower screen needs (the customer's portal included). */
const settingsAccess = { userType: 'borrowers', requirement: API_ACCESS.clientSettings, customers: true } as const;
/** The client's dimensions: staff only. */
const staffSettingsAccess = { userType: 'borrowers', requirement: API_ACCESS.clientSettings } as const;

export const clientCalls = {
  settings: call({
    method: 'GET',
    path: '/clients/{clientId}/settings',
    access: settingsAccess,
    params: ZClientPathParams,
    summary: "The client's name, currency, locale, ageing boundaries, dimension names and risk colours",
    answer: json(ZClientSettings),
  }),
  ageingBuckets: call({
    method: 'GET',
    path: '/clients/{clientId}/ageingbuckets',
    access: settingsAccess,
    params: ZClientPathParams,
    summary: 'The ageing boundaries b1, b2, b3 and the bucket labels (the first item is used)',
    answer: json(z.array(ZAgeingBuckets)),
  }),
  dimensions: call({
    method: 'GET',
    path: '/clients/{clientId}/dimensions',
    access: staffSettingsAccess,
    params: ZClientPathParams,
    summary: 'The names of dim1, dim2 and dim3 (the first item is used)',
    answer: json(z.array(ZDimensionNames)),
  }),
  dimensionValues: call({
    method: 'GET',
    path: '/clients/{clientId}/dimensions/values',
    access: staffSettingsAccess,
    params: ZClientPathParams,
    summary: 'Every value of dim1..dim6',
    answer: json(z.array(ZDimensionValue)),
  }),
  dataUpdateTime: call({
    method: 'GET',
    path: '/clients/{clientId}/data_update_time',
    access: settingsAccess,
    params: ZClientPathParams,
    summary:
      "The integration update time (last import), the view update time (last rollup refresh) and, while an import's rollup job runs, that import's time",
    answer: json(ZDataUpdateTime),
  }),
  features: call({
    method: 'GET',
    path: '/clients/{clientId}/features',
    access: settingsAccess,
    params: ZClientPathParams,
    summary: "The client's switched-on features",
    answer: json(z.array(z.strictObject({ feature: z.string(), enabled: z.boolean() }))),
  }),
  emailTemplate: call({
    method: 'GET',
    path: '/clients/{clientId}/email_template',
    access: { userType: 'borrowers', requirement: API_ACCESS.people },
    params: ZClientPathParams,
    summary: "The client's payment-reminder template",
    answer: json(z.strictObject({ subject: z.string(), body: z.string() }).nullable()),
  }),
  distinctDim1: call({
    method: 'GET',
    path: '/gl_mappings/distinct_dim1',
    access: staffSettingsAccess,
    summary: 'The dim1 values that customers carry',
    answer: json(z.array(z.strictObject({ id: z.number().int(), name: z.string() }))),
  }),
  distinctDim2: call({
    method: 'GET',
    path: '/gl_mappings/distinct_dim2',
    access: staffSettingsAccess,
    summary: 'The dim2 values that customers carry',
    answer: json(z.array(z.strictObject({ id: z.number().int(), name: z.string() }))),
  }),
};
