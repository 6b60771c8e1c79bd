import type { ClientMetadata } from 'oidc-provider';

/** The user's own machine, where a native app listens for its redirect (RFC 8252 §7.3): oidc-provider's list. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What a client may register, by dynamic registration or its metadata document, beyond oidc-provider's
 * own checks (oidc-provider's `extraClientMetadata` validator, called with the client's whole metadata):
 * - redirect URIs over https, or over http to a loopback address only, as OAuth 2.1 and MCP's
 *   authorization spec require: a code sent over plain http to another host can be read on the way;
 * - no client secret: every client here is public, but oidc-provider hands one out (and stores it)
 *   to a registration that does not name its `token_endpoint_auth_method`, though `none` applies.
 */
export const clientMetadataCheck = (errors: typeof import('oidc-provider').errors) => (_ctx: unknown, key: string, value: unknown, metadata: ClientMetadata) => {
  if (key !== 'redirect_uris') return;
  delete metadata.client_secret;
  delete metadata.client_secret_expires_at;
  for (const uri of Array.isArray(value) ? value : []) {
    const url = typeof uri === 'string' ? URL.parse(uri) : null;
    if (url?.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new errors.InvalidRedirectUri('redirect_uris over http must be to a loopback address (127.0.0.1, [::1] or localhost); use https for any other host');
    }
  }
};
