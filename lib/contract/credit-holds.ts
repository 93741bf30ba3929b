import { z } from 'zod';
import { DEFAULT_HOLD_RULES, MAX_RELEASE_DAYS } from '@/lib/domain/credit-holds';
import { API_ACCESS } from './access';
import { call, file, json, paged } from './call';
import { ZObligorCodeParam } from './communications';
import { ZClientIdParam, ZIsoDate, ZPaging } from './common';
import { CSV_CONTENT_TYPE } from './downloads';

export const HOLD_STATUSES = ['ON_HOLD', 'RELEASED'] as const;

/** GET /credit_holds: the accounts a rule holds today, held ones first, largest balance first. */
export const ZCreditHoldsQuery = ZPaging.extend({
  clientId: ZClientIdParam,
  status: z.enum([...HOLD_STATUSES, 'ALL']).default('ALL'),
});

export const ZCreditHold = z.strictObject({
  sysObligorCode: z.string(),
  name: z.string(),
  parentSysObligorCode: z.string().nullable(),
  parentName: z.string().nullable(),
  balance: z.number(),
  /** Money received on account and not yet allocated (zero or negative): the limit is drawn on by balance + this. */
  unallocated: z.number(),
  creditLimit: z.number().nullable(),
  oldestDaysPastDue: z.number().int().nullable(),
  overdueBeyond: z.number(),
  brokenPromises: z.number().int(),
  /** Cheques returned unpaid in the rule's last days. */
  returnedCheques: z.number().int(),
  reasons: z.array(z.string()),
  status: z.enum(HOLD_STATUSES),
  release: z
    .strictObject({ reason: z.string(), releasedBy: z.string(), releasedAt: z.string(), expiresOn: z.string() })
    .nullable(),
});
export type TCreditHold = z.infer<typeof ZCreditHold>;

export const ZHoldRules = z.strictObject({
  overLimit: z.boolean(),
  daysPastDue: z.number().int().nullable(),
  brokenPromises: z.number().int().nullable(),
  returnedCheques: z.number().int().nullable(),
  returnedChequeDays: z.number().int(),
});
export type THoldRules = z.infer<typeof ZHoldRules>;

export const ZHoldRulesBody = z.object({
  clientId: ZClientIdParam,
  overLimit: z.boolean({ error: 'say whether an account over its limit goes on hold' }),
  daysPastDue: z
    .number({ error: 'enter the days past due as a whole number, or leave it empty (null) to switch the rule off' })
    .int('enter whole days')
    .min(1, 'at least 1 day')
    .max(365, 'at most 365 days')
    .nullable(),
  brokenPromises: z
    .number({ error: 'enter how many broken promises, or leave it empty (null) to switch the rule off' })
    .int('enter a whole number')
    .min(1, 'at least 1')
    .max(20, 'at most 20')
    .nullable(),
  returnedCheques: z
    .number({ error: 'enter how many returned cheques, or leave it empty (null) to switch the rule off' })
    .int('enter a whole number')
    .min(1, 'at least 1')
    .max(20, 'at most 20')
    .nullable()
    .default(DEFAULT_HOLD_RULES.returnedCheques),
  returnedChequeDays: z
    .number({ error: 'enter the days the returned cheques are counted over' })
    .int('enter whole days')
    .min(1, 'at least 1 day')
    .max(730, 'at most 730 days')
    .default(DEFAULT_HOLD_RULES.returnedChequeDays),
});

/** POST /credit_holds/{code}/release: let a held account ship until a date, with the reason. */
export const ZReleaseBody = z.object({
  clientId: ZClientIdParam,
  reason: z
    .string({ error: 'say why the account may ship' })
    .trim()
    .min(5, 'say why the account may ship (5 characters at least)')
    .max(500, 'at most 500 characters'),
  expiresOn: ZIsoDate,
});

const holdsAccess = { userType: 'borrowers', requirement: API_ACCESS.customers } as const;

export const creditHoldCalls = {
  list: call({
    method: 'GET',
    path: '/credit_holds',
    query: ZCreditHoldsQuery,
    access: holdsAccess,
    summary: "Accounts on credit hold today (and those released), with the rules' reasons, for the dispatch desk",
    answer: paged(ZCreditHold),
  }),
  csv: call({
    method: 'GET',
    path: '/credit_holds/export.csv',
    query: z.object({ clientId: ZClientIdParam, status: z.enum([...HOLD_STATUSES, 'ALL']).default('ALL') }),
    access: holdsAccess,
    summary: 'The same list as CSV, every row',
    answer: file(CSV_CONTENT_TYPE),
  }),
  release: call({
    method: 'POST',
    path: '/credit_holds/{code}/release',
    params: ZObligorCodeParam,
    body: ZReleaseBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageCustomers },
    summary: `Releases a held account until a date (at most ${MAX_RELEASE_DAYS} days ahead), with the reason; audited`,
    answer: json(ZCreditHold),
  }),
  rules: call({
    method: 'GET',
    path: '/credit_holds/rules',
    access: holdsAccess,
    summary: "The client's hold rules (the default until it saves its own)",
    answer: json(ZHoldRules),
  }),
  saveRules: call({
    method: 'PUT',
    path: '/credit_holds/rules',
    body: ZHoldRulesBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.integrations },
    summary: 'Saves the hold rules (administrators)',
    answer: json(ZHoldRules),
  }),
};
