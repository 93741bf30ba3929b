import { z } from 'zod';
import { API_ACCESS } from './access';
import { call, json } from './call';
import { ZObligorCode } from './communications';
import { checkDateRange, ZClientIdParam, ZId, ZIsoDate } from './common';

/** GET /v3/clients/kpis: the collection KPIs by month, for the client or one family, collector or dim1 value. */
export const ZKpisQuery = z
  .object({
    clientId: ZClientIdParam,
    fromDate: ZIsoDate.optional(),
    toDate: ZIsoDate.optional(),
    dim1Id: ZId.optional(),
    /** A family (its parent's code) or one account. */
    sysObligorCode: ZObligorCode.optional(),
    /** A field officer's customers. */
    collectorId: ZId.optional(),
  })
  .superRefine(checkDateRange)
  .superRefine((q, ctx) => {
    const given = [q.dim1Id, q.sysObligorCode, q.collectorId].filter((v) => v !== undefined).length;
    if (given > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['dim1Id'],
        message: 'give one of dim1Id, sysObligorCode or collectorId, not several',
      });
  });
export type TKpisQuery = z.infer<typeof ZKpisQuery>;

const ZFigure = z.number().nullable();

export const ZKpiMonth = z.strictObject({
  month: z.string(),
  countbackDso: ZFigure,
  cei: ZFigure,
  bestPossibleDso: ZFigure,
  add: ZFigure,
  simpleDso: ZFigure,
  averageDaysToPay: ZFigure,
  currentShare: ZFigure,
});
export type TKpiMonth = z.infer<typeof ZKpiMonth>;

export const ZKpis = z.strictObject({
  fromDate: z.string(),
  toDate: z.string(),
  months: z.array(ZKpiMonth),
});
export type TKpis = z.infer<typeof ZKpis>;

export const kpiCalls = {
  kpis: call({
    method: 'GET',
    path: '/v3/clients/kpis',
    query: ZKpisQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.summary },
    summary:
      'Collection KPIs by month: countback DSO, CEI, best possible DSO, ADD, simple DSO, average days to pay, current share',
    answer: json(ZKpis),
    cachedByParams: true,
  }),
};
