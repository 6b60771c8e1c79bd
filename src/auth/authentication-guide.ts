import { limitsGuide } from '../graphql/limits.js';
import { roleScopes } from './roles.js';
import { allScopes } from './scopes.js';

const rolesInWords = Object.entries(roleScopes)
  .map(([role, scopes]) => `\`${role}\`: ${scopes.length === allScopes.length ? 'every scope' : scopes.map((scope) => `\`${scope}\``).join(', ')}`)
  .join('; ');

/**
 * How a client authenticates, in the words both published contracts use (the GraphQL schema's
 * description and the OpenAPI document's), so people and AI agents reading either learn it.
 */
export const authenticationGuide = [
  'Every request acts for the one tenant that owns its API key. Send the key as `Authorization: Bearer <key>`.',
  'Keys come in pairs, created in the tenant dashboard (`/dashboard`, Settings → API Keys), with the `createApiKeyPair` mutation, or on the server with `npm run cli -- key create`: a secret key (`sk_live_...`) for servers, carrying scopes, and a publishable key (`pk_live_...`) that may sit in a browser and only reaches public operations. The secret key is shown once, at creation. A key acts as the user who created its pair, with the pair\'s scopes within what that user\'s role allows at the time of each request. Rotating a pair (its own user only, once) issues a new one and lets the old keys work for 24 more hours; revoking (its own user, or an administrator) stops them at once.',
  `The dashboard's own pages authenticate with its session cookie instead, plus an \`X-CSRF-Token\` header (without it the cookie is ignored and the request is UNAUTHENTICATED). A session acts as a secret key holding the scopes of its user's role: ${rolesInWords}. Users and modules further need the \`system_admin\` role.`,
  'A request without a valid key (none, or one malformed, unknown, revoked, expired or of a deactivated user) is refused as UNAUTHENTICATED, with HTTP 401 and a `WWW-Authenticate: Bearer` header on every surface (GraphQL: unless the operation selects nothing but introspection); a key without the scope an operation needs as FORBIDDEN, naming the scope (GraphQL: `extensions.requiredScope`; REST: 403 with `X-Required-Scope`).',
  'Each key has a request budget per window (by default 100 requests per 10 s; a key pair may have its own; a publishable key, which every visitor of its page shares, is counted per client address, 30 by default, under a ceiling for the whole key, and books at most 10 times per hour from one address); a mutation spends one request per field it selects; every answer says what is left in `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), and a request past it is refused as TOO_MANY_REQUESTS (HTTP 429 on both surfaces) with `Retry-After`.',
  'Writes are safe to retry: send an `Idempotency-Key` header (a new UUID per intended write) with a POST, a REST write or a GraphQL mutation. The first request runs; a repeat within 24 hours gets the same answer with `Idempotent-Replayed: true`; the same key with another request is IDEMPOTENCY_KEY_REUSED (422), and while the first still runs IDEMPOTENCY_KEY_IN_USE (409). An answer that showed a secret (new keys, a webhook endpoint\'s signing secret) is never stored: its repeat is CREDENTIALS_NOT_REPLAYED (409), naming what was shown and what to do if it was lost.',
  'A database that is unavailable is SERVICE_UNAVAILABLE (HTTP 503 on both surfaces, with `Retry-After`): retry later. Every answer carries `X-Request-Id` (yours, if you send one); quote it when reporting a problem.',
  limitsGuide,
  'The same operations are served over GraphQL at `/graphql` and REST under `/api` (OpenAPI document at `/openapi.json`).',
].join('\n\n');
