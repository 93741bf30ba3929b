import { z } from 'zod';

export const ZSignInBody = z.object({
  email: z.string().trim().toLowerCase().email('enter a valid email address').max(254),
  password: z.string().min(1, 'enter your password').max(256),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

export const ZUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  status: z.string(),
  userType: z.enum(['borrowers', 'investors']),
  /** The spec's user_page: feature groups in the user's order. */
  userPage: z.array(z.object({ featureType: z.string() })),
  pagePermissions: z.array(z.object({ featureType: z.string(), accessValue: z.boolean() })),
  landingPath: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCheckIn = z.object({ ok: z.literal(true), expiresAt: z.string() });
