import DataLoader from 'dataloader';
import { scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import type { BookableResource } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { AppError } from '../shared/errors.js';
import { type OpenSlot, openSlots, slotCountBound, type SlotRules, type TimeSpan, type WeeklyInterval } from './slots.js';
import { slotIdSignerFor } from './slot-ids.js';
import { availabilityWindow, WIDEST_ZONE_OFFSET_MS } from './time-window.js';

export interface ResourceSlotRules extends SlotRules {
  id: string;
  published: boolean;
  /** The resource's row as Prisma's client returns it (a booking's mail and event show it). */
  resource: BookableResource;
}

/**
 * A resource's row and its lists as JSON text: `[[weekday, opensAt, closesAt]]` and `[[startMs, endMs]]`.
 * (Text, parsed here: Prisma's mapping of raw `json` values costs more than `JSON.parse`.)
 */
export type RulesRow = BookableResource & { hours: string; closures: string; bookings: string };

/**
 * Slots one request may lay, over all the resources it asks about: a whole 31-day range of
 * 5-minute slots around the clock (8,928) fits; a hundred such resources at once does not.
 */
export const MAX_SLOTS_PER_REQUEST = 10_000;

/** Slots each request has laid so far, against `MAX_SLOTS_PER_REQUEST`. */
const slotsLaid = new WeakMap<Context, number>();
const spans = (json: string): TimeSpan[] => (JSON.parse(json) as [number, number][]).map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) }));

/**
 * Everything slots are judged by, for any number of resources, in one statement: each resource's
 * row, weekly hours, and the closures and the places taken (confirmed bookings and live holds) that overlap [from, to). Availability
 * and booking creation both read it, so a slot is judged the same way by both. The query is the
 * database function `slotRules` (migrations 20261127130000 and 20261128070000), because a booking's final judgement
 * must read after locking the resource (`lock`) with a snapshot taken after the lock, which only a
 * VOLATILE function can do in one round trip.
 */
export async function loadSlotRules(
  db: Pick<TenantDb, '$queryRaw'>,
  resourceIds: readonly string[],
  from: Date,
  to: Date,
  options: {
    /** The application's clock: holds expiring by then no longer take a place. */
    now: Date;
    /** A booking or hold not to count (the one being made, when it is judged again before commit). */
    exceptId?: string;
    /** Lock the resources' rows FOR NO KEY UPDATE first, and read what committed before the lock was granted. */
    lock?: boolean;
  },
): Promise<ResourceSlotRules[]> {
  const rows = await db.$queryRaw<RulesRow[]>`
    SELECT (rules.resource).*, rules.hours, rules.closures, rules.bookings
    FROM "slotRules"(${scopedTenantId(db)}::uuid, ${[...resourceIds]}::uuid[], ${from}::timestamptz, ${to}::timestamptz,
      ${options.exceptId ?? null}::uuid, ${options.lock ?? false}, ${options.now}::timestamptz) rules`;
  return rows.map(slotRulesOf);
}

/** A row of the slot-rules statement as the slot functions take it. */
export function slotRulesOf({ hours, closures, bookings, ...resource }: RulesRow): ResourceSlotRules {
  return {
    ...resource,
    resource,
    hours: (JSON.parse(hours) as [number, number, number][]).map(([weekday, opensAt, closesAt]): WeeklyInterval => ({ weekday, opensAt, closesAt })),
    closures: spans(closures),
    bookings: spans(bookings),
  };
}

export interface AvailabilityRange {
  from?: string | null;
  to?: string | null;
}

export interface Slot extends OpenSlot {
  slotId: string;
}

/** A resource's open slots, with what decides whether a publishable key may see it. */
export interface ResourceAvailability {
  resourceId: string;
  isActive: boolean;
  published: boolean;
  slots: Slot[];
}

/**
 * Open slots of a batch of resources for one requested range: one statement for all of them.
 * The range is read in each resource's own zone (a date means that local day), so the statement
 * fetches a window wide enough for every zone and each resource keeps its own part.
 */
async function slotsOf(ctx: Context, resourceIds: readonly string[], range: AvailabilityRange): Promise<(ResourceAvailability | null)[]> {
  const now = ctx.now();
  const widest = availabilityWindow(range, 'UTC', now);
  const [rules, sign] = await Promise.all([
    loadSlotRules(ctx.db, resourceIds, new Date(widest.from.getTime() - WIDEST_ZONE_OFFSET_MS), new Date(widest.to.getTime() + WIDEST_ZONE_OFFSET_MS), { now }),
    slotIdSignerFor(ctx.prisma, scopedTenantId(ctx.db)),
  ]);
  const byId = new Map(rules.map((r) => [r.id, { ...r, window: availabilityWindow(range, r.timezone, now) }]));
  // Counted over the whole request: every range (alias) asked for draws on the same budget.
  const bound = (slotsLaid.get(ctx) ?? 0) + [...byId.values()].reduce((sum, r) => sum + slotCountBound(r, r.window.from, r.window.to), 0);
  if (bound > MAX_SLOTS_PER_REQUEST) {
    throw new AppError(
      'QUERY_TOO_COSTLY',
      `Availability could list up to ${bound} slots in this request, more than ${MAX_SLOTS_PER_REQUEST}: narrow \`from\`/\`to\` or ask for fewer resources.`,
      undefined,
      { cost: { estimate: bound, budget: MAX_SLOTS_PER_REQUEST } },
    );
  }
  slotsLaid.set(ctx, bound);
  return resourceIds.map((id) => {
    const resource = byId.get(id);
    if (!resource) return null;
    const slots = openSlots(resource, resource.window.from, resource.window.to, now).map((slot) => ({ ...slot, slotId: sign(id, slot.startsAt) }));
    return { resourceId: id, isActive: resource.isActive, published: resource.published, slots };
  });
}

const loaders = new WeakMap<Context, Map<string, DataLoader<string, ResourceAvailability | null>>>();

/**
 * Availability of one resource (null when the tenant has no such resource), batched with every
 * other resource asking for the same range in this request.
 */
export function availabilityOf(ctx: Context, resourceId: string, range: AvailabilityRange): Promise<ResourceAvailability | null> {
  let byRange = loaders.get(ctx);
  if (!byRange) loaders.set(ctx, (byRange = new Map()));
  const key = JSON.stringify([range.from ?? null, range.to ?? null]);
  let loader = byRange.get(key);
  if (!loader) {
    availabilityWindow(range, 'UTC', ctx.now()); // A bad range is the caller's error, reported before any loading.
    byRange.set(key, (loader = new DataLoader((ids) => slotsOf(ctx, ids, range))));
  }
  return loader.load(resourceId);
}
