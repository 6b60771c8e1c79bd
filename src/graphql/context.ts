import type { Authentication, AuthFailure, Principal } from '../auth/api-keys.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { EventLog } from '../events/event-log.js';
import type { EventStream } from '../events/live-events.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ReadGrants } from './read-grants-plugin.js';

/** What every resolver receives: who is calling and the database as their tenant sees it. */
export interface Context {
  /** The authenticated key, or null with the reason it is missing. */
  principal: Principal | null;
  authFailure: AuthFailure | null;
  /** Tenant-scoped database; without a principal it is scoped to no tenant and sees nothing. */
  db: TenantDb;
  /** Unscoped client, for the few cross-tenant needs (transactions with raw locks). */
  prisma: PrismaClient;
  /** Records (and parts of records) this request may read whatever its scopes: mutation results, what embedding relations return (src/graphql/read-access.ts). */
  readGrants: ReadGrants;
  /** Names the request in log lines and in the answer to an unexpected failure. */
  requestId: string;
  /** The client's address (the socket's peer, or behind trusted proxies the one they name); absent outside an HTTP request. */
  clientAddress?: string;
  /** Injectable clock: tests move time (key rotation grace period). */
  now: () => Date;
  /** Where users reach this server (`PUBLIC_URL`), for the links in its emails. */
  publicUrl: string;
  /** Where changes are reported, in their own transaction (src/events/event-log.ts). */
  events: EventLog;
  /** Set while an event's record is rendered: its reads then change nothing (no invoice is moved to overdue). */
  renderingEvent?: true;
  /**
   * For subscriptions: this process's live events, and the request's credential authenticated again
   * as it stands now (an open subscription's, when credentials change). Absent when none are served.
   */
  live?: { stream: EventStream; reauthenticate(): Promise<Authentication> };
}

/** The caller of a resolver that passed its scope check (so a principal always exists). */
export function principalOf(ctx: Context): Principal {
  if (!ctx.principal) throw new Error('principalOf called on an unauthenticated request');
  return ctx.principal;
}
