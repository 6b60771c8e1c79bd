import { builder } from '../graphql/builder.js';
import { Node } from '../graphql/node.js';
import { principalOf } from '../graphql/context.js';
import { defineList } from '../graphql/connection.js';
import { DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { disclose } from '../shared/disclosures.js';
import { optionalText } from '../shared/validation.js';
import { keyPairOrder, listKeyPairs } from './key-pair-list.js';
import { allowedActions, statusOf } from './key-pair.rules.js';
import type { IssuedKeyPair } from './key-pairs.js';
import { createKeyPair, parseScopes, revokeKeyPair, rotateKeyPair, updateKeyPair } from './key-pairs.js';
import { allScopes, Scopes } from './scopes.js';
import { recordPayload } from '../graphql/mutation-payload.js';

const manageKeys = { scope: 'settings.manage' } as const;

const ApiKeyKindEnum = builder.enumType('ApiKeyKind', {
  description: 'The two keys of a pair.',
  values: {
    publishable: { description: 'For public pages (the booking widget): unlocks only the public operations.' },
    secret: { description: 'For servers: unlocks every operation its scopes allow. Never put it in a browser.' },
  },
});

const ApiKey = builder.prismaObject('ApiKey', {
  interfaces: [Node],
  description: 'One key of a pair, as shown after its creation: never the key itself, only a hint to recognise it.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Key id (the command line revokes and rotates keys by it).' }),
    kind: t.expose('kind', { type: ApiKeyKindEnum, description: 'Publishable or secret.' }),
    hint: t.string({
      description: 'The key\'s prefix and last four characters, such as `sk_live_…x7Qa` (`sk_live_…` alone for keys issued before they were kept).',
      select: { kind: true, lastFour: true },
      resolve: (key) => `${key.kind === 'secret' ? 'sk_live_' : 'pk_live_'}…${key.lastFour ?? ''}`,
    }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When a request last used the key (recorded at most once a minute); null if never.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When the key was revoked; null while it is not.' }),
  }),
});

const TrustedDocumentsRuleEnum = builder.enumType('TrustedDocumentsRule', {
  description:
    'Which keys of a pair may run only the tenant\'s trusted documents over GraphQL (registered with `registerTrustedDocuments`); the others may send any `query`. REST routes and MCP tools run the server\'s own documents and are open to every key.',
  values: {
    publishable: { description: 'The publishable key only (the default): a public page runs just the documents its build registered.' },
    all: { description: 'Both keys.' },
    none: { description: 'Neither key.' },
  },
});

const allowedOriginsDescription =
  'Origins (`https://shop.example`, `http://127.0.0.1:5555`) whose pages may use its publishable key: a browser request from any other page is refused with 403, and CORS answers only these. Empty: any page may (the key should be bound once its site is known). Requests without an `Origin` header (servers, native apps) are not affected.';

const ApiKeyPairStatusEnum = builder.enumType('ApiKeyPairStatus', {
  description: 'Whether a pair\'s keys work.',
  values: {
    active: { description: 'Its keys work.' },
    expiring: { description: 'Rotated: its keys work until `expiresAt` (24 hours after the rotation).' },
    expired: { description: 'Rotated more than 24 hours ago: its keys no longer work.' },
    revoked: { description: 'Revoked: its keys no longer work.' },
  },
});

const ApiKeyPairActionEnum = builder.enumType('ApiKeyPairAction', {
  description: 'What a caller may do with a pair.',
  values: {
    rotate: { description: "Issue its successor (`rotateApiKeyPair`): only the pair's own user, with every scope the pair carries, while it is active." },
    revoke: { description: "Stop its keys now (`revokeApiKeyPair`): the pair's own user, or an administrator, while its keys work." },
    update: { description: "Change which of its keys run only trusted documents, or its origins (`updateApiKeyPair`): the pair's own user, or an administrator, while its keys work." },
  },
});

