import { sqlList } from '../db/sql-list.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { withinRange } from '../graphql/list-filters.js';
import { AppError, badInput } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { EVENT_RETENTION_DAYS } from './event-log.js';
import { forbidden, scopesNamed } from '../graphql/access.js';
import { readAccessOf } from '../graphql/read-access.js';
import { allEventTypes, type EventType, eventTypes, isEventType } from './event-types.js';
import { mayReceive, visibleEventTypes } from './event-visibility.js';

export interface EventFilter {
  type?: readonly string[] | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const eventOrder: ListOrder = {
  entity: 'Event',
  orderFields: { CREATED_AT: { column: 'createdAt', date: true, description: 'When the change was made.' } },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** The types asked for, checked against the catalog (a typo would otherwise silently match nothing). */
export function checkEventTypes(types: readonly string[] | null | undefined, field: string): EventType[] | null {
  if (!types?.length) return null;
  const unknown = types.filter((type) => !isEventType(type));
  if (unknown.length) {
    throw badInput([{ field, message: `${unknown.map((t) => JSON.stringify(t)).join(', ')} is not an event type; the types are ${allEventTypes.join(', ')}` }]);
  }
  return [...new Set(types)] as EventType[];
}

/** The tenant's events the caller may see, kept `EVENT_RETENTION_DAYS` days, one keyset page at a time (src/graphql/connection.ts). */
export function listEvents(ctx: Context, args: ListArgs<EventFilter>) {
  const filter = args.filter ?? {};
  const asked = checkEventTypes(filter.type, 'filter.type');
  const visible = new Set(visibleEventTypes(principalOf(ctx)));
  const where = { type: { in: (asked ?? [...visible]).filter((type) => visible.has(type)) }, createdAt: withinRange(filter.createdAt) };
  const rows = sqlList(ctx.db, 'Event', where);
  return keysetPage(ctx, eventOrder, args, rows.page, rows.count);
}

/** The tenant's events the caller sees, of the types asked for (every type by default), as they commit. */
export function subscribeToEvents(ctx: Context, types: readonly string[] | null | undefined) {
  const asked = checkEventTypes(types, 'types');
  // As a webhook endpoint is refused what its creator does not read: a stream that could never deliver is not held open.
  const principal = principalOf(ctx);
  const unreadable = (asked ?? []).find((type) => !mayReceive(type, principal));
  if (unreadable) throw forbidden(scopesNamed(readAccessOf(eventTypes[unreadable].record))[0]);
  if (!asked && !visibleEventTypes(principal).length) throw new AppError('FORBIDDEN', 'Forbidden: this key reads no record that events are recorded for');
  if (!ctx.live) throw new AppError('SERVICE_UNAVAILABLE', 'This server does not serve subscriptions', undefined, { http: { status: 503 } });
  return ctx.live.stream.subscribe({ principal, types: asked, reauthenticate: ctx.live.reauthenticate });
}

/** One event, when the caller may see its type; otherwise it is not found, as another tenant's is. */
export async function getEvent(ctx: Context, id: string) {
  const types = visibleEventTypes(principalOf(ctx));
  return found(ctx.db.event.findFirst({ where: { id, type: { in: types } } }), 'Event');
}

/** Deletes events older than the retention period (with their deliveries); returns how many. */
export async function sweepEvents(prisma: Context['prisma'], now: Date): Promise<number> {
  const { count } = await prisma.event.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000) } } });
  return count;
}
