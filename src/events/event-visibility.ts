import type { Principal } from '../auth/api-keys.js';
import { actingOwner } from '../auth/acting-for.js';
import type { TenantModule, UserRole } from '../generated/prisma/enums.js';
import { mayRead, type RecordType } from '../graphql/read-access.js';
import { allEventTypes, type EventRecord, type EventType, eventTypes } from './event-types.js';

// Every event record is a record type of the access table.
const recordTypeOf = (record: EventRecord): RecordType => record;

/**
 * Who sees an event: a principal of its tenant that reads the record it carries, by the access
 * table every query is guarded by. The one rule of the events list, webhooks and subscriptions.
 */
export const mayReceive = (type: EventType, principal: Principal | null): boolean => mayRead(recordTypeOf(eventTypes[type].record), principal);

/** The event types a principal sees. */
export const visibleEventTypes = (principal: Principal | null): EventType[] => allEventTypes.filter((type) => mayReceive(type, principal));

/** What a webhook endpoint's owner is now: the user it acts for, its role and its tenant's modules. */
export interface EndpointOwner {
  tenantId: string;
  ownerId: string;
  ownerRole: UserRole;
  ownerDeactivatedAt: Date | null;
  /** The scopes it was given with its owner (`WebhookEndpoint.scopes`). */
  endpointScopes: string[];
  modules: TenantModule[];
}

/**
 * The principal a webhook endpoint delivers as: its scopes within its owner's role now, as a key
 * of the owner's with those scopes would act, or null once the owner is deactivated. Checked at
 * every delivery, so a demotion or a deactivation reaches endpoints as it reaches keys and subscriptions.
 */
export const endpointReader = (owner: EndpointOwner): Principal | null => actingOwner({ ...owner, scopes: owner.endpointScopes });