export const ApiKeyPair = builder.prismaObject('ApiKeyPair', {
  interfaces: [Node],
  description:
    'A named pair of API keys (one publishable, one secret) with fixed scopes, acting as the user who created it. Created, rotated and revoked in the dashboard (Settings → API Keys) or with these mutations.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Pair id.' }),
    name: t.exposeString('name', { description: 'What the pair is for, such as "Website booking widget".' }),
    scopes: t.exposeStringList('scopes', {
      description: "Scopes its keys carry (see `apiScopes`). A key acts with those its user's current role allows, at every request (`viewer { scopes }` shows them).",
    }),
    createdBy: t.relation('user', { description: 'The user who created the pair; its keys act as this user.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the pair was created.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'Set by rotation: when the keys stop working. Null until the pair is rotated.' }),
    trustedDocuments: t.expose('trustedDocuments', {
      type: TrustedDocumentsRuleEnum,
      description: 'Which of its keys run only trusted documents over GraphQL: a free-text `query` from them is refused (400 `PERSISTED_QUERY_ONLY`).',
    }),
    rateLimit: t.exposeInt('rateLimit', { nullable: true, description: "Requests each key may make per rate-limit window; null for the server's default." }),
    allowedOrigins: t.exposeStringList('allowedOrigins', { description: allowedOriginsDescription }),
    status: t.field({
      type: ApiKeyPairStatusEnum,
      description: 'Whether its keys work now.',
      select: { expiresAt: true, keys: { select: { revokedAt: true } } },
      resolve: (pair, _args, ctx) => statusOf(pair, ctx.now()),
    }),
    lastUsedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When either key was last used (recorded at most once a minute); null if never.',
      select: { keys: { select: { lastUsedAt: true } } },
      resolve: (pair) => pair.keys.map((key) => key.lastUsedAt).reduce<Date | null>((latest, used) => (used && (!latest || used > latest) ? used : latest), null),
    }),
    keys: t.relation('keys', { description: 'Its two keys, publishable first.', query: { orderBy: { kind: 'asc' } } }),
    allowedActions: t.field({
      type: [ApiKeyPairActionEnum],
      description: 'What the caller may do with the pair now (see `ApiKeyPairAction`); the mutations refuse the others.',
      select: { userId: true, scopes: true, expiresAt: true, keys: { select: { revokedAt: true } } },
      resolve: (pair, _args, ctx) => allowedActions(pair, principalOf(ctx), ctx.now()),
    }),
  }),
});

const keyPairList = defineList(ApiKeyPair, keyPairOrder, {
  plural: 'API key pairs',
  filterDescription: 'Conditions on key pairs; every given condition must hold.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the name'), validate: optionalText(200) }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only pairs created in this interval.' }),
  }),
});

/** The scopes as a GraphQL enum, for clients that type them (`viewer { scopeNames }`). */
export const ApiScopeNameEnum = builder.enumType('ApiScopeName', {
  description:
    'A scope a key pair can carry, as an enum: the scope with `_` for each `.` (`leads_lead_read` is `leads.lead.read`). Inputs and the `scopes` string lists take and show the dotted form keys carry.',
  values: Object.fromEntries(allScopes.map((scope) => [scope.replaceAll('.', '_'), { value: scope, description: `${Scopes[scope]} (\`${scope}\`)` }])),
});

const ApiScope = builder.objectRef<{ name: string; description: string; area: string }>('ApiScope').implement({
  description: 'A permission a key pair can carry.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The scope, as keys carry it (`leads.lead.read`).' }),
    area: t.exposeString('area', { description: 'The part of the product it belongs to (`leads`, `bookings`, ...), to group scopes by.' }),
    description: t.exposeString('description', { description: 'What it grants.' }),
  }),
});

/** What a repeat of the request that issued a pair is told (src/http/idempotency.ts): its keys are shown once. */
const pairDisclosure = (id: string) => ({
  what: `the keys of key pair ${id}`,
  ifLost: 'if they were lost, revoke that pair and create another (with a new Idempotency-Key)',
});

const IssuedApiKeyPair = builder.objectRef<IssuedKeyPair>('IssuedApiKeyPair').implement({
  description: 'A newly issued pair with its keys in clear text. This is the only time the keys are shown: only their hashes are stored.',
  fields: (t) => ({
    pair: t.field({
      type: ApiKeyPair,
      description: 'The new pair.',
      resolve: (issued, _args, ctx) => ctx.db.apiKeyPair.findUniqueOrThrow({ where: { id: issued.id } }),
    }),
    publishableKey: t.string({
      description: 'The publishable key (`pk_live_...`): for public pages.',
      resolve: (issued) => disclose(issued.publishable.key, pairDisclosure(issued.id)),
    }),
    secretKey: t.string({
      description: 'The secret key (`sk_live_...`): for servers only. Store it now; it cannot be shown again.',
      resolve: (issued) => disclose(issued.secret.key, pairDisclosure(issued.id)),
    }),
  }),
});

const CreateApiKeyPairInput = builder.inputType('CreateApiKeyPairInput', {
  description: 'A new key pair.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'What the pair is for (1 to 200 characters).' }),
    scopes: t.stringList({ required: true, description: 'Scopes to grant (see `apiScopes`): at least one, each one you hold yourself.' }),
    trustedDocuments: t.field({
      type: TrustedDocumentsRuleEnum,
      required: false,
      description: 'Which of its keys run only trusted documents over GraphQL; omitted, `publishable`.',
    }),
    allowedOrigins: t.stringList({
      required: false,
      description: `Origins whose pages may use its publishable key: scheme://host[:port] each (https, or http for localhost, 127.0.0.1 and [::1]), at most 20; normalised as browsers send them, duplicates removed. Omitted: any page.`,
    }),
  }),
});

