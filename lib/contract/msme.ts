import { z } from 'zod';
import { MSME_CATEGORIES } from '@/lib/domain/msmed-interest';
import { API_ACCESS } from './access';
import { call, file, json } from './call';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from './downloads';
import { ZClientIdParam, ZIsoDate, zRequiredDay } from './common';
import { blankAsAbsent } from './communications';

const ZCode = z.string({ error: 'choose a customer' }).trim().min(1, 'choose a customer').max(64);

/** GET /msme/interest: MSMED s16 interest of one customer's invoices, worked out to `date` (default today). */
export const ZMsmeInterestQuery = z.object({
  clientId: ZClientIdParam,
  sysObligorCode: ZCode,
  date: ZIsoDate.optional(),
});
export type TMsmeInterestQuery = z.infer<typeof ZMsmeInterestQuery>;

export const ZMsmeInterestInvoice = z.strictObject({
  sysInvoiceNum: z.string(),
  invoiceNum: z.string(),
  /** Acceptance is taken as the invoice date. */
  acceptanceDate: z.string(),
  statutoryDueDate: z.string(),
  daysBeyond: z.number().int(),
  principalOutstanding: z.number(),
  interest: z.number(),
});
export type TMsmeInterestInvoice = z.infer<typeof ZMsmeInterestInvoice>;

/** The s16 figures of one open item, as the open-invoice list shows them (null: no claim on it). */
export const ZMsmeItemInterest = z.strictObject({
  statutoryDueDate: z.string(),
  /** Days from the statutory due date to the date asked (0 before it). */
  daysBeyond: z.number().int(),
  interest: z.number(),
});

/** The interest a statement of account states at its end date (the client's "add interest to statements"). */
export const ZStatementInterest = z.strictObject({
  date: z.string(),
  total: z.number(),
  lines: z.array(ZMsmeInterestInvoice.extend({ sysObligorCode: z.string() })),
});
export type TStatementInterest = z.infer<typeof ZStatementInterest>;

export const ZMsmeInterest = z.strictObject({
  sysObligorCode: z.string(),
  date: z.string(),
  /** Why nothing is owed when nothing is: the client is not a micro or small enterprise, or the customer is opted out. */
  applies: z.boolean(),
  reason: z.string().nullable(),
  agreedCreditDays: z.number().int().nullable(),
  optOut: z.boolean(),
  totalInterest: z.number(),
  invoices: z.array(ZMsmeInterestInvoice),
});
export type TMsmeInterest = z.infer<typeof ZMsmeInterest>;

const ZRate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'enter the rate as a number' })
    .gt(0, 'the rate must be more than zero')
    .lt(50, 'the rate is too high'),
);

export const ZBankRate = z.object({
  effectiveFrom: zRequiredDay('enter the day the rate took effect'),
  ratePercent: ZRate,
  source: blankAsAbsent(z.string().trim().max(300, 'at most 300 characters')),
});

export const ZMsmeSettings = z.strictObject({
  udyamNumber: z.string().nullable(),
  category: z.enum(MSME_CATEGORIES).nullable(),
  addInterestToReminders: z.boolean(),
  /** The statement of account (screen, PDF, workbook) states the interest at its end date. */
  addInterestToStatements: z.boolean(),
  interestGstRate: z.number(),
  /** The client's own table, else the product's cited one (`defaultRates` true). */
  bankRates: z.array(
    z.strictObject({ effectiveFrom: z.string(), ratePercent: z.number(), source: z.string().nullable() }),
  ),
  defaultRates: z.boolean(),
});
export type TMsmeSettings = z.infer<typeof ZMsmeSettings>;

/** UDYAM-XX-00-0000000: two letters of the state, two digits of the district, seven digits. */
const UDYAM = /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/;

