import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { allScopes } from '../auth/scopes.js';
import { serverSecret, sharedServerValue } from '../db/server-secrets.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { logger } from '../shared/logger.js';
import { prismaAdapter } from './adapter.js';
import { clientMetadataCheck } from './client-policy.js';
import { knownResource, type Resources, resourcesOf } from './resources.js';

/** Where the authorization server's endpoints are, under the public URL. */
export const OAUTH_PATH = '/oauth';
/** Where oidc-provider sends the browser to sign in and consent (src/http/oauth.tsx). */
export const interactionPath = (uid: string) => `${OAUTH_PATH}/interaction/${uid}`;

/** Access tokens live half an hour; a client keeps working through its refresh token, which rotates on every use. */
export const ACCESS_TOKEN_SECONDS = 30 * 60;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const GRANT_SECONDS = 365 * 24 * 60 * 60;

export interface OAuthServerOptions {
  prisma: PrismaClient;
  publicUrl: string;
  /** Fetches of client ID metadata documents may reach private addresses (tests and local development only). */
  allowPrivateNetworks: boolean;
  /** The page a browser is shown when an authorization request cannot go on (a wrong redirect URI, an unknown client). */
  errorPage: (message: string) => string;
}

/** The signing key of the ID tokens OpenID clients may ask for: generated once and shared by every process. */
async function signingKeys(prisma: PrismaClient) {
  const jwk = await sharedServerValue(prisma, 'oauth-signing-key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: `es256-${Date.now().toString(36)}` });
  });
  return { keys: [JSON.parse(jwk) as Record<string, string>] };
}

async function findAccount(prisma: PrismaClient, id: string) {
  const user = await prisma.user.findFirst({ where: { id, deactivatedAt: null }, select: { id: true, email: true, name: true } }).catch(() => null);
  return user ? { accountId: user.id, claims: () => ({ sub: user.id, email: user.email, name: user.name }) } : undefined;
}

function configuration(options: OAuthServerOptions, errors: typeof import('oidc-provider').errors, resources: Resources, cookieKey: string, jwks: Configuration['jwks']): Configuration {
  const { prisma, allowPrivateNetworks, errorPage } = options;
  return {
    adapter: prismaAdapter(prisma, errors),
    jwks,
    cookies: { keys: [cookieKey] },
    findAccount: (_ctx, id) => findAccount(prisma, id),
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    scopes: ['openid', ...allScopes],
    responseTypes: ['code'],
    // Every client is public and proves itself with PKCE: no client secret exists to be stored or leaked.
    clientAuthMethods: ['none'],
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', id_token_signed_response_alg: 'ES256' },
    pkce: { required: () => true },
    extraClientMetadata: { properties: ['redirect_uris'], validator: clientMetadataCheck(errors) },
    routes: {
      authorization: `${OAUTH_PATH}/authorize`,
      token: `${OAUTH_PATH}/token`,
      registration: `${OAUTH_PATH}/register`,
      revocation: `${OAUTH_PATH}/revoke`,
      jwks: `${OAUTH_PATH}/jwks`,
      userinfo: `${OAUTH_PATH}/userinfo`,
      end_session: `${OAUTH_PATH}/session/end`,
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Grant: GRANT_SECONDS,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      IdToken: 60 * 60,
    },
    // A connected app keeps working after the browser's sign-in session ends, until it is revoked.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource gets the whole API; one that names two gets the first.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? resources.api,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          const resource = knownResource(resources, indicator);
          if (!resource) throw new errors.InvalidTarget(`unknown resource; this server protects ${resources.api} and ${resources.mcp}`);
          return { scope: allScopes.join(' '), audience: resource, accessTokenTTL: ACCESS_TOKEN_SECONDS, accessTokenFormat: 'opaque' };
        },
      },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
    } as Configuration['features'],
    // oidc-provider refuses special-use addresses for the documents it fetches; local development may allow them.
    fetch: (url, init) => {
      if (allowPrivateNetworks && init) delete (init as { dispatcher?: unknown }).dispatcher;
      return globalThis.fetch(url, init);
    },
    // An error that cannot be sent back to the app (its redirect URI is not to be trusted) is shown to the person.
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ? `${out.error}: ${out.error_description}` : out.error);
    },
  };
}

/**
 * The authorization server (oidc-provider), its keys read from or written to the database on first
 * use. The module (with Koa, 8 MB of heap and most of a second to load) is loaded then too, not at
 * start: a server nobody connects an app to never pays for it.
 */
export async function createOAuthServer(options: OAuthServerOptions): Promise<Provider> {
  const issuer = new URL(options.publicUrl).origin;
  const [{ default: OidcProvider, errors }, cookieKey, jwks] = await Promise.all([
    import('oidc-provider'),
    serverSecret(options.prisma, 'oauth-cookies'),
    signingKeys(options.prisma),
  ]);
  const provider = new OidcProvider(issuer, configuration(options, errors, resourcesOf(options.publicUrl), cookieKey.toString('base64url'), jwks));
  // Behind a proxy that terminates TLS, the public URL says https while the socket says http.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'oauth server error'));
  return provider;
}
