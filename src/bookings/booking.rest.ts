import { MAX_PAGE_SIZE } from '../graphql/limits.js';
import type { RestRoutes } from '../graphql/operations.js';

const resource = 'id type name slug description addressLine1 city state postalCode timezone defaultDurationMinutes maxConcurrent isActive published createdAt updatedAt';
const hours = 'resourceId timezone hours { weekday opensAt closesAt }';
const closure = 'id resourceId startsAt endsAt reason';
const booking = 'id status resourceId leadId slotId startsAt endsAt firstName lastName email phone notes interest source createdAt cancelledAt';
const hold = 'id slotId resourceId startsAt endsAt expiresAt';
const bookingDetail = `${booking} resource { id name type timezone } lead { id firstName lastName email status }`;

// Static paths come before `/bookings/:id`, which would otherwise take `resources` for an id.
export const bookingRoutes: RestRoutes = {
  'Query.bookableResources': { method: 'GET', path: '/bookings/resources', summary: 'List bookable resources', select: `{ ${resource} }`, list: { paging: 'offset', whole: true, filters: { type: 'type', query: 'search', includeInactive: 'includeInactive' } } },
  'Mutation.createBookableResource': { method: 'POST', path: '/bookings/resources', summary: 'Create a bookable resource', status: 201, envelope: 'data', select: `{ ${resource} }` },
  'Query.bookableResource': { method: 'GET', path: '/bookings/resources/:id', summary: 'Get a bookable resource', envelope: 'data', select: `{ ${resource} }` },
  'Mutation.updateBookableResource': { method: 'PATCH', path: '/bookings/resources/:id', summary: 'Update a bookable resource', envelope: 'data', select: `{ ${resource} }` },
  'Query.resourceHours': { method: 'GET', path: '/bookings/resources/:id/hours', summary: "Get a resource's weekly hours", envelope: 'data', select: `{ ${hours} }` },
  'Mutation.setResourceHours': { method: 'PUT', path: '/bookings/resources/:id/hours', summary: "Replace a resource's weekly hours", envelope: 'data', select: `{ ${hours} }` },
  'Query.resourceClosures': { method: 'GET', path: '/bookings/resources/:id/closures', summary: "List a resource's upcoming closures", select: `{ ${closure} }`, list: { paging: 'cursor', defaultLimit: MAX_PAGE_SIZE } },
  'Mutation.createResourceClosure': { method: 'POST', path: '/bookings/resources/:id/closures', parameterNames: { resourceId: 'id' }, summary: 'Close a resource for a period', status: 201, envelope: 'data', select: `{ ${closure} }` },
  'Mutation.deleteResourceClosure': { method: 'DELETE', path: '/bookings/resources/:id/closures/:closureId', parameterNames: { resourceId: 'id' }, summary: 'Remove a closure', select: '', acknowledge: true },
  'Query.resourceAvailability': { method: 'GET', path: '/bookings/resources/:id/availability', summary: "List a resource's open slots", select: '{ resourceId slots { slotId startsAt endsAt remaining } }' },
  'Mutation.createBookingHold': { method: 'POST', path: '/bookings/holds', summary: 'Hold a seat of a slot while the guest types', status: 201, envelope: 'data', select: `{ ${hold} }` },
  'Mutation.releaseBookingHold': { method: 'DELETE', path: '/bookings/holds/:id', summary: 'Give a held seat back', select: '', acknowledge: true },
  'Query.bookings': { method: 'GET', path: '/bookings', summary: 'List bookings', select: `{ ${booking} }`, list: { paging: 'offset', members: ['total'], filters: { resourceId: 'resourceId', status: 'status', leadId: 'leadId', from: 'startsAt.from', to: 'startsAt.to' } } },
  'Mutation.createBooking': { method: 'POST', path: '/bookings', summary: 'Book a slot', status: 201, envelope: 'booking', select: `{ ${booking} }` },
  'Query.booking': { method: 'GET', path: '/bookings/:id', summary: 'Get a booking', envelope: 'booking', select: `{ ${bookingDetail} }` },
  'Mutation.cancelBooking': { method: 'DELETE', path: '/bookings/:id', summary: 'Cancel a booking', select: '', acknowledge: true },
  'Mutation.completeBooking': { method: 'POST', path: '/bookings/:id/complete', summary: 'Mark a booking completed', envelope: 'booking', select: `{ ${booking} }` },
  'Mutation.markBookingNoShow': { method: 'POST', path: '/bookings/:id/no-show', summary: 'Mark a booking as a no-show', envelope: 'booking', select: `{ ${booking} }` },
};
