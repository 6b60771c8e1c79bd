import type { TenantDb } from '../db/tenant-scope.js';
import { AppError } from '../shared/errors.js';
import { loadSlotRules } from './availability.js';
import { bookableSlot } from './slots.js';

/** A slot lost (full, closed, started, ...): 409 on REST, UNAVAILABLE in `userErrors`. */
export const slotUnavailable = (reason: string) => new AppError('CONFLICT', `The slot is no longer available: ${reason}`, undefined, undefined, 'UNAVAILABLE');

/**
 * The slot's verdict (`startsAt` judged as availability judges it, against what `db` sees at `now`)
 * and its resource's row; a refusal is thrown. `exceptId` leaves a booking or hold out of the places
 * taken (the one being made, or the visitor's own hold); `lock` locks the resource first and judges
 * against everything committed before the lock. Bookings and holds are both judged here.
 */
export async function judgeSlot(
  db: Pick<TenantDb, '$queryRaw'>,
  resourceId: string,
  startsAt: Date,
  { now, publishable, exceptId, lock }: { now: Date; publishable: boolean; exceptId?: string; lock?: boolean },
) {
  const slotEnd = new Date(startsAt.getTime() + 1440 * 60_000);
  const [rules] = await loadSlotRules(db, [resourceId], startsAt, slotEnd, { now, exceptId, lock });
  if (!rules) throw slotUnavailable('the resource no longer exists');
  if (publishable && !rules.published) throw slotUnavailable('the resource is not open for online booking');
  const verdict = bookableSlot(rules, startsAt, now);
  if ('refusal' in verdict) throw slotUnavailable(verdict.refusal);
  return { slot: verdict.slot, resource: rules.resource };
}
