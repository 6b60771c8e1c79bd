import { loadConfig } from '../config.js';
import { sqlList } from '../db/sql-list.js';
import { scopedTenantId, type TenantDb } from '../db/tenant-scope.js';
import type { Lead, Prisma } from '../generated/prisma/client.js';
import type { BookingStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { type DaysOrInstants, namesDay, oneOf, withinDaysOrInstants } from '../graphql/list-filters.js';
import { enqueueMail, mailInsert, mailQueued } from '../mail/outbox.js';
import { AppError, invalidState } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { consumeHold, liveHoldFor } from './booking-hold.service.js';
import { bookingMail } from './booking.mail.js';
import { readSlotId } from './slot-ids.js';
import { judgeSlot, slotUnavailable } from './slot-judgement.js';

export interface BookingFilter {
  resourceId?: string | null;
  status?: BookingStatus[] | null;
  leadId?: string | null;
  startsAt?: DaysOrInstants;
}

export const bookingOrder: ListOrder = {
  entity: 'Booking',
  orderFields: {
    STARTS_AT: { column: 'startsAt', date: true, description: 'Start of the booked slot.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When it was booked.' },
  },
  defaultOrder: { field: 'STARTS_AT', direction: 'ASC' },
};

/**
 * The `startsAt` condition. A date is a local day in each booking's resource's time zone, so one
 * condition per zone the tenant's resources use (few); date-times are instants.
 */
async function startsWithin(ctx: Context, filter: BookingFilter): Promise<object[]> {
  const instants = startsWithinInstants(filter);
  if (instants) return instants;
  const range = filter.startsAt;
  const resources = await ctx.db.bookableResource.findMany({ where: filter.resourceId ? { id: filter.resourceId } : {}, select: { id: true, timezone: true } });
  const idsByZone = new Map<string, string[]>();
  for (const { id, timezone } of resources) idsByZone.set(timezone, [...(idsByZone.get(timezone) ?? []), id]);
  // The resources' ids rather than a join on their zone: the list reads one table (src/db/sql-list.ts).
  return [{ OR: [...idsByZone].map(([timezone, ids]) => ({ resourceId: { in: ids }, startsAt: withinDaysOrInstants(range, timezone) })) }];
}

/** The `startsAt` condition when its range names no day (instants need no time zone); null when it names one. */
export function startsWithinInstants(filter: BookingFilter): object[] | null {
  const range = filter.startsAt;
  if (!range?.from && !range?.to) return [];
  return namesDay(range) ? null : [{ startsAt: withinDaysOrInstants(range, 'UTC') }];
}

/** The Prisma condition of a booking filter with its `startsAt` condition, for the root list and a lead's bookings. */
export const bookingWhere = (filter: BookingFilter, starts: object[]) => ({
  resourceId: filter.resourceId ?? undefined,
  status: oneOf(filter.status),
  leadId: filter.leadId ?? undefined,
  AND: starts,
});

/** The bookings matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export async function listBookings(ctx: Context, args: ListArgs<BookingFilter>) {
  const filter = args.filter ?? {};
  const rows = sqlList(ctx.db, 'Booking', bookingWhere(filter, await startsWithin(ctx, filter)));
  return keysetPage(ctx, bookingOrder, args, rows.page, rows.count);
}

export const getBooking = (ctx: Context, id: string, query: { include?: Prisma.BookingInclude; select?: Prisma.BookingSelect } = {}) =>
  found(ctx.db.booking.findUnique({ ...query, where: { id } }), 'Booking');

export interface NewBooking {
  slotId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  notes?: string | null;
  interest?: string | null;
  source?: string | null;
  /** The caller's hold on this slot (`createBookingHold`), whose seat the booking takes. */
  holdId?: string | null;
}

type Transaction = Parameters<Parameters<TenantDb['$transaction']>[0]>[0];

/**
 * The guest's lead (its whole row): the tenant's earliest lead with that email (letter case
 * aside), or a new one. An advisory lock on the address makes two bookings by a new guest create
 * one lead, not two.
 */
async function guestLead(ctx: Context, tx: Transaction, tenantId: string, guest: NewBooking, resourceName: string): Promise<Lead> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${guest.email.toLowerCase()}`}, 0))`;
  // Served by the ("tenantId", lower(email), "createdAt", id) index (migration 20261127110000).
  const [existing] = await tx.$queryRaw<Lead[]>`
    SELECT * FROM "Lead" WHERE "tenantId" = ${scopedTenantId(tx)}::uuid AND lower(email) = lower(${guest.email})
    ORDER BY "createdAt", id LIMIT 1`;
  if (existing) return existing;
  return ctx.events.create(tx, 'lead.created', {
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    phone: guest.phone,
    status: 'new',
    source: 'web_form',
    channelType: 'booking',
    notes: `Booked ${resourceName} online.`,
    sourceAttribution: { channel: 'booking', bookingSource: guest.source ?? 'api' },
    customFields: {},
  });
}

/**
 * Whether a booking made through a publishable key may mail its guest a confirmation: at most
 * `PUBLIC_BOOKING_MAILS_PER_HOUR` confirmations to one address (letter case aside) per tenant and
 * hour, counted in the outbox under the address's advisory lock (taken by `guestLead`), so the
 * count holds across server processes. Past it the booking is made without a mail: a public
 * widget takes any address, and the business's mail must not become a relay to it; refusing the
 * booking instead would let anyone who knows a guest's address keep that guest from booking.
 */
