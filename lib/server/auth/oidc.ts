import 'server-only';
import * as oidc from 'openid-client';
import { sealData, unsealData } from 'iron-session';
import { appUrl } from '@/lib/server/mail/send-mail';
import { sessionSecret } from './session-cookie';

/** Company SSO is offered only when all three are set. */
export function oidcSettings() {
  const issuer = process.env.OIDC_ISSUER;
  const clientId = process.env.OIDC_CLIENT_ID;
  const clientSecret = process.env.OIDC_CLIENT_SECRET;
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
}

export const oidcEnabled = () => oidcSettings() !== null;

export const OIDC_COOKIE = 'rd_oidc';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const FLOW_TTL_SECONDS = 10 * 60;

let discovered: { key: string; config: Promise<oidc.Configuration> } | undefined;

/** The provider's metadata, fetched once; a failed discovery is forgotten so the next try repeats it. */
export function oidcConfig(): Promise<oidc.Configuration> {
  const settings = oidcSettings();
  if (!settings) throw new Error('OIDC is not configured');
  const key = `${settings.issuer}|${settings.clientId}`;
  if (discovered?.key !== key) {
    const url = new URL(settings.issuer);
    // Plain http only for a provider on this machine (the end-to-end test's); anything else must be https.
    const local = url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
    const config = oidc.discovery(
      url,
      settings.clientId,
      settings.clientSecret,
      undefined,
      local ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    config.catch(() => {
      if (discovered?.config === config) discovered = undefined;
    });
    discovered = { key, config };
  }
  return discovered.config;
}

/** What the callback must see again: kept in a sealed, HttpOnly, 10-minute cookie. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  next: string | null;
}

export const callbackUrl = () => appUrl(OIDC_CALLBACK_PATH);

/** Authorization code + PKCE (S256) with state and nonce. */
export async function startOidc(next: string | null): Promise<{ url: URL; cookie: string }> {
  const config = await oidcConfig();
  const flow: Flow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, cookie: await sealData(flow, { password: sessionSecret(), ttl: FLOW_TTL_SECONDS }) };
}

export const oidcCookieOptions = (maxAge = FLOW_TTL_SECONDS) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/api/auth/oidc',
  maxAge,
  secure: process.env.NODE_ENV === 'production' && process.env.SESSION_COOKIE_SECURE !== 'false',
});

/**
 * Completes the flow: checks state, PKCE verifier and nonce, and answers the ID token's email
 * (lower-cased; from userinfo when the ID token lacks it) when the provider does not say it is unverified.
 */
export async function finishOidc(
  sealedFlow: string | undefined,
  search: string,
): Promise<{ email: string; next: string | null }> {
  if (!sealedFlow) throw new Error('OIDC flow cookie missing or expired');
  const flow = await unsealData<Partial<Flow>>(sealedFlow, { password: sessionSecret(), ttl: FLOW_TTL_SECONDS });
  if (!flow.state || !flow.nonce || !flow.verifier) throw new Error('OIDC flow cookie invalid');
  const config = await oidcConfig();
  const current = new URL(callbackUrl());
  current.search = search;
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  let { email, email_verified: verified } = claims;
  // Some providers put the email only in the userinfo answer; it is bound to the ID token's subject.
  if (typeof email !== 'string' && tokens.access_token) {
    ({ email, email_verified: verified } = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
  }
  if (typeof email !== 'string' || !email.trim() || verified === false)
    throw new Error('no verified email from the provider');
  email = email.trim().toLowerCase();
  return { email, next: flow.next ?? null };
}
