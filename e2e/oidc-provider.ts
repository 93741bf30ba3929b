import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/** The e2e OpenID provider: beside the app's port, like the SMTP server. */
export const OIDC_PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
export const OIDC_CLIENT = { id: 'receivables-e2e', secret: 'e2e-oidc-client-secret-not-for-production' };

/**
 * A local OpenID provider (the oidc-provider package) with its development login form: any login
 * with any password signs in, and the login typed is the account's email. Consent is pre-granted.
 */
export async function startOidcProvider(appPort: number): Promise<() => Promise<void>> {
  const provider = new Provider(`http://localhost:${OIDC_PORT}`, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`http://localhost:${appPort}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true }),
    }),
    // The email goes into the ID token itself (the default keeps it for userinfo only).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-oidc-cookie-key-one-two-three'] },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(OIDC_PORT, () => resolve(s));
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
