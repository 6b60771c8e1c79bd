// The booking data: a resource whose availability is measured (America/New_York, open 08:00-20:00
// every day, 30-minute slots taking 5 each, a closure, and 500 confirmed bookings over the measured
// week), and ten resources open around the clock with 5-minute slots, whose distinct slots the
// booking-creation targets book one by one (spread over all ten, then on one alone). Also the key slot ids are signed with, which both servers read.
import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { SLOT_ID_SECRET_NAME } from '../src/bookings/slot-ids.js';
import { laySlots } from '../src/bookings/slots.js';

export const BOOKING_COUNT = 500;
/** Resources open around the clock, booked by the booking-creation targets. */
export const OPEN_RESOURCE_COUNT = 10;

/** The measured week: the Monday after next, seven whole days, as the dates availability is asked for. */
export function measuredWeek() {
  const monday = DateTime.utc().startOf('week').plus({ weeks: 2 });
  return { from: monday.toISODate() ?? '', to: monday.plus({ days: 6 }).toISODate() ?? '' };
}

const insertResource = `
INSERT INTO "BookableResource" (id, "tenantId", type, name, slug, timezone, "defaultDurationMinutes", "maxConcurrent", published, "updatedAt")
VALUES ($1, $2, 'room', $3, $4, $5, $6, $7, true, now())`;

const insertHours = `
INSERT INTO "OperatingHours" (id, "tenantId", "resourceId", weekday, "opensAt", "closesAt")
SELECT gen_random_uuid(), $1, $2, weekday, $3, $4 FROM generate_series(1, 7) AS weekday`;

const insertBookings = `
INSERT INTO "Booking" (id, "tenantId", "resourceId", "slotId", "startsAt", "endsAt", "firstName", "lastName", email, "updatedAt")
SELECT gen_random_uuid(), $1, $2, 'seeded', b.starts, b.starts + interval '30 minutes', 'Guest', b.n::text, 'guest' || b.n || '@bench.example', now()
FROM unnest($3::timestamptz[]) WITH ORDINALITY AS b(starts, n)`;

export interface BookingData {
  availabilityResourceId: string;
  bookableResourceIds: string[];
}

export async function seedBookings(client: pg.Client, tenantId: string): Promise<BookingData> {
  const week = measuredWeek();
  const measured = randomUUID();
  await client.query(insertResource, [measured, tenantId, 'Measured room', 'measured-room', 'America/New_York', 30, 5]);
  await client.query(insertHours, [tenantId, measured, 8 * 60, 20 * 60]);
  const zone = 'America/New_York';
  const from = DateTime.fromISO(week.from, { zone }).toJSDate();
  const to = DateTime.fromISO(week.to, { zone }).plus({ days: 1 }).toJSDate();
  const slots = laySlots({ timezone: zone, defaultDurationMinutes: 30, hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: 480, closesAt: 1200 })) }, from, to);
  // 500 bookings over the week's 168 slots: two or three in each, so availability counts the
  // overlaps of every slot and lists each with its remaining places.
  const starts = Array.from({ length: BOOKING_COUNT }, (_, i) => slots[i % slots.length]?.startsAt);
  await client.query(insertBookings, [tenantId, measured, starts]);
  await client.query(`INSERT INTO "ResourceClosure" (id, "tenantId", "resourceId", "startsAt", "endsAt", reason) VALUES ($1, $2, $3, $4, $5, 'Maintenance')`, [
    randomUUID(), tenantId, measured, slots[20]?.startsAt, slots[24]?.startsAt,
  ]);
  // The product makes this key on first use (32 random bytes); made here, the plain handler can read it at start.
  await client.query('INSERT INTO "ServerSecret" (name, value) VALUES ($1, $2)', [SLOT_ID_SECRET_NAME, randomBytes(32).toString('base64url')]);
  const bookable = Array.from({ length: OPEN_RESOURCE_COUNT }, () => randomUUID());
  for (const [i, id] of bookable.entries()) {
    await client.query(insertResource, [id, tenantId, `Open desk ${i + 1}`, `open-desk-${i + 1}`, 'UTC', 5, 1]);
    await client.query(insertHours, [tenantId, id, 0, 1440]);
  }
  return { availabilityResourceId: measured, bookableResourceIds: bookable };
}
