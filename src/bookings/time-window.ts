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

/** Zones reach 14 hours from UTC: a window read in UTC and widened by this covers it in any zone. */
export const WIDEST_ZONE_OFFSET_MS = 14 * 3_600_000;
