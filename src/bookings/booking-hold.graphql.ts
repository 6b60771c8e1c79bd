import type { BookingHold as BookingHoldRow } from '../generated/prisma/client.js';
import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { recordPayload } from '../graphql/mutation-payload.js';
import { createBookingHold, releaseBookingHold } from './booking-hold.service.js';

/** A hold is its holder's alone: it is only ever answered to the caller who made it, so it is not a record type others read. */
const BookingHold = builder.objectRef<BookingHoldRow>('BookingHold').implement({
  description:
    "A seat of a slot held for the caller while a guest types their details (a booking widget holds one when a visitor chooses a time). Until `expiresAt` it takes a place for everyone else, as a booking does; `createBooking` with its `holdId` takes that seat. Each caller has one live hold: a publishable key's visitor (its client address), or a secret key's pair.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Hold id: send it as `holdId` when booking, or release it.' }),
    slotId: t.exposeString('slotId', { description: 'The `slotId` held, as sent.' }),
    resourceId: t.expose('resourceId', { type: 'UUID', description: 'The resource whose slot is held.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'Start of the held slot (ISO 8601, UTC).' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', description: 'End of the held slot (ISO 8601, UTC).' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the seat is given back unless booked (ISO 8601, UTC).' }),
  }),
});

const CreateBookingHoldInput = builder.inputType('CreateBookingHoldInput', {
  description: 'The slot to hold a seat of.',
  fields: (t) => ({
    slotId: t.string({ required: true, description: 'The exact `slotId` of an open slot from availability.', validate: z.string().max(200, 'is not a slot id returned by availability') }),
  }),
});

const CreateBookingHoldPayload = recordPayload('createBookingHold', 'bookingHold', BookingHold);
const ReleaseBookingHoldPayload = recordPayload('releaseBookingHold', 'bookingHold', BookingHold);
const holdAccess = { publicScope: 'bookings.manage' } as const;

builder.mutationFields((t) => ({
  createBookingHold: t.field({
    type: CreateBookingHoldPayload,
    description: `Holds a seat of an open slot for a few minutes (the server's \`BOOKING_HOLD_MINUTES\`, 5 by default; see \`expiresAt\`) while the guest types, giving back the caller's previous hold. Judged as a booking is: a CONFLICT (UNAVAILABLE) when the slot is full, closed or started. Publishable keys (a booking widget) may hold seats of published resources.`,
    authScopes: holdAccess,
    args: { input: t.arg({ type: CreateBookingHoldInput, required: true, description: 'The slot.' }) },
    resolve: (_root, { input }, ctx) => createBookingHold(ctx, input),
  }),
  releaseBookingHold: t.field({
    type: ReleaseBookingHoldPayload,
    description: "Gives a hold's seat back before it expires (a visitor chose another time, or left). NOT_FOUND when it expired, was booked, or is not the caller's.",
    authScopes: holdAccess,
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Hold id.' }) },
    resolve: (_root, { id }, ctx) => releaseBookingHold(ctx, id),
  }),
}));
