import type { Principal } from '../auth/api-keys.js';
import { ApiScopeNameEnum } from '../auth/key-pair.graphql.js';
import type { Scope } from '../auth/scopes.js';
import { TenantModule } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { Node, nodeLookup } from '../graphql/node.js';
import { principalOf } from '../graphql/context.js';
import { administerTenant, User } from '../users/user.graphql.js';
import { recordPayload, resultQuery } from '../graphql/mutation-payload.js';

const TenantModuleEnum = builder.enumType(TenantModule, {
  name: 'TenantModule',
  description: 'Optional parts of the product, turned on per tenant.',
  values: { inspections: { description: 'Field inspections: equipment, checklists, inspections, reviews and reports.' } },
});

const Tenant = builder.prismaObject('Tenant', {
  interfaces: [Node],
  // Not tenant-owned, so not confined by the tenant-scoped client: `node` finds the caller's own alone.
  ...nodeLookup({ where: (ctx) => ({ id: principalOf(ctx).tenantId }) }),
  description: 'The business that owns the data the caller sees.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Tenant id.' }),
    name: t.exposeString('name', { description: 'Business name, as on its invoices and reports.' }),
    modules: t.expose('modules', { type: [TenantModuleEnum], description: 'Modules turned on.' }),
  }),
});

const CredentialEnum = builder.enumType('Credential', {
  description: 'How a request authenticated.',
  values: {
    key: { description: 'An API key in `Authorization: Bearer`.' },
    session: { description: 'A dashboard session cookie with its `X-CSRF-Token` header.' },
    oauth: { description: 'An OAuth access token of an app or agent that the user connected (signed in and consented); it acts as that user within the scopes granted.' },
  },
});

const Viewer = builder.objectRef<{ userId: string; tenantId: string; via: Principal['via']; scopes: Scope[]; modules: TenantModule[] }>('Viewer').implement({
  description: 'Who the request acts as, and what it may do: a UI shows what its scopes and the modules open, and hides the rest.',
  fields: (t) => ({
    user: t.prismaField({
      type: User,
      description: 'The user the key or session acts as.',
      resolve: (query, viewer, _args, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: viewer.userId } }),
    }),
    tenant: t.prismaField({
      type: Tenant,
      description: 'Their business.',
      resolve: (query, viewer, _args, ctx) => ctx.prisma.tenant.findUniqueOrThrow({ ...query, where: { id: viewer.tenantId } }),
    }),
    credential: t.field({ type: CredentialEnum, description: 'How the request authenticated.', resolve: (viewer) => viewer.via }),
    scopes: t.exposeStringList('scopes', { description: "The scopes it holds: the key pair's, or for a session those of its user's role, as keys carry them (`leads.lead.read`)." }),
    scopeNames: t.field({
      type: [ApiScopeNameEnum],
      description: 'The same scopes as `scopes`, as `ApiScopeName` values, for clients generated from the schema. A nested field needing a scope not in this list answers null with a FORBIDDEN error.',
      resolve: (viewer) => viewer.scopes,
    }),
    modules: t.field({
      type: [TenantModuleEnum],
      description: "The modules turned on for the tenant (`tenant { modules }`): the operations of another module answer FORBIDDEN.",
      resolve: (viewer) => viewer.modules,
    }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: Viewer,
    description: 'Who the request acts as: the user, their business, and the scopes held.',
    authScopes: { secretKey: true },
    resolve: (_root, _args, ctx) => {
      const principal = principalOf(ctx);
      return { userId: principal.userId, tenantId: principal.tenantId, via: principal.via, scopes: [...principal.scopes].sort(), modules: [...principal.modules].sort() };
    },
  }),
}));

const SetModuleEnabledPayload = recordPayload('setModuleEnabled', 'tenant', Tenant);

builder.mutationFields((t) => ({
  setModuleEnabled: t.field({
    type: SetModuleEnabledPayload,
    description: 'Turns a module on or off for the tenant. Turning it off hides its operations (403) and keeps its data.',
    authScopes: administerTenant,
    args: {
      module: t.arg({ type: TenantModuleEnum, required: true, description: 'The module.' }),
      enabled: t.arg.boolean({ required: true, description: 'On (true) or off (false).' }),
    },
    resolve: async (_root, { module, enabled }, ctx, info) => {
      const { tenantId } = principalOf(ctx);
      const { modules } = await ctx.prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { modules: true } });
      const next = enabled ? [...new Set([...modules, module])] : modules.filter((m) => m !== module);
      return ctx.prisma.tenant.update({ ...resultQuery(ctx, info), where: { id: tenantId }, data: { modules: next } });
    },
  }),
}));
