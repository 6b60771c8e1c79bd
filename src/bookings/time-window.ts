import { IANAZone } from 'luxon';
import { parseBound } from '../shared/dates.js';
import { badInput } from '../shared/errors.js';

/** The canonical spelling of an IANA time zone name, or null when there is no such zone. */
export function canonicalTimeZone(name: string): string | null {
  if (!IANAZone.isValidZone(name)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

export const MAX_AVAILABILITY_DAYS = 31;
const DAY = 86_400_000;

/**
 * The availability window of a resource: `from` defaults to now, `to` to seven days after
 * `from`; `to` must come after `from`, at most 31 days later.
 */
export function availabilityWindow(raw: { from?: string | null; to?: string | null }, zone: string, now: Date) {
  const from = raw.from ? parseBound(raw.from, 'from', zone, false) : now;
  const to = raw.to ? parseBound(raw.to, 'to', zone, true) : new Date(from.getTime() + 7 * DAY);
  if (to <= from) throw badInput([{ field: 'to', message: 'must be after `from`' }]);
  // An hour of slack: 31 local days across a daylight-saving change are an hour longer.
  if (to.getTime() - from.getTime() > MAX_AVAILABILITY_DAYS * DAY + 3_600_000) {
    throw badInput([{ field: 'to', message: `must be at most ${MAX_AVAILABILITY_DAYS} days after \`from\`` }]);
  }
  return { from, to };
}

/** Shortest slot a resource may have (its `defaultDurationMinutes`). */
export const MIN_SLOT_MINUTES = 5;

/**
 * The most slots an availability range may hold, for the cost limit (src/http/operation-guard.ts)
 * to count a range as the work it is before it runs: one every 5 minutes over the longest window
 * the bounds can make. Read without the resource's zone, a window is at most the bounds' distance,
 * plus the day a date `to` includes, plus 15 hours for a date read in a zone against a date-time in
 * UTC (and a daylight-saving hour); a bound that does not parse counts at the longest range
 * (validation refuses it later).
 */
export function mostSlotsIn(raw: { from?: unknown; to?: unknown }, now = Date.now()): number {
  const bound = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
  const from = raw.from == null ? now : bound(raw.from);
  const to = raw.to == null ? from + 7 * DAY : bound(raw.to) + DAY;
  const longest = MAX_AVAILABILITY_DAYS * DAY + DAY;
  const span = Number.isNaN(from) || Number.isNaN(to) ? longest : Math.min(Math.max(to - from, 0), longest);
  return Math.ceil((span + 15 * 3_600_000) / (MIN_SLOT_MINUTES * 60_000));
}

/** Zones reach 14 hours from UTC: a window read in UTC and widened by this covers it in any zone. */
export const WIDEST_ZONE_OFFSET_MS = 14 * 3_600_000;
