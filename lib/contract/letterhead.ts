import { z } from 'zod';
import { gstinProblem } from '@/lib/domain/gstin';
import { ZClientIdParam } from './common';

/** A logo's data URL at most this long: about 100 KB of PNG or JPEG, so that every PDF stays small. */
export const MAX_LOGO_CHARS = 140_000;
const LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/;

/** The client's letterhead on statements and reminder PDFs: its postal address, GSTIN and logo. */
export const ZLetterhead = z.strictObject({
  name: z.string(),
  /** Lines split by newlines. */
  address: z.string().nullable(),
  gstin: z.string().nullable(),
  /** A data URL (PNG or JPEG). */
  logo: z.string().nullable(),
});
export type TLetterhead = z.infer<typeof ZLetterhead>;

const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish());

export const ZLetterheadBody = z.object({
  clientId: ZClientIdParam,
  address: blankAsNull(
    z
      .string({ error: 'enter the postal address' })
      .trim()
      .max(400, 'at most 400 characters')
      .refine((s) => s.split('\n').length <= 5, 'at most 5 lines'),
  ),
  gstin: blankAsNull(
    z
      .string({ error: 'enter the GSTIN' })
      .trim()
      .transform((s) => s.toUpperCase())
      .superRefine((s, ctx) => {
        const problem = gstinProblem(s);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  logo: blankAsNull(
    z
      .string({ error: 'choose a PNG or JPEG image' })
      .max(MAX_LOGO_CHARS, 'the logo must be under 100 KB: make it smaller (about 400 by 120 pixels is plenty)')
      .regex(LOGO_PATTERN, 'the logo must be a PNG or JPEG image'),
  ),
});
export type TLetterheadBody = z.infer<typeof ZLetterheadBody>;