const UpdateApiKeyPairInput = builder.inputType('UpdateApiKeyPairInput', {
  description: 'What to change on a key pair; fields left out stay as they are.',
  fields: (t) => ({
    trustedDocuments: t.field({
      type: TrustedDocumentsRuleEnum,
      required: false,
      description: 'Which of its keys run only trusted documents over GraphQL (every server process applies it within a second).',
    }),
    allowedOrigins: t.stringList({
      required: false,
      description: 'The whole new list of origins whose pages may use its publishable key (replaces the old one; `[]` lets any page again). Same rules as on creation; every server process applies it within a second.',
    }),
  }),
});

builder.queryFields((t) => ({
  apiScopes: t.field({
    type: [ApiScope],
    description: 'Every scope a key pair can carry, with what it grants, grouped by `area`.',
    authScopes: manageKeys,
    resolve: () => allScopes.map((name) => ({ name, description: Scopes[name], area: name.split('.')[0] ?? name })),
  }),
  apiKeyPairs: t.field({
    type: keyPairList.connection,
    description: "The tenant's key pairs, newest first unless `orderBy` says otherwise, revoked and expired ones included (their `status` says so).",
    authScopes: manageKeys,
    args: keyPairList.args(),
    resolve: (_root, args, ctx) => listKeyPairs(ctx, args),
  }),
}));

const CreateApiKeyPairPayload = recordPayload('createApiKeyPair', 'issuedApiKeyPair', IssuedApiKeyPair);
const RotateApiKeyPairPayload = recordPayload('rotateApiKeyPair', 'issuedApiKeyPair', IssuedApiKeyPair);
const UpdateApiKeyPairPayload = recordPayload('updateApiKeyPair', 'apiKeyPair', ApiKeyPair);
const RevokeApiKeyPairPayload = recordPayload('revokeApiKeyPair', 'apiKeyPair', ApiKeyPair);

builder.mutationFields((t) => ({
  createApiKeyPair: t.field({
    type: CreateApiKeyPairPayload,
    description:
      "Creates a key pair acting as the caller's user, with scopes the caller holds (a key's: its pair's within its user's role). The keys are in the answer, and never shown again: a retry with the same `Idempotency-Key` is a 409 `CREDENTIALS_NOT_REPLAYED`, never a second pair.",
    authScopes: manageKeys,
    args: { input: t.arg({ type: CreateApiKeyPairInput, required: true, description: 'Name and scopes.' }) },
    resolve: (_root, { input }, ctx) => {
      const principal = principalOf(ctx);
      return createKeyPair(ctx.db, {
        tenantId: principal.tenantId,
        userId: principal.userId,
        name: input.name,
        scopes: parseScopes(input.scopes),
        trustedDocuments: input.trustedDocuments ?? undefined,
        allowedOrigins: input.allowedOrigins ?? undefined,
        grantableScopes: principal.scopes,
      });
    },
  }),
  rotateApiKeyPair: t.field({
    type: RotateApiKeyPairPayload,
    description:
      "Issues a new pair with the same name, scopes, user, trusted-documents rule and pair-only trusted documents; the old pair keeps working for 24 hours (its `status` is `expiring`), then stops. The new keys are in the answer, and never shown again. Only the pair's own user may rotate it, with a key or session holding every scope it carries (403 otherwise: the new keys act as that user); 409 for a pair already rotated, revoked or expired. Concurrent rotations of one pair issue one new pair.",
    authScopes: manageKeys,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Id of the pair to rotate.' }) },
    resolve: (_root, { id }, ctx) => rotateKeyPair(ctx.db, id, principalOf(ctx), ctx.now()),
  }),
  updateApiKeyPair: t.field({
    type: UpdateApiKeyPairPayload,
    description:
      "Changes a pair's settings (which of its keys run only trusted documents, which origins' pages may use its publishable key). The pair's own user may, and an administrator (`system_admin`) any pair of the tenant; others get 403. Its keys keep working and carry the change on every server process within a second.",
    authScopes: manageKeys,
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'Id of the pair to change.' }),
      input: t.arg({ type: UpdateApiKeyPairInput, required: true, description: 'The changes.' }),
    },
    resolve: async (_root, { id, input }, ctx) => {
      await updateKeyPair(ctx.db, id, principalOf(ctx), input, ctx.now());
      return ctx.db.apiKeyPair.findUniqueOrThrow({ where: { id } });
    },
  }),
  revokeApiKeyPair: t.field({
    type: RevokeApiKeyPairPayload,
    description:
      "Revokes both keys of a pair at once: the next request with either gets 401, on every server process. The pair's own user may revoke it, and an administrator (`system_admin`) any pair of the tenant; others get 403.",
    authScopes: manageKeys,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Id of the pair to revoke.' }) },
    resolve: async (_root, { id }, ctx) => {
      await revokeKeyPair(ctx.db, id, principalOf(ctx), ctx.now());
      return ctx.db.apiKeyPair.findUniqueOrThrow({ where: { id } });
    },
  }),
}));
