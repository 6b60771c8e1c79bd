import { allScopes } from '../auth/scopes.js';
import { MCP_PATH } from '../shared/mcp-path.js';

/**
 * The protected resources a token may be asked for (RFC 8707), as URLs: the whole API (REST,
 * GraphQL and /mcp, everything under the public URL) or /mcp alone, which MCP clients ask for
 * since they name the server they connect to. A token works where its resource's URL is a prefix
 * of the request's, so an /mcp token is refused by REST and GraphQL.
 */
export interface Resources {
  api: string;
  mcp: string;
}

export const resourcesOf = (publicUrl: string): Resources => {
  const origin = new URL(publicUrl).origin;
  return { api: origin, mcp: `${origin}${MCP_PATH}` };
};

/**
 * The resource a client named, spelt as ours are, or null when it is none of them. The query is
 * not part of it: a client that names the server URL it was given (`/mcp?toolsets=leads`) rather
 * than the metadata's `resource` asks for /mcp all the same.
 */
export function knownResource(resources: Resources, indicator: string): string | null {
  const url = URL.parse(indicator);
  if (!url || url.hash) return null;
  const spelt = `${url.origin}${url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')}`;
  return spelt === resources.api || spelt === resources.mcp ? spelt : null;
}

/** Whether a token bound to `resource` may be used on `surface` (the /mcp door, or the rest of the API). */
export const resourceCovers = (resources: Resources, resource: string, surface: 'mcp' | 'api') =>
  resource === resources.api || (surface === 'mcp' && resource === resources.mcp);

/** Where a resource's protected-resource metadata is (RFC 9728 §3.1: the well-known name inserted before the path). */
export const metadataUrlOf = (resource: string) => {
  const url = new URL(resource);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname === '/' ? '' : url.pathname}`;
};

/** The protected-resource metadata of `resource` (RFC 9728), naming this server as its authorization server. */
export const protectedResourceMetadata = (resource: string, issuer: string) => ({
  resource,
  authorization_servers: [issuer],
  scopes_supported: allScopes,
  bearer_methods_supported: ['header'],
  resource_name: resource.endsWith(MCP_PATH) ? 'Business Platform API (MCP)' : 'Business Platform API',
  resource_documentation: `${new URL(issuer).origin}/docs`,
});
