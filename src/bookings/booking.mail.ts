import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { loadConfig } from '../config.js';
import type { OutboxMail } from '../mail/outbox.js';

interface BookedSlot {
  id: string;
  startsAt: Date;
  endsAt: Date;
  firstName: string;
  lastName: string;
  email: string;
}

interface BookedResource {
  name: string;
  timezone: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

const placeOf = (r: BookedResource) => [r.addressLine1, r.city, r.state, r.postalCode].filter(Boolean).join(', ') || null;

/**
 * The calendar event of a booking. Its UID is the booking id, so the cancellation (METHOD:CANCEL,
 * a higher SEQUENCE) removes the very event the confirmation added to the guest's calendar.
 */
function calendarOf(kind: 'confirmed' | 'cancelled', booking: BookedSlot, resource: BookedResource): string {
  const calendar = ical({
    prodId: { company: 'Business Platform', product: 'Bookings', language: 'EN' },
    method: kind === 'confirmed' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: `${booking.id}@bookings`,
    sequence: kind === 'confirmed' ? 0 : 1,
    status: kind === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    start: booking.startsAt,
    end: booking.endsAt,
    summary: resource.name,
    location: placeOf(resource),
    organizer: loadConfig().MAIL_FROM,
    attendees: [{ email: booking.email, name: `${booking.firstName} ${booking.lastName}` }],
  });
  return calendar.toString();
}

/** The guest's email for a confirmed or cancelled booking, with its iCalendar event attached. */
export function bookingMail(kind: 'confirmed' | 'cancelled', booking: BookedSlot, resource: BookedResource): OutboxMail {
  const when = `${DateTime.fromJSDate(booking.startsAt, { zone: resource.timezone }).toFormat("cccc d LLLL yyyy 'at' HH:mm")} (${resource.timezone})`;
  const place = placeOf(resource);
  const subject = kind === 'confirmed' ? `Booking confirmed: ${resource.name}, ${when}` : `Booking cancelled: ${resource.name}, ${when}`;
  // No guest-supplied text in the message: whoever books through a public widget types the name,
  // and it would read as the business's own words ("Hello <pay a deposit at ...>").
  const text = [
    'Hello,',
    '',
    kind === 'confirmed'
      ? `A booking of ${resource.name} for this email address is confirmed for ${when}.`
      : `The booking of ${resource.name} for this email address for ${when} has been cancelled.`,
    ...(place ? [`Where: ${place}`] : []),
    `Booking reference: ${booking.id}`,
    '',
    kind === 'confirmed' ? 'The attached calendar event adds it to your calendar.' : 'The attached calendar update removes it from your calendar.',
    ...(kind === 'confirmed' ? ['', 'If you did not make this booking, someone else entered your address; you can ignore this email.'] : []),
  ].join('\n');
  return {
    kind: `booking.${kind}`,
    to: booking.email,
    subject,
    text,
    attachments: [{ filename: kind === 'confirmed' ? 'booking.ics' : 'cancellation.ics', contentType: `text/calendar; charset=utf-8; method=${kind === 'confirmed' ? 'REQUEST' : 'CANCEL'}`, content: calendarOf(kind, booking, resource) }],
  };
}
