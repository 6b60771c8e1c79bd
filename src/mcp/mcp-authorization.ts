import type { Principal } from '../auth/api-keys.js';
import { roleScopes } from '../auth/roles.js';
import { mayAccess, scopesNamed, type ScopeMap } from '../graphql/access.js';
import { ErrorCodes } from '../shared/errors.js';

/**
 * Step-up authorization: an OAuth token calling a tool that needs a scope it was not granted, but
 * which its user's role holds, is answered 403 `insufficient_scope` naming the scopes to ask for
 * (those it has and the missing one), so the client asks its user to consent again. Null when the
 * call may go on (it is allowed, or no consent could allow it: the tool call itself then says why).
 */
export function stepUpChallenge(access: ScopeMap | null, principal: Principal, resourceMetadata: string): Response | null {
  if (principal.via !== 'oauth' || !access || mayAccess(access, principal)) return null;
  const missing = scopesNamed(access).find((scope) => !principal.scopes.has(scope) && roleScopes[principal.role].includes(scope));
  if (!missing) return null;
  const scope = [...principal.scopes, missing].join(' ');
  const message = `Forbidden: this tool needs the \`${missing}\` scope, which this token was not granted; ask the user to allow it`;
  return Response.json(
    { error: ErrorCodes.FORBIDDEN.title, message },
    { status: 403, headers: { 'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${resourceMetadata}", error_description="${message.replace(/["\\`]/g, "'")}"` } },
  );
}
