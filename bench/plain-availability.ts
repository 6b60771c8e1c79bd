// The plain handler's availability: the product's statement (src/bookings/availability.ts,
// `loadSlotRules`) run with pg, the slots computed and signed by the product's own pure functions
// and row parsing (the business computation both must do), and the same JSON. What differs is everything around
// them: Yoga, SOFA, Pothos, Prisma and the dataloader.
import type pg from 'pg';
import { slotIdSigner, SLOT_ID_SECRET_NAME } from '../src/bookings/slot-ids.js';
import { type RulesRow, slotRulesOf } from '../src/bookings/availability.js';
import { openSlots } from '../src/bookings/slots.js';
import { availabilityWindow, WIDEST_ZONE_OFFSET_MS } from '../src/bookings/time-window.js';

const rulesSql = `
SELECT r.id, r.timezone, r."defaultDurationMinutes", r."maxConcurrent", r."isActive", r.published,
  COALESCE((SELECT json_agg(json_build_array(h.weekday, h."opensAt", h."closesAt"))
    FROM "OperatingHours" h WHERE h."tenantId" = r."tenantId" AND h."resourceId" = r.id), '[]')::text AS hours,
  COALESCE((SELECT json_agg(json_build_array(
      (extract(epoch FROM c."startsAt") * 1000)::bigint, (extract(epoch FROM c."endsAt") * 1000)::bigint))
    FROM "ResourceClosure" c
    WHERE c."tenantId" = r."tenantId" AND c."resourceId" = r.id AND c."startsAt" < $3 AND c."endsAt" > $2), '[]')::text AS closures,
  COALESCE((SELECT json_agg(json_build_array(
      (extract(epoch FROM b."startsAt") * 1000)::bigint, (extract(epoch FROM b."endsAt") * 1000)::bigint))
    FROM "Booking" b
    WHERE b."tenantId" = r."tenantId" AND b."resourceId" = r.id AND b.status = 'confirmed'
      AND b."startsAt" < $3 AND b."startsAt" > $4 AND b."endsAt" > $2), '[]')::text AS bookings
FROM "BookableResource" r
WHERE r."tenantId" = $1::uuid AND r.id = ANY($5::uuid[])`;

const DAY = 86_400_000;

/** The key the product signs slot ids with (the seed makes it), read once at start. */
export async function readSlotIdKey(pool: pg.Pool): Promise<Buffer> {
  const { rows } = await pool.query<{ value: string }>('SELECT value FROM "ServerSecret" WHERE name = $1', [SLOT_ID_SECRET_NAME]);
  if (!rows[0]) throw new Error(`no "ServerSecret" named ${SLOT_ID_SECRET_NAME}: seed the bookings first`);
  return Buffer.from(rows[0].value, 'base64url');
}

/** `{resourceId, slots}`, or null when the tenant has no such resource; throws on a bad range. */
export async function availability(pool: pg.Pool, slotIdKey: Buffer, tenantId: string, resourceId: string, range: { from: string | null; to: string | null }) {
  const now = new Date();
  const widest = availabilityWindow(range, 'UTC', now);
  const from = new Date(widest.from.getTime() - WIDEST_ZONE_OFFSET_MS);
  const to = new Date(widest.to.getTime() + WIDEST_ZONE_OFFSET_MS);
  const { rows } = await pool.query<RulesRow>(rulesSql, [tenantId, from, to, new Date(from.getTime() - DAY), [resourceId]]);
  const row = rows[0];
  if (!row) return null;
  const sign = slotIdSigner(slotIdKey, tenantId);
  const window = availabilityWindow(range, row.timezone, now);
  const slots = openSlots(slotRulesOf(row), window.from, window.to, now).map((s) => ({ slotId: sign(resourceId, s.startsAt), startsAt: s.startsAt, endsAt: s.endsAt, remaining: s.remaining }));
  return { resourceId, slots };
}
