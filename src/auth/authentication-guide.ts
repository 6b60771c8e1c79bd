/**
 * How a client authenticates, in the words both published contracts use (the GraphQL schema's
 * description and the OpenAPI document's), so people and AI agents reading either learn it.
 */
export const authenticationGuide = [
  'Every request acts for the one tenant that owns its API key. Send the key as `Authorization: Bearer <key>`.',
  'Keys come in pairs, created by a tenant administrator (`npm run cli -- key create`): a secret key (`sk_live_...`) for servers, carrying scopes, and a publishable key (`pk_live_...`) that may sit in a browser and only reaches public operations.',
  'A request without a valid key is refused as UNAUTHENTICATED (REST: 401 with a `WWW-Authenticate: Bearer` header); a key without the scope an operation needs as FORBIDDEN, naming the scope (GraphQL: `extensions.requiredScope`; REST: 403 with `X-Required-Scope`).',
  'The same operations are served over GraphQL at `/graphql` and REST under `/api` (OpenAPI document at `/openapi.json`).',
].join('\n\n');
