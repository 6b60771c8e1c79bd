import { DateTime } from 'luxon';

/** A weekly opening interval: ISO weekday (1 = Monday) and minutes after local midnight. */
export interface WeeklyInterval {
  weekday: number;
  opensAt: number;
  /** 1440 closes at the end of the day. */
  closesAt: number;
}

/** A span of time, start inclusive and end exclusive. */
export interface TimeSpan {
  startsAt: Date;
  endsAt: Date;
}

/** What lays and fills a resource's slots. */
export interface SlotRules {
  timezone: string;
  defaultDurationMinutes: number;
  maxConcurrent: number;
  isActive: boolean;
  hours: WeeklyInterval[];
  /** Closures overlapping the window. */
  closures: TimeSpan[];
  /** Places taken (confirmed bookings and live holds) overlapping the window. */
  bookings: TimeSpan[];
}

export interface OpenSlot extends TimeSpan {
  remaining: number;
}

const MINUTE = 60_000;

/** The instant a local time of day (minutes, 1440 = the next midnight) falls on, in the day's zone. */
function localInstant(day: DateTime, minutes: number): number {
  if (minutes >= 1440) return day.plus({ days: 1 }).startOf('day').toMillis();
  // A local time skipped by a daylight-saving change moves forward by the gap (luxon's rule).
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
}

/**
 * The slot grid starting in [from, to): each opening interval of each local day is cut from its
 * opening instant into consecutive slots of the resource's duration, as long as a slot ends by
 * the closing instant. The grid steps in elapsed time, so across a daylight-saving change a
 * slot is always exactly its duration long: skipped local times get no slot, repeated ones get
 * one per occurrence.
 */
export function laySlots(rules: Pick<SlotRules, 'timezone' | 'defaultDurationMinutes' | 'hours'>, from: Date, to: Date): TimeSpan[] {
  const step = rules.defaultDurationMinutes * MINUTE;
  const start = from.getTime();
  const end = to.getTime();
  const slots: TimeSpan[] = [];
  let day = DateTime.fromMillis(start, { zone: rules.timezone }).startOf('day');
  while (day.toMillis() < end) {
    const intervals = rules.hours.filter((h) => h.weekday === day.weekday).sort((a, b) => a.opensAt - b.opensAt);
    for (const interval of intervals) {
      const opens = localInstant(day, interval.opensAt);
      const closes = localInstant(day, interval.closesAt);
      const first = opens + Math.max(0, Math.ceil((start - opens) / step)) * step;
      for (let t = first; t + step <= closes && t < end; t += step) {
        slots.push({ startsAt: new Date(t), endsAt: new Date(t + step) });
      }
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return slots;
}

/** How many slots the grid has at most in [from, to), counted by local day without laying them. */
export function slotCountBound(rules: Pick<SlotRules, 'timezone' | 'defaultDurationMinutes' | 'hours'>, from: Date, to: Date): number {
  const perWeekday = new Map<number, number>();
  for (const h of rules.hours) perWeekday.set(h.weekday, (perWeekday.get(h.weekday) ?? 0) + Math.floor((h.closesAt - h.opensAt) / rules.defaultDurationMinutes));
  let count = 0;
  for (let day = DateTime.fromJSDate(from, { zone: rules.timezone }).startOf('day'); day.toMillis() < to.getTime(); day = day.plus({ days: 1 }).startOf('day')) {
    count += perWeekday.get(day.weekday) ?? 0;
  }
  return count;
}

/** Counts spans overlapping a slot in O(log n): those starting before its end minus those ended by its start. */
function overlapCounter(spans: TimeSpan[]) {
  const starts = spans.map((s) => s.startsAt.getTime()).sort((a, b) => a - b);
  const ends = spans.map((s) => s.endsAt.getTime()).sort((a, b) => a - b);
  const countBelow = (sorted: number[], limit: number, inclusive: boolean) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid] as number) < limit || (inclusive && sorted[mid] === limit)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return (slot: TimeSpan) => countBelow(starts, slot.endsAt.getTime(), false) - countBelow(ends, slot.startsAt.getTime(), true);
}

/** Why a slot of the grid cannot be booked, or how many places it has left. */
export type SlotVerdict = { remaining: number } | { refusal: string };

/**
 * The one judge of a slot, for availability and for booking alike: it must not have started, not
 * overlap a closure, and have places left (`maxConcurrent` minus confirmed bookings overlapping it).
 */
export function slotJudge(rules: SlotRules, now: Date) {
  const closures = overlapCounter(rules.closures);
  const bookings = overlapCounter(rules.bookings);
  return (slot: TimeSpan): SlotVerdict => {
    if (!rules.isActive) return { refusal: 'the resource is not active' };
    if (slot.startsAt.getTime() <= now.getTime()) return { refusal: 'the slot has already started' };
    if (closures(slot) > 0) return { refusal: 'the resource is closed at that time' };
    const remaining = rules.maxConcurrent - bookings(slot);
    return remaining > 0 ? { remaining } : { refusal: 'the slot is fully booked' };
  };
}

/** Open slots starting in [from, to), in time order: not started, not closed, not full. */
export function openSlots(rules: SlotRules, from: Date, to: Date, now: Date): OpenSlot[] {
  if (!rules.isActive) return [];
  const judge = slotJudge(rules, now);
  return laySlots(rules, from, to).flatMap((slot) => {
    const verdict = judge(slot);
    return 'remaining' in verdict ? [{ ...slot, remaining: verdict.remaining }] : [];
  });
}

/** Whether a slot starting at `startsAt` can be booked now, judged exactly as availability judges it. */
export function bookableSlot(rules: SlotRules, startsAt: Date, now: Date): { slot: TimeSpan } | { refusal: string } {
  if (!rules.isActive) return { refusal: 'the resource is not active' };
  const slot = laySlots(rules, startsAt, new Date(startsAt.getTime() + 1)).find((s) => s.startsAt.getTime() === startsAt.getTime());
  if (!slot) return { refusal: "the slot is no longer within the resource's opening hours" };
  const verdict = slotJudge(rules, now)(slot);
  return 'refusal' in verdict ? verdict : { slot };
}
