import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import {
  EmailAddressResolver,
  JSONObjectResolver,
  UUIDResolver,
} from 'graphql-scalars';
import type { Scope } from '../auth/scopes.js';
import { loadConfig } from '../config.js';
import type { Prisma } from '../generated/prisma/client.js';
import type PrismaTypes from '../generated/pothos-prisma-types.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import type { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { problemCode } from '../shared/validation.js';
import { forbidden, missingScope, scopeChecks, unauthenticated } from './access.js';
import type { Context } from './context.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';
import { readGrantsPlugin } from './read-grants-plugin.js';
import { userErrorsPlugin, validationRefusal } from './user-errors-plugin.js';
import { DateOrDateTimeScalar, DateScalar, DateTimeScalar, MoneyScalar, QuantityScalar, RateScalar } from './scalars.js';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  AuthScopes: {
    /** A secret key carrying this scope. */
    scope: Scope;
    /** Any secret key of the tenant, whatever its scopes. */
    secretKey: boolean;
    /** Public operations (the booking widget's): a key of either kind carrying this scope. */
    publicScope: Scope;
    /** The key's tenant has this module enabled. */
    module: TenantModule;
    /** The key's user has one of these roles. */
    role: readonly UserRole[];
  };
  Scalars: {
    UUID: { Input: string; Output: string };
    Date: { Input: Date; Output: Date };
    DateOrDateTime: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date };
    EmailAddress: { Input: string; Output: string };
    JSONObject: { Input: Prisma.InputJsonObject; Output: unknown };
    Money: { Input: string; Output: unknown };
    Quantity: { Input: string; Output: unknown };
    Rate: { Input: string; Output: unknown };
  };
}>({
  // Scope checks run first so nothing else (validation included) runs for a caller without access;
  // read grants record what mutations and embedding relations return (src/graphql/read-access.ts);
  // mutation payloads report their refusals as `userErrors` (src/graphql/user-errors-plugin.ts).
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ValidationPlugin, readGrantsPlugin, userErrorsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: scopeChecks,
    unauthorizedError: (_parent, ctx, _info, result) => (ctx.principal ? forbidden(missingScope(result.failure)) : unauthenticated(ctx)),
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Records are addressed by their UUIDs; no global Node ids or node(id) lookups.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    pageInfoTypeOptions: { description: 'Where a connection page stands in the whole list.' },
    hasNextPageFieldOptions: { description: 'Whether more items follow this page.' },
    hasPreviousPageFieldOptions: { description: 'Whether items precede this page.' },
    startCursorFieldOptions: { description: 'Cursor of the first item of this page.' },
    endCursorFieldOptions: { description: 'Cursor of the last item of this page; pass it as `after` for the next page.' },
    defaultConnectionTypeOptions: { description: 'A page of a list, with cursors to move through it.' },
    defaultEdgeTypeOptions: { description: 'An item of a connection page, with its cursor.' },
    edgesFieldOptions: { description: 'The items of this page.' },
    pageInfoFieldOptions: { description: 'Position of this page in the whole list.' },
    cursorFieldOptions: { description: 'Opaque position of this item; pass it as `after` or `before`.' },
    nodeFieldOptions: { description: 'The item.' },
    nodesOnConnection: { description: 'The items of this page, without their cursors.' },
    firstArgOptions: { description: `Return the first n items (after \`after\`): 0 to ${MAX_PAGE_SIZE}. Without \`first\` or \`last\`, the first ${DEFAULT_PAGE_SIZE}.` },
    lastArgOptions: { description: `Return the last n items (before \`before\`): 0 to ${MAX_PAGE_SIZE}; not with \`first\`. Without \`first\` or \`last\`, the first ${DEFAULT_PAGE_SIZE} are answered.` },
    afterArgOptions: { description: 'Return items after this cursor.' },
    beforeArgOptions: { description: 'Return items before this cursor.' },
  },
  prisma: {
    // The tenant-scoped client: every query the plugin issues is confined to the caller's tenant.
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    // Nested connections page like the root lists.
    defaultConnectionSize: DEFAULT_PAGE_SIZE,
    maxConnectionSize: MAX_PAGE_SIZE,
    // Tests fail when a resolver ignores the planned query (a sign of N+1 loading).
    onUnusedQuery: loadConfig().NODE_ENV === 'test' ? 'error' : null,
  },
  validation: {
    validationError: (result) =>
      validationRefusal(
        result.issues.map((issue) => ({
          field: (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.'),
          message: issue.message,
          code: problemCode(issue),
        })),
      ),
  },
});

builder.addScalarType('UUID', UUIDResolver);
builder.addScalarType('Date', DateScalar, {});
builder.addScalarType('DateTime', DateTimeScalar, {});
builder.addScalarType('DateOrDateTime', DateOrDateTimeScalar, {});
builder.addScalarType('EmailAddress', EmailAddressResolver, {});
builder.addScalarType('JSONObject', JSONObjectResolver, {});
builder.addScalarType('Money', MoneyScalar, {});
builder.addScalarType('Quantity', QuantityScalar, {});
builder.addScalarType('Rate', RateScalar, {});

builder.queryType({ description: 'Read operations. Every field acts for the tenant that owns the API key, sent as `Authorization: Bearer <key>` (see the schema description).' });
builder.mutationType({
  description:
    'Write operations. Every field acts for the tenant that owns the API key, sent as `Authorization: Bearer <key>` (see the schema description). Every field selected (aliases included) spends one request of the rate-limit budget: an operation with more fields than the budget has left is refused whole (TOO_MANY_REQUESTS, HTTP 429) before any runs.',
});
builder.subscriptionType({
  description:
    'Live operations, over Server-Sent Events (POST /graphql with `Accept: text/event-stream`; any `graphql-sse` client). Every field acts for the tenant that owns the API key. Connecting spends one request of the rate-limit budget; the stream ends when the key is revoked, expires or may no longer see what it subscribed to, and when the server shuts down (the last message is then the reason, as an error).',
});
