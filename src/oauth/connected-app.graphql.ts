import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { defineList } from '../graphql/connection.js';
import { principalOf } from '../graphql/context.js';
import { deletionPayload } from '../graphql/mutation-payload.js';
import { connectedAppOrder, grantedScopes, listConnectedApps, revokeConnectedApp, revokeRefusal, verifiedDomainOf } from './connected-apps.js';

const manageKeys = { scope: 'settings.manage' } as const;

/** A grant's id as the authorization server makes it (URL-safe characters); the column holds 64. */
const grantIdRule = z.string().regex(/^[\w-]{1,64}$/, 'must be a connected app id (`ConnectedApp.id`)');

export const ConnectedApp = builder.prismaObject('OAuthRecord', {
  variant: 'ConnectedApp',
  description:
    "An app or AI agent (an MCP client, a third-party integration) that a user of the tenant connected with OAuth: it signed in as that user, who consented on the consent page, and it calls the API as that user with the scopes consented to (within the user's role), until it is revoked or its grant expires. The OAuth counterpart of an API key pair; listed in the dashboard under Settings → Connected apps.",
  fields: (t) => ({
    id: t.string({
      description: 'Id of the connection (the OAuth grant), to revoke it with `revokeConnectedApp`. Not a UUID.',
      select: { grantId: true },
      resolve: (grant) => grant.grantId ?? '',
    }),
    name: t.string({
      description: "The app's name as the consent page showed it. The app chose it: `verifiedDomain` is what identifies it.",
      select: { clientName: true, clientId: true },
      resolve: (grant) => grant.clientName ?? grant.clientId ?? '',
    }),
    clientId: t.string({
      description: "The app's OAuth client id: the https URL of its metadata document (see `verifiedDomain`), or the id it was registered under.",
      select: { clientId: true },
      resolve: (grant) => grant.clientId ?? '',
    }),
    verifiedDomain: t.string({
      nullable: true,
      description: "The host of the app's client id when that is an https URL (such as `claude.ai`): the app's metadata was fetched from there, so whoever controls that domain controls the app. Null for an app registered by id, which only its name describes.",
      select: { clientId: true },
      resolve: (grant) => verifiedDomainOf(grant.clientId),
    }),
    user: t.relation('user', { nullable: true, description: 'The user who connected the app: it acts as this user.' }),
    scopes: t.stringList({
      description: "Scopes the user granted it (see `apiScopes`), sorted. It acts with those the user's role allows at each request.",
      select: { payload: true },
      resolve: (grant) => grantedScopes(grant.payload),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the user connected the app (consented).' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When one of its tokens was last used (recorded at most once a minute); null if never.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'When the connection ends unless the user connects the app again; null if it does not expire.' }),
    revocable: t.boolean({
      description: "Whether the caller may revoke it (`revokeConnectedApp`): the app's own user may, and an administrator (`system_admin`) any app of the tenant.",
      select: { userId: true },
      resolve: (grant, _args, ctx) => !revokeRefusal(principalOf(ctx), grant.userId),
    }),
  }),
});

const connectedAppList = defineList(ConnectedApp, connectedAppOrder, {
  plural: 'connected apps',
  filterDescription: 'Conditions on connected apps; every given condition must hold.',
  filter: (t) => ({
    userId: t.field({ type: 'UUID', description: 'Only the apps this user connected.' }),
  }),
});

builder.queryFields((t) => ({
  connectedApps: t.field({
    type: connectedAppList.connection,
    description:
      "The apps and AI agents the tenant's users connected with OAuth (each acting as its user), newest first unless `orderBy` says otherwise. Expired connections are left out. Revoke one with `revokeConnectedApp`.",
    authScopes: manageKeys,
    args: connectedAppList.args(),
    resolve: (_root, args, ctx) => listConnectedApps(ctx, args),
  }),
}));

const RevokeConnectedAppPayload = deletionPayload('revokeConnectedApp', 'connected app', 'String');

builder.mutationFields((t) => ({
  revokeConnectedApp: t.field({
    type: RevokeConnectedAppPayload,
    description:
      "Disconnects an app: its grant and every token issued under it are deleted, so its next request gets 401 on every server process, and it must ask its user to consent again. The app's own user may revoke it, and an administrator (`system_admin`) any app of the tenant; others get 403. An id that is not one of the tenant's connected apps is a 404.",
    authScopes: manageKeys,
    args: { id: t.arg.string({ required: true, description: 'Id of the connected app (`ConnectedApp.id`).', validate: grantIdRule }) },
    resolve: (_root, { id }, ctx) => revokeConnectedApp(ctx.db, id, principalOf(ctx)),
  }),
}));
