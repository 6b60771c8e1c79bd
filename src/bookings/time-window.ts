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

/** Shortest slot a resource may have (its `defaultDurationMinutes`), so the most slots a day can hold: 288. */
export const MIN_SLOT_MINUTES = 5;
const MOST_SLOTS_A_DAY = (24 * 60) / MIN_SLOT_MINUTES;

/**
 * The most slots an availability range may hold, for the cost limit (src/http/operation-guard.ts)
 * to count a range as the work it is before it runs: a resource's availability over 31 days of
 * 5-minute slots is 8,928 slots. The range is read as UTC days, each bound widened by a day for
 * its zone; a bound that does not parse counts at the longest range (validation refuses it later).
 */
export function mostSlotsIn(raw: { from?: unknown; to?: unknown }, now = Date.now()): number {
  const bound = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined);
  const from = raw.from == null ? now : bound(raw.from);
  const to = raw.to == null && from !== undefined ? from + 7 * DAY : bound(raw.to);
  const days = from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to) ? MAX_AVAILABILITY_DAYS : Math.ceil((to - from) / DAY) + 2;
  return Math.min(Math.max(days, 1), MAX_AVAILABILITY_DAYS + 2) * MOST_SLOTS_A_DAY;
}

/** Zones reach 14 hours from UTC: a window read in UTC and widened by this covers it in any zone. */
export const WIDEST_ZONE_OFFSET_MS = 14 * 3_600_000;
