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

const DAY = 86_400_000;

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
 * row, weekly hours, and the closures and confirmed bookings that overlap [from, to) (a
 * booking is at most a day long, so its start bounds the index range scan). Availability and
 * booking creation both read it, so a slot is judged the same way by both.
 */
export async function loadSlotRules(
  db: Pick<TenantDb, '$queryRaw'>,
  resourceIds: readonly string[],
  from: Date,
  to: Date,
  /** A booking not to count (the one being made, when it is judged again before commit). */
  exceptBookingId: string | null = null,
): Promise<ResourceSlotRules[]> {
  const rows = await db.$queryRaw<RulesRow[]>`
    SELECT r.*,
      COALESCE((SELECT json_agg(json_build_array(h.weekday, h."opensAt", h."closesAt"))
        FROM "OperatingHours" h WHERE h."tenantId" = r."tenantId" AND h."resourceId" = r.id), '[]')::text AS hours,
      COALESCE((SELECT json_agg(json_build_array(
          (extract(epoch FROM c."startsAt") * 1000)::bigint, (extract(epoch FROM c."endsAt") * 1000)::bigint))
        FROM "ResourceClosure" c
        WHERE c."tenantId" = r."tenantId" AND c."resourceId" = r.id AND c."startsAt" < ${to} AND c."endsAt" > ${from}), '[]')::text AS closures,
      COALESCE((SELECT json_agg(json_build_array(
          (extract(epoch FROM b."startsAt") * 1000)::bigint, (extract(epoch FROM b."endsAt") * 1000)::bigint))
        FROM "Booking" b
        WHERE b."tenantId" = r."tenantId" AND b."resourceId" = r.id AND b.status = 'confirmed'
          AND b."startsAt" < ${to} AND b."startsAt" > ${new Date(from.getTime() - DAY)} AND b."endsAt" > ${from}
          AND b.id IS DISTINCT FROM ${exceptBookingId}::uuid), '[]')::text AS bookings
    FROM "BookableResource" r
    WHERE r."tenantId" = ${scopedTenantId(db)}::uuid AND r.id = ANY(${[...resourceIds]}::uuid[])`;
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
    loadSlotRules(ctx.db, resourceIds, new Date(widest.from.getTime() - WIDEST_ZONE_OFFSET_MS), new Date(widest.to.getTime() + WIDEST_ZONE_OFFSET_MS)),
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