async function mayMailPublicGuest(tx: Transaction, email: string): Promise<boolean> {
  // Served by the ("tenantId", lower(recipient), "createdAt") index (migration 20261127120000).
  const [counted] = await tx.$queryRaw<{ sent: number }[]>`
    SELECT count(*)::int AS sent FROM "OutboxMessage"
     WHERE "tenantId" = ${scopedTenantId(tx)}::uuid AND kind = 'booking.confirmed' AND lower(recipient) = lower(${email})
       AND "createdAt" > now() - interval '1 hour'`;
  return (counted?.sent ?? 0) < loadConfig().PUBLIC_BOOKING_MAILS_PER_HOUR;
}

/**
 * Books a slot, taking the seat of the caller's live hold on it when `holdId` names one. The slot is judged first against what is committed (a taken slot is refused
 * without a transaction), then the lead, booking, mail and events are written in one transaction
 * (the booking, its mail and its event in one statement), and only then is the resource's row
 * locked and the slot judged again, the new booking aside, against everything committed before
 * the lock: concurrent bookings of a resource (from any server process) are judged one after
 * another, so a slot never holds more confirmed bookings than `maxConcurrent`, while the lock is
 * held for one statement (the lock and the judgement together) and the commit, not for every
 * write. A refusal then rolls back everything the booking wrote.
 */
export async function createBooking(ctx: Context, input: NewBooking) {
  const principal = principalOf(ctx);
  const publishable = principal.kind === 'publishable';
  const { resourceId, startsAt } = await readSlotId(ctx.prisma, principal.tenantId, input.slotId);
  const hold = await liveHoldFor(ctx, input.holdId, { resourceId, startsAt });
  const { slot, resource } = await judgeSlot(ctx.db, resourceId, startsAt, { now: ctx.now(), publishable, exceptId: hold?.id });
  const { holdId: _holdId, ...guest } = input;
  const booking = await ctx.db.$transaction(
    async (tx) => {
      if (hold) await consumeHold(tx, hold.id);
      const lead = await guestLead(ctx, tx, principal.tenantId, input, resource.name);
      const mailed = !publishable || (await mayMailPublicGuest(tx, input.email));
      const created = await ctx.events.create(
        tx,
        'booking.created',
        { ...guest, source: input.source ?? 'api', status: 'confirmed', ...slot, resourceId, leadId: lead.id },
        { related: { resource, lead }, alongside: mailed ? (row) => mailInsert(principal.tenantId, bookingMail('confirmed', row, resource)) : undefined },
      );
      // The lock is NO KEY UPDATE: the booking just written holds KEY SHARE on the resource through its foreign key.
      const judged = await judgeSlot(tx, resourceId, startsAt, { now: ctx.now(), publishable, exceptId: created.id, lock: true });
      if (judged.slot.endsAt.getTime() !== slot.endsAt.getTime()) throw slotUnavailable("the resource's slot length changed");
      return created;
    },
    // Bookings of one resource queue on its lock: give them time to get their turn.
    { maxWait: 8_000, timeout: 8_000 },
  );
  mailQueued();
  return booking;
}

/**
 * Cancelling a booking already cancelled: HTTP 404 as the specification's status table says, with
 * a message saying what happened (the booking exists and GET still answers it), and INVALID_STATE
 * in a mutation payload's `userErrors`.
 */
const alreadyCancelled = (id: string) =>
  new AppError('NOT_FOUND', `Booking ${id} is already cancelled; the booking is kept (GET answers it) and there is nothing more to cancel`, undefined, undefined, 'INVALID_STATE');

/** Cancels a confirmed booking; its place is free at once. An already cancelled one is refused with the specification's 404, saying so. */
export async function cancelBooking(ctx: Context, id: string) {
  const booking = await getBooking(ctx, id);
  if (booking.status === 'cancelled') throw alreadyCancelled(id);
  if (booking.status !== 'confirmed') throw invalidState(`Only a confirmed booking can be cancelled; this one is ${booking.status}`);
  const cancelledAt = ctx.now();
  const cancelled = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.booking.updateMany({ where: { id, status: 'confirmed' }, data: { status: 'cancelled', cancelledAt } });
    if (!count) throw alreadyCancelled(id); // Cancelled by a concurrent request.
    const resource = await tx.bookableResource.findUniqueOrThrow({ where: { id: booking.resourceId } });
    await enqueueMail(tx, booking.tenantId, bookingMail('cancelled', booking, resource));
    await ctx.events.record(tx, 'booking.cancelled', id);
    return { ...booking, status: 'cancelled' as const, cancelledAt };
  });
  mailQueued();
  return cancelled;
}

/** Records how a confirmed booking ended (`completed` or `no_show`), once its slot has started. */
export async function closeBooking(ctx: Context, id: string, outcome: 'completed' | 'no_show') {
  const booking = await getBooking(ctx, id);
  if (booking.status !== 'confirmed') throw invalidState(`Only a confirmed booking can be marked ${outcome}; this one is ${booking.status}`);
  if (booking.startsAt > ctx.now()) throw invalidState(`The booking cannot be marked ${outcome} before its slot starts; it is still confirmed`);
  return ctx.db.$transaction(async (tx) => {
    const { count } = await tx.booking.updateMany({ where: { id, status: 'confirmed' }, data: { status: outcome } });
    if (!count) throw new AppError('CONFLICT', `The booking changed while marking it ${outcome}; read it again`);
    await ctx.events.record(tx, outcome === 'completed' ? 'booking.completed' : 'booking.no_show', id);
    return tx.booking.findUniqueOrThrow({ where: { id } });
  });
}
