import { loadConfig } from '../config.js';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { AppError, badInput } from '../shared/errors.js';
import { readSlotId } from './slot-ids.js';
import { judgeSlot } from './slot-judgement.js';

type Transaction = Parameters<Parameters<TenantDb['$transaction']>[0]>[0];

/**
 * Who holds a seat: a publishable key's visitor (its pair and the client's address: every
 * visitor of a page shares the key), or a secret key's pair (a session's user). One live hold each.
 */
export function holderOf(ctx: Context): string {
  const principal = principalOf(ctx);
  if (principal.kind === 'publishable') return `visitor ${principal.pair?.id ?? principal.credentialId} ${ctx.clientAddress ?? 'unknown'}`;
  return principal.pair ? `pair ${principal.pair.id}` : `user ${principal.userId}`;
}

const holdNotFound = (id: string) => new AppError('NOT_FOUND', `Hold ${id} not found: it expired, was used by a booking, or is another visitor's`);

/**
 * Holds a seat of an open slot for `BOOKING_HOLD_MINUTES`, giving back the holder's previous hold:
 * until it expires it takes a place as a confirmed booking does, for everyone else. Judged as a
 * booking is, by the same judge and the same lock: written, then the resource is locked and the
 * slot judged again with this hold aside, so concurrent holds and bookings never exceed
 * `maxConcurrent`, across processes. Expired holds of the resource are deleted on the way.
 */
export async function createBookingHold(ctx: Context, input: { slotId: string }) {
  const principal = principalOf(ctx);
  const publishable = principal.kind === 'publishable';
  const holder = holderOf(ctx);
  const now = ctx.now();
  const { resourceId, startsAt } = await readSlotId(ctx.prisma, principal.tenantId, input.slotId);
  const { slot } = await judgeSlot(ctx.db, resourceId, startsAt, { now, publishable });
  return ctx.db.$transaction(
    async (tx) => {
      await tx.bookingHold.deleteMany({ where: { OR: [{ holder }, { resourceId, expiresAt: { lte: now } }] } });
      const expiresAt = new Date(now.getTime() + loadConfig().BOOKING_HOLD_MINUTES * 60_000);
      const hold = await tx.bookingHold.create({ data: { tenantId: principal.tenantId, resourceId, slotId: input.slotId, startsAt, endsAt: slot.endsAt, expiresAt, holder } });
      await judgeSlot(tx, resourceId, startsAt, { now, publishable, exceptId: hold.id, lock: true });
      return hold;
    },
    // Holds and bookings of one resource queue on its lock, as bookings do.
    { maxWait: 8_000, timeout: 8_000 },
  );
}

/** Gives a hold back before it expires; only its holder may (anyone else is told it does not exist). */
export async function releaseBookingHold(ctx: Context, id: string) {
  const hold = await ctx.db.bookingHold.findFirst({ where: { id, holder: holderOf(ctx), expiresAt: { gt: ctx.now() } } });
  if (!hold) throw holdNotFound(id);
  const { count } = await ctx.db.bookingHold.deleteMany({ where: { id } });
  if (!count) throw holdNotFound(id);
  return hold;
}

/**
 * The caller's live hold named by a booking, if it is theirs and still live: the booking then takes
 * its seat. A hold of another slot is the caller's mistake (400); an expired or unknown one is no
 * hold at all, and the booking is judged as any other.
 */
export async function liveHoldFor(ctx: Context, holdId: string | null | undefined, slot: { resourceId: string; startsAt: Date }) {
  if (!holdId) return null;
  const hold = await ctx.db.bookingHold.findFirst({ where: { id: holdId, holder: holderOf(ctx), expiresAt: { gt: ctx.now() } } });
  if (hold && (hold.resourceId !== slot.resourceId || hold.startsAt.getTime() !== slot.startsAt.getTime())) {
    throw badInput([{ field: 'holdId', message: `holds another slot (${hold.startsAt.toISOString()}): book the slot it holds, or book without \`holdId\`` }]);
  }
  return hold;
}

/** Uses a hold up inside the booking's transaction, so the booking's final judgement counts the booking, not both. */
export const consumeHold = (tx: Transaction, holdId: string) => tx.bookingHold.deleteMany({ where: { id: holdId } });