export const ZSaveMsmeSettingsBody = z.object({
  clientId: ZClientIdParam,
  udyamNumber: blankAsAbsent(
    z.string().trim().toUpperCase().regex(UDYAM, 'write the Udyam number as UDYAM-XX-00-0000000'),
  ),
  category: blankAsAbsent(z.enum(MSME_CATEGORIES, { error: 'choose micro, small or medium' })),
  addInterestToReminders: z.boolean().default(false),
  addInterestToStatements: z.boolean().default(false),
  interestGstRate: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: 'enter the GST rate as a number' }).min(0, 'at least 0').max(28, 'at most 28'),
  ),
  /** Replaces the client's table; empty: back to the product's table. */
  bankRates: z
    .array(ZBankRate)
    .max(200, 'at most 200 rates')
    .default([])
    .refine((rates) => new Set(rates.map((r) => r.effectiveFrom)).size === rates.length, 'one rate per day'),
});
export type TSaveMsmeSettingsBody = z.infer<typeof ZSaveMsmeSettingsBody>;

export const ZMsmeTermsParams = z.object({ code: ZCode });
export const ZMsmeTermsBody = z.object({
  clientId: ZClientIdParam,
  agreedCreditDays: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'enter the agreed days as a whole number' })
      .int('enter the agreed days as a whole number')
      .min(0, 'at least 0 days')
      .max(365, 'at most 365 days')
      .nullable()
      .default(null),
  ),
  optOut: z.boolean().default(false),
});
export type TMsmeTermsBody = z.infer<typeof ZMsmeTermsBody>;
export const ZMsmeTerms = z.strictObject({
  sysObligorCode: z.string(),
  agreedCreditDays: z.number().int().nullable(),
  optOut: z.boolean(),
});
export type TMsmeTerms = z.infer<typeof ZMsmeTerms>;

export const msmeCalls = {
  interest: call({
    method: 'GET',
    path: '/msme/interest',
    query: ZMsmeInterestQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary:
      "MSMED Act s16 interest on a customer's invoices to a date: statutory due date, days beyond it, principal still owed, interest (compound, monthly rests, 3x the RBI Bank Rate)",
    answer: json(ZMsmeInterest),
  }),
  caseFile: call({
    method: 'GET',
    path: '/msme/case_file.xlsx',
    query: ZMsmeInterestQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary:
      "A customer's MSMED case file (MSME Samadhaan): invoices with acceptance and statutory due dates, payments, interest month by month, communications and promises",
    answer: file(XLSX_CONTENT_TYPE),
  }),
  caseFilePdf: call({
    method: 'GET',
    path: '/msme/case_file.pdf',
    query: ZMsmeInterestQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary:
      "A customer's MSMED case file as a PDF to attach to a reference on MSME Samadhaan: the same facts as the workbook",
    answer: file('application/pdf'),
  }),
  debitNoteCsv: call({
    method: 'GET',
    path: '/msme/debit_note.csv',
    query: ZMsmeInterestQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: "Draft debit note of a customer's MSMED interest to a date, GST at the client's rate, as CSV",
    answer: file(CSV_CONTENT_TYPE),
  }),
  debitNoteXml: call({
    method: 'GET',
    path: '/msme/debit_note.xml',
    query: ZMsmeInterestQuery,
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: 'The same draft debit note as a Tally XML voucher to import',
    answer: file('application/xml; charset=utf-8'),
  }),
  settings: call({
    method: 'GET',
    path: '/msme/settings',
    query: z.object({ clientId: ZClientIdParam }),
    access: { userType: 'borrowers', requirement: API_ACCESS.customerNotes },
    summary: "The client's Udyam registration, category, interest options and Bank Rate table",
    answer: json(ZMsmeSettings),
  }),
  saveSettings: call({
    method: 'PUT',
    path: '/msme/settings',
    body: ZSaveMsmeSettingsBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.manageUsers },
    summary: "Saves the client's Udyam registration, category, interest options and Bank Rate table (admin)",
    answer: json(ZMsmeSettings),
  }),
  saveTerms: call({
    method: 'PUT',
    path: '/msme/terms/{code}',
    params: ZMsmeTermsParams,
    body: ZMsmeTermsBody,
    access: { userType: 'borrowers', requirement: API_ACCESS.logCommunication },
    summary: "Sets a customer's agreed credit period (MSMED s15 counts up to 45 days) and interest opt-out",
    answer: json(ZMsmeTerms),
  }),
};
