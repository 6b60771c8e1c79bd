import { type Actor, actingForRefusal } from '../auth/acting-for.js';
import { sqlList } from '../db/sql-list.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import type { Context } from '../graphql/context.js';
import { notFound } from '../shared/errors.js';

/**
 * Connected apps: the OAuth grants of the tenant's users (an app or an AI agent that signed in as a
 * user and was given scopes on the consent page), kept by the authorization server as `OAuthRecord`
 * rows of kind `Grant`. They are the OAuth counterpart of key pairs, listed and revoked alike.
 */

export const connectedAppOrder: ListOrder = {
  entity: 'ConnectedApp',
  orderFields: { CREATED_AT: { column: 'createdAt', date: true, description: 'When the user connected the app.' } },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
  // Grant rows have no UUID; the grant's own id is unique and is the connected app's id.
  tieBreaker: 'grantId',
};

export interface ConnectedAppFilter {
  userId?: string | null;
}

/** The tenant's grants still in force, one keyset page at a time: an expired grant issues no token, so it is no longer connected. */
export function listConnectedApps(ctx: Context, args: ListArgs<ConnectedAppFilter>) {
  const where = { kind: 'Grant', OR: [{ expiresAt: null }, { expiresAt: { gt: ctx.now() } }], userId: args.filter?.userId ?? undefined };
  const rows = sqlList(ctx.db, 'OAuthRecord', where);
  return keysetPage(ctx, connectedAppOrder, args, rows.page, rows.count);
}

/** Scopes the authorization server grants for sign-in itself, not for the API. */
const protocolScopes = new Set(['openid', 'offline_access']);

/** What a grant lets its app do: every scope granted for any resource (REST and GraphQL, /mcp), sorted, OAuth's own left out. */
export function grantedScopes(payload: Prisma.JsonValue): string[] {
  const resources = (payload as { resources?: Record<string, unknown> } | null)?.resources ?? {};
  const words = Object.values(resources).flatMap((scope) => (typeof scope === 'string' ? scope.split(' ') : []));
  return [...new Set(words)].filter((word) => word && !protocolScopes.has(word)).sort();
}

/**
 * The domain an app is identified by, when its client id is the https URL of its metadata document
 * (the authorization server fetched it there, so the app controls that host); null for a client
 * registered by id, whose name alone says nothing verified.
 */
export function verifiedDomainOf(clientId: string | null): string | null {
  if (!clientId || !URL.canParse(clientId)) return null;
  const url = new URL(clientId);
  return url.protocol === 'https:' ? url.host : null;
}

/**
 * Why `caller` may not revoke an app that `userId` connected, or null when it may. The app works as
 * its user, so only that user and the tenant's administrators may cut it off (src/auth/acting-for.ts),
 * as for a key pair.
 */
export const revokeRefusal = (caller: Actor, userId: string | null) => actingForRefusal(caller, userId ?? '', 'connected app', 'revoke');

/**
 * Disconnects an app, if `caller` may: its grant and every token, code and refresh token issued
 * under it are deleted together, and the table's trigger tells every process's credential cache
 * (src/oauth/access-tokens.ts), so its next request is refused.
 */
export async function revokeConnectedApp(db: TenantDb, grantId: string, caller: Actor): Promise<string> {
  return db.$transaction(async (tx) => {
    const grant = await tx.oAuthRecord.findFirst({ where: { kind: 'Grant', grantId }, select: { userId: true } });
    if (!grant) throw notFound('connected app');
    const refusal = revokeRefusal(caller, grant.userId);
    if (refusal) throw refusal;
    await tx.oAuthRecord.deleteMany({ where: { grantId } });
    return grantId;
  });
}
