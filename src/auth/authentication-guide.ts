/**
 * How a client authenticates, in the words both published contracts use (the GraphQL schema's
 * description and the OpenAPI document's), so people and AI agents reading either learn it.
 */
export const authenticationGuide = [
  'Every request acts for the one tenant that owns its API key. Send the key as `Authorization: Bearer <key>`.',
  'Keys come in pairs, created by a tenant administrator (`npm run cli -- key create`): a secret key (`sk_live_...`) for servers, carrying scopes, and a publishable key (`pk_live_...`) that may sit in a browser and only reaches public operations.',
  'A request without a valid key is refused as UNAUTHENTICATED (REST: 401 with a `WWW-Authenticate: Bearer` header); a key without the scope an operation needs as FORBIDDEN, naming the scope (GraphQL: `extensions.requiredScope`; REST: 403 with `X-Required-Scope`).',
  'Each key has a request budget per window (by default 100 requests per 10 s; a key pair may have its own); every answer says what is left in `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), and a request past it is refused as TOO_MANY_REQUESTS (HTTP 429 on both surfaces) with `Retry-After`.',
  'Writes are safe to retry: send an `Idempotency-Key` header (a new UUID per intended write) with a POST, a REST write or a GraphQL mutation. The first request runs; a repeat within 24 hours gets the same answer with `Idempotent-Replayed: true`; the same key with another request is IDEMPOTENCY_KEY_REUSED (422), and while the first still runs IDEMPOTENCY_KEY_IN_USE (409).',
  'A database that is unavailable is SERVICE_UNAVAILABLE (HTTP 503 on both surfaces, with `Retry-After`): retry later. Every answer carries `X-Request-Id` (yours, if you send one); quote it when reporting a problem.',
  'The same operations are served over GraphQL at `/graphql` and REST under `/api` (OpenAPI document at `/openapi.json`).',
].join('\n\n');
