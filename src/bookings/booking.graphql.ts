import { z } from 'zod';
import { BookingStatus } from '../generated/prisma/enums.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node } from '../graphql/node.js';
import type { Context } from '../graphql/context.js';
import { defineList, nestedListNote, prismaOrderBy } from '../graphql/connection.js';
import { anyOfDescription, DateOrDateTimeRange } from '../graphql/list-filters.js';
import { nullUnlessReadable, refusedAloneUnless } from '../graphql/read-access.js';
import { badInput } from '../shared/errors.js';
import { optionalText, requiredText } from '../shared/validation.js';
import { bookingOrder, bookingWhere, cancelBooking, closeBooking, createBooking, getBooking, listBookings, startsWithinInstants } from './booking.service.js';
import { longText } from '../graphql/limits.js';
import { recordPayload } from '../graphql/mutation-payload.js';

const BookingStatusEnum = builder.enumType(BookingStatus, {
  name: 'BookingStatus',
  description: 'Where a booking stands.',
  values: {
    confirmed: { description: 'Booked: it holds a place in its slot.' },
    cancelled: { description: 'Cancelled: its place is free again. The record is kept.' },
    no_show: { description: 'The guest did not come (recorded once the slot started).' },
    completed: { description: 'It took place (recorded once the slot started).' },
  },
});

/**
 * Whether the guest is a lead, and since when (lead ids are UUIDv7), is the business's data: a
 * field a publishable key (the public booking widget) reads as null, without an error, so the
 * widget's booking answer says nothing of the CRM. Every other reader of a booking holds a secret
 * key. A plain resolver rather than a scope check: it runs on every row of a page.
 */
const leadIdUnlessPublishable = (booking: { leadId: string | null }, _args: unknown, ctx: Context) => (ctx.principal?.kind === 'publishable' ? null : booking.leadId);

export const Booking = builder.prismaObject('Booking', {
  interfaces: [Node],
  description: 'A reservation of one slot of a bookable resource by a guest, linked to the lead with the guest\'s email.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Booking id.' }),
    status: t.expose('status', { type: BookingStatusEnum, description: 'Where the booking stands; `confirmed` on creation.' }),
    resourceId: t.expose('resourceId', { type: 'UUID', description: 'Id of the booked resource.' }),
    leadId: t.field({
      type: 'UUID',
      nullable: true,
      resolve: leadIdUnlessPublishable,
      description: 'Id of the lead the guest is (found by email, or created for the booking). Always null to a publishable key.',
    }),
    slotId: t.exposeString('slotId', { description: 'The slot id the booking was made with.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'Start of the booked slot (ISO 8601, UTC).' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', description: 'End of the booked slot (ISO 8601, UTC).' }),
    firstName: t.exposeString('firstName', { description: "Guest's first name." }),
    lastName: t.exposeString('lastName', { description: "Guest's last name." }),
    email: t.expose('email', { type: 'EmailAddress', description: "Guest's email; confirmation and cancellation emails go there." }),
    phone: t.exposeString('phone', { nullable: true, description: "Guest's phone number." }),
    notes: t.exposeString('notes', { nullable: true, description: 'Notes from the guest.', ...longText(10_000) }),
    interest: t.exposeString('interest', { nullable: true, description: 'What the guest is interested in.', ...longText(1_000) }),
    source: t.exposeString('source', { description: 'Attribution of the booking (`api` unless given).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was booked (ISO 8601, UTC).' }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true, description: 'When it was cancelled (ISO 8601, UTC), or null.' }),
    resource: t.relation('resource', { description: 'The booked resource.' }),
    // The guest's name, email and phone are the booking's own fields; the lead behind them (its
    // status, notes, assignee) is the business's CRM data.
    lead: t.relation('lead', {
      ...nullUnlessReadable('Lead'),
      description: "The lead the guest is; null for a key without `leads.lead.read` (the guest's name, email and phone are the booking's own fields).",
    }),
  }),
});

const bookingList = defineList(Booking, bookingOrder, {
  plural: 'bookings',
  filterDescription: 'Conditions on bookings; every given condition must hold.',
  filter: (t) => ({
    resourceId: t.field({ type: 'UUID', description: 'Only bookings of this resource.' }),
    status: t.field({ type: [BookingStatusEnum], ...anyOfDescription('bookings with', 'status', 'statuses') }),
    leadId: t.field({ type: 'UUID', description: 'Only bookings linked to this lead.' }),
    startsAt: t.field({
      type: DateOrDateTimeRange,
      description:
        "Only bookings starting in this interval. A date is a local day in the booked resource's own time zone, so one date is a different stretch of time for resources in different zones; a date-time is an instant.",
    }),
  }),
});

builder.prismaObjectFields('Lead', (t) => ({
  bookings: t.relatedConnection('bookings', {
    ...refusedAloneUnless('Booking'),
    cursor: 'id',
    totalCount: true,
    description: `Bookings made by this lead, by start unless \`orderBy\` says otherwise. ${nestedListNote('leadId')} Here \`filter.startsAt\` takes date-times only (a day is the resource's, which \`Query.bookings\` looks up).`,
    args: bookingList.nestedArgs(),
    query: (args) => {
      const filter = args.filter ?? {};
      const starts = startsWithinInstants(filter);
      // A day needs its resource's time zone, a lookup the parent's one statement cannot wait for.
      if (!starts) throw badInput([{ field: 'filter.startsAt', message: "takes date-times on a lead's bookings (or use Query.bookings with filter.leadId for days)" }]);
      return { where: bookingWhere(filter, starts), orderBy: prismaOrderBy(bookingOrder, args.orderBy) };
    },
  }),
}));

