/** What subscriptions see of the live events (src/events/event-stream.ts is the hub that serves them). */
import type { Authentication, Principal } from '../auth/api-keys.js';
import type { AppError } from '../shared/errors.js';
import type { EventShape } from './event-log.js';
import type { EventType } from './event-types.js';

/** What a subscription yields: an event, or, last, the error its stream ended with. */
export type StreamItem = EventShape | AppError;

export interface Subscription {
  principal: Principal;
  /** The types asked for; null for every type. */
  types: readonly EventType[] | null;
  /** The subscriber's credential as it stands now: re-checked when credentials change, and every `KEY_CACHE_TTL_MS` (expiry). */
  reauthenticate(): Promise<Authentication>;
}

export interface EventStream {
  /** The tenant's events the subscriber sees, as they commit, until it leaves or its stream is ended. */
  subscribe(subscription: Subscription): AsyncIterable<StreamItem>;
  /** Ends every stream (the server is draining) and stops listening. */
  stop(): Promise<void>;
}
