import { z } from 'zod';
import { call, json, redirect } from './call';

export const ZSignInBody = z.object({
  email: z.string().trim().toLowerCase().email('enter a valid email address').max(254),
  password: z.string().min(1, 'enter your password').max(256),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

/** The answer of a call that only says it was done. */
export const ZOk = z.strictObject({ ok: z.literal(true) });

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** The user entity of the spec: who is signed in, their pages and permissions, and where they start. */
export const ZUser = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  status: z.enum(USER_STATUSES),
  userType: z.enum(['borrowers', 'investors']),
  /** The spec's user_page: feature groups in the user's order. */
  userPage: z.array(z.strictObject({ featureType: z.string() })),
  pagePermissions: z.array(z.strictObject({ featureType: z.string(), accessValue: z.boolean() })),
  landingPath: z.string(),
  lastSignInAt: z.string().nullable(),
  /** A customer user's customer (the portal of that customer only); null for staff. */
  customer: z.strictObject({ code: z.string(), name: z.string() }).nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCheckIn = z.strictObject({ ok: z.literal(true), expiresAt: z.string() });

/** Where to go after company sign-in; anything but a path of this site is ignored. */
export const ZOidcStartQuery = z.object({ next: z.string().optional().catch(undefined) });

// ---- Calls ----

export const authCalls = {
  signIn: call({
    method: 'POST',
    path: '/sign_in',
    access: 'public',
    body: ZSignInBody,
    summary: 'Signs a borrower or an investor in with email and password; answers the user and sets the session cookie',
    answer: json(ZUser),
  }),
  signOut: call({
    method: 'DELETE',
    path: '/borrowers/sign_out',
    access: 'public',
    summary: 'Clears the session cookie, signed in or not',
    answer: json(ZOk),
  }),
  borrowerUser: call({
    method: 'GET',
    path: '/borrowers/user',
    access: { userType: 'borrowers', requirement: null, customers: true },
    summary: 'The signed-in borrower user',
    answer: json(ZUser),
  }),
  investorUser: call({
    method: 'GET',
    path: '/investors/user',
    access: { userType: 'investors', requirement: null },
    summary: 'The signed-in investor user',
    answer: json(ZUser),
  }),
  checkIn: call({
    method: 'GET',
    path: '/borrowers/check_in',
    access: 'signedIn',
    summary: 'Confirms the session (every 5 minutes) and slides its expiry',
    answer: json(ZCheckIn),
  }),
  sessionExpired: call({
    method: 'GET',
    path: '/session_expired',
    access: 'public',
    summary: 'Where pages send a session ended elsewhere: clears the cookie, then on to sign-in',
    answer: redirect,
  }),
  oidcStart: call({
    method: 'GET',
    path: '/auth/oidc/start',
    access: 'public',
    query: ZOidcStartQuery,
    summary: 'Company SSO: off to the identity provider (back to sign-in when SSO is not set up)',
    answer: redirect,
  }),
  oidcCallback: call({
    method: 'GET',
    path: '/auth/oidc/callback',
    access: 'public',
    summary: "Company SSO: the provider's answer; an active account of that email is signed in",
    answer: redirect,
  }),
};
