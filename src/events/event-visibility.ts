import type { Principal } from '../auth/api-keys.js';
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