const CreateBookingInput = builder.inputType('CreateBookingInput', {
  description: 'A booking of an open slot by a guest.',
  fields: (t) => ({
    slotId: t.string({ required: true, description: 'The exact `slotId` of an open slot from availability.', validate: z.string().max(200, 'is not a slot id returned by availability') }),
    firstName: t.string({ required: true, description: "Guest's first name, at most 255 characters.", validate: requiredText(255) }),
    lastName: t.string({ required: true, description: "Guest's last name, at most 255 characters.", validate: requiredText(255) }),
    email: t.field({ type: 'EmailAddress', required: true, description: "Guest's email, for the confirmation.", validate: requiredText(320) }),
    phone: t.string({ description: "Guest's phone number, at most 50 characters.", validate: optionalText(50) }),
    notes: t.string({ description: 'Notes from the guest, at most 10000 characters.', validate: optionalText(10_000, 'multiline') }),
    interest: t.string({ description: 'What the guest is interested in, at most 1000 characters.', validate: optionalText(1000, 'multiline') }),
    source: t.string({ description: 'Attribution of the booking, at most 100 characters. Default `api`.', validate: optionalText(100) }),
    holdId: t.field({
      type: 'UUID',
      description:
        "The caller's hold on this slot (`createBookingHold`): the booking takes its seat. A hold that expired, or is not the caller's, is ignored: the booking is then judged like any other. A hold of another slot is refused.",
    }),
  }),
});

const bookingId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Booking id.' }) }));
const manage = { scope: 'bookings.manage' } as const;

builder.queryFields((t) => ({
  bookings: t.field({
    type: bookingList.connection,
    description: 'Bookings of the tenant, by start unless `orderBy` says otherwise.',
    authScopes: { scope: 'bookings.read' },
    args: bookingList.args(),
    resolve: (_root, args, ctx) => listBookings(ctx, args),
  }),
  booking: t.prismaField({
    type: 'Booking',
    nullable: true,
    description: `One booking by id; ${MISSING_RECORD_NOTE}.`,
    authScopes: { scope: 'bookings.read' },
    args: bookingId,
    // With the selected resource and lead in the same statement.
    resolve: (query, _root, { id }, ctx) => orNull(ctx, getBooking(ctx, id, query)),
  }),
}));

const CreateBookingPayload = recordPayload('createBooking', 'booking', Booking);
const CancelBookingPayload = recordPayload('cancelBooking', 'booking', Booking);
const CompleteBookingPayload = recordPayload('completeBooking', 'booking', Booking);
const MarkBookingNoShowPayload = recordPayload('markBookingNoShow', 'booking', Booking);

builder.mutationFields((t) => ({
  createBooking: t.field({
    type: CreateBookingPayload,
    description:
      'Books an open slot for a guest: checked and written atomically, so a slot never holds more than `maxConcurrent` confirmed bookings. A CONFLICT error when the slot is no longer available (full, closed, outside the hours, started, or the resource inactive). Links the booking to the lead with the guest\'s email, creating one if needed, and emails the guest a confirmation with a calendar event. Publishable keys (a booking widget) may book published resources: each client address a limited number per hour (TOO_MANY_REQUESTS past it), a guest address receives a limited number of confirmations per hour (past it the booking is made without one), and the answer\'s `leadId` and `lead` are null.',
    authScopes: { publicScope: 'bookings.manage' },
    args: { input: t.arg({ type: CreateBookingInput, required: true, description: 'The slot and the guest.' }) },
    resolve: (_root, { input }, ctx) => createBooking(ctx, input),
  }),
  cancelBooking: t.field({
    type: CancelBookingPayload,
    description: 'Cancels a confirmed booking: its place is free at once and the guest is emailed a cancellation. A booking already cancelled is refused as NOT_FOUND (HTTP 404 on REST, as the specification says) with the message "Booking <id> is already cancelled...", and as INVALID_STATE in `userErrors`; a completed or no-show booking is a CONFLICT.',
    authScopes: manage,
    args: bookingId,
    resolve: (_root, { id }, ctx) => cancelBooking(ctx, id),
  }),
  completeBooking: t.field({
    type: CompleteBookingPayload,
    description: 'Records that a confirmed booking took place, once its slot has started (CONFLICT otherwise).',
    authScopes: manage,
    args: bookingId,
    resolve: (_root, { id }, ctx) => closeBooking(ctx, id, 'completed'),
  }),
  markBookingNoShow: t.field({
    type: MarkBookingNoShowPayload,
    description: 'Records that the guest of a confirmed booking did not come, once its slot has started (CONFLICT otherwise).',
    authScopes: manage,
    args: bookingId,
    resolve: (_root, { id }, ctx) => closeBooking(ctx, id, 'no_show'),
  }),
}));
