import type { ClientMetadata } from 'oidc-provider';

/** The user's own machine, where a native app listens for its redirect (RFC 8252 §7.3): oidc-provider's list. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const MAX_NAME = 200;
const MAX_REDIRECT_URIS = 10;
const MAX_URI = 2000;

/**
 * What a client may register, by dynamic registration or its metadata document, beyond oidc-provider's
 * own checks (oidc-provider's `extraClientMetadata` validator, called with the client's whole metadata):
 * - redirect URIs over https, or over http to a loopback address only, as OAuth 2.1 and MCP's
 *   authorization spec require: a code sent over plain http to another host can be read on the way;
 * - a name of at most 200 characters and at most 10 redirect URIs of 2,000 characters (registration
 *   is open to anyone, and the name is shown on the consent page);
 * - no client secret: every client here is public, but oidc-provider hands one out (and stores it)
 *   to a registration that does not name its `token_endpoint_auth_method`, though `none` applies.
 */
export const clientMetadataCheck = (errors: typeof import('oidc-provider').errors) => (_ctx: unknown, key: string, value: unknown, metadata: ClientMetadata) => {
  if (key !== 'redirect_uris') return;
  // What is shown to users and kept for ever is bounded: a name a consent page can show, a handful of URIs.
  if (typeof metadata.client_name === 'string' && metadata.client_name.length > MAX_NAME) {
    throw new errors.InvalidClientMetadata(`client_name must be at most ${MAX_NAME} characters`);
  }
  if (Array.isArray(value) && (value.length > MAX_REDIRECT_URIS || value.some((uri) => typeof uri === 'string' && uri.length > MAX_URI))) {
    throw new errors.InvalidRedirectUri(`at most ${MAX_REDIRECT_URIS} redirect_uris, each at most ${MAX_URI} characters`);
  }
  delete metadata.client_secret;
  delete metadata.client_secret_expires_at;
  for (const uri of Array.isArray(value) ? value : []) {
    const url = typeof uri === 'string' ? URL.parse(uri) : null;
    if (url?.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new errors.InvalidRedirectUri('redirect_uris over http must be to a loopback address (127.0.0.1, [::1] or localhost); use https for any other host');
    }
  }
};
