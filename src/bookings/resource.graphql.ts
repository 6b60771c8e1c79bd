import { z } from 'zod';
import { ResourceType } from '../generated/prisma/enums.js';
import { addressInputFields } from '../graphql/address-fields.js';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node, nodeLookup } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { anyOfDescription, DateTimeRange, searchDescription } from '../graphql/list-filters.js';
import { MAX_PAGE_SIZE } from '../graphql/limits.js';
import { notFound } from '../shared/errors.js';
import { optionalText, patchInput, requiredText, searchText } from '../shared/validation.js';
import { DATE_OR_DATE_TIME } from '../shared/dates.js';
import { availabilityOf, type Slot } from './availability.js';
import {
  asOpeningInterval,
  createClosure,
  createResource,
  deleteClosure,
  getResource,
  getResourceHours,
  isVisibleTo,
  listResources,
  closureOrder,
  listUpcomingClosures,
  MAX_RESOURCES_PER_TENANT,
  resourceOrder,
  type OpeningInterval,
  setResourceHours,
  updateResource,
  visibleToCaller,
} from './resource.service.js';
import { MAX_AVAILABILITY_DAYS, MIN_SLOT_MINUTES, mostSlotsIn } from './time-window.js';
import { longText, rowsFromArguments } from '../graphql/limits.js';
import { deletionPayload, recordPayload } from '../graphql/mutation-payload.js';

export const ResourceTypeEnum = builder.enumType(ResourceType, {
  name: 'ResourceType',
  description: 'What a bookable resource is.',
  values: {
    location: { description: 'A place, such as a shop or an office.' },
    service: { description: 'A service offered, such as a consultation.' },
    room: { description: 'A room.' },
    equipment: { description: 'A piece of equipment.' },
    person: { description: 'A person, such as a technician or an advisor.' },
  },
});

const SlotType = builder.objectRef<Slot>('Slot').implement({
  description: 'An open time slot of a resource: it has not started, is not closed and has places left.',
  fields: (t) => ({
    slotId: t.exposeString('slotId', {
      description: 'Opaque, signed id of the slot (the resource and the start). Pass it back unchanged to book; it cannot be made up or altered.',
    }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'Start (ISO 8601, UTC).' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', description: 'End (ISO 8601, UTC): the start plus the resource\'s duration.' }),
    remaining: t.exposeInt('remaining', { description: 'Further bookings the slot takes: `maxConcurrent` minus the confirmed bookings overlapping it (at least 1).' }),
  }),
});

const OpeningIntervalType = builder.objectRef<OpeningInterval>('OpeningInterval').implement({
  description: 'A weekly opening interval of a resource, in its own time zone.',
  fields: (t) => ({
    weekday: t.exposeInt('weekday', { description: 'ISO weekday: 1 = Monday to 7 = Sunday.' }),
    opensAt: t.exposeString('opensAt', { description: 'Local opening time, `HH:MM`.' }),
    closesAt: t.exposeString('closesAt', { description: 'Local closing time, `HH:MM` (`24:00` is the end of the day).' }),
  }),
});

const rangeArgs = builder.args((t) => ({
  from: t.field({ type: 'DateOrDateTime', description: `Start of the range, ${DATE_OR_DATE_TIME}; a date is that day in the resource's time zone. Default: now.` }),
  to: t.field({
    type: 'DateOrDateTime',
    description: `End of the range (exclusive), ${DATE_OR_DATE_TIME}; a date includes that whole day. Default: 7 days after \`from\`; at most ${MAX_AVAILABILITY_DAYS} days after it.`,
  }),
}));

/**
 * A resource's descriptive texts are answered as "" when not set, never null: the specification
 * types them `string` (where a field may be null it writes "string or null"), so a client built
 * from it must not meet null. Other records' optional texts (a company's address) stay null.
 */
const emptyWhenUnset = 'An empty string when not set, never null (the specification types it a string); sending null or "" clears it.';

export const BookableResource = builder.prismaObject('BookableResource', {
  interfaces: [Node],
  ...nodeLookup({ where: visibleToCaller }),
  description: 'Something customers book: a room, a person, a piece of equipment, a service or a location, with weekly opening hours in its own time zone.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Resource id.' }),
    type: t.expose('type', { type: ResourceTypeEnum, description: 'What the resource is.' }),
    name: t.exposeString('name', { description: 'Name (at most 200 characters).' }),
    slug: t.exposeString('slug', { description: 'URL-safe name, unique in the tenant.' }),
    description: t.string({ description: `Description for customers. ${emptyWhenUnset}`, ...longText(10_000), resolve: (resource) => resource.description ?? '' }),
    addressLine1: t.string({ description: `Street address. ${emptyWhenUnset}`, resolve: (resource) => resource.addressLine1 ?? '' }),
    city: t.string({ description: `City. ${emptyWhenUnset}`, resolve: (resource) => resource.city ?? '' }),
    state: t.string({ description: `State or region. ${emptyWhenUnset}`, resolve: (resource) => resource.state ?? '' }),
    postalCode: t.string({ description: `Postal code. ${emptyWhenUnset}`, resolve: (resource) => resource.postalCode ?? '' }),
    timezone: t.exposeString('timezone', { description: 'IANA time zone name; opening hours are local to it.' }),
    defaultDurationMinutes: t.exposeInt('defaultDurationMinutes', { description: 'Length of each slot in minutes (5 to 1440).' }),
    maxConcurrent: t.exposeInt('maxConcurrent', { description: 'Confirmed bookings a slot takes at once (1 to 1000).' }),
    isActive: t.exposeBoolean('isActive', { description: 'Whether the resource takes bookings; an inactive one has no slots.' }),
    published: t.exposeBoolean('published', { description: 'Whether publishable keys (websites, apps) see it and may book it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (ISO 8601, UTC).' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (ISO 8601, UTC).' }),
    hours: t.field({
      type: [OpeningIntervalType],
      description: 'Weekly opening intervals, by weekday and opening time.',
      select: { operatingHours: { orderBy: [{ weekday: 'asc' }, { opensAt: 'asc' }] } },
      resolve: (resource) => resource.operatingHours.map(asOpeningInterval),
    }),
    availability: t.field({
      type: [SlotType],
      description: 'Open slots starting in the range, in time order. Selected on a list, all resources are loaded in one statement. The cost limit counts it at the most slots the range can hold (288 a day).',
      args: rangeArgs,
      ...rowsFromArguments(mostSlotsIn),
      resolve: async (resource, range, ctx) => (await availabilityOf(ctx, resource.id, range))?.slots ?? [],
    }),
  }),
});

const ResourceClosure = builder.prismaObject('ResourceClosure', {
  interfaces: [Node],
  description: 'A period when a resource is closed whatever its weekly hours (a holiday, maintenance): no slot overlapping it is offered or booked.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Closure id.' }),
    resourceId: t.expose('resourceId', { type: 'UUID', description: 'Id of the closed resource.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime', description: 'Start (ISO 8601, UTC).' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', description: 'End, exclusive (ISO 8601, UTC).' }),
    reason: t.exposeString('reason', { nullable: true, description: 'Why it is closed.' }),
  }),
});

const closureList = defineList(ResourceClosure, closureOrder, {
  plural: 'closures',
  filterDescription: "Conditions on a resource's closures; every given condition must hold.",
  filter: (t) => ({
    startsAt: t.field({ type: DateTimeRange, description: 'Only closures starting in this interval.' }),
  }),
});

const resourceList = defineList(BookableResource, resourceOrder, {
  plural: 'bookable resources',
  filterDescription: 'Conditions on bookable resources; every given condition must hold. Only active resources unless `includeInactive`.',
  filter: (t) => ({
    search: t.string({ description: searchDescription('the name'), validate: searchText }),
    type: t.field({ type: [ResourceTypeEnum], ...anyOfDescription('resources of', 'type', 'types') }),
    includeInactive: t.boolean({ description: 'Include inactive resources too (ignored for publishable keys); only active ones unless true.' }),
  }),
});

const ResourceAvailabilityType = builder.objectRef<{ resourceId: string; slots: Slot[] }>('ResourceAvailability').implement({
  description: 'The open slots of one resource over a range.',
  fields: (t) => ({
    resourceId: t.expose('resourceId', { type: 'UUID', description: 'Resource id.' }),
    slots: t.field({ type: [SlotType], description: 'Open slots starting in the range, in time order.', resolve: (a) => a.slots }),
  }),
});

const ResourceHoursType = builder.objectRef<{ resourceId: string; timezone: string; hours: OpeningInterval[] }>('ResourceHours').implement({
  description: "A resource's weekly opening schedule.",
  fields: (t) => ({
    resourceId: t.expose('resourceId', { type: 'UUID', description: 'Resource id.' }),
    timezone: t.exposeString('timezone', { description: 'The IANA time zone the times are local to.' }),
    hours: t.field({ type: [OpeningIntervalType], description: 'Opening intervals by weekday and opening time.', resolve: (h) => h.hours }),
  }),
});

const slug = z
  .string()
  .max(200, 'must be at most 200 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase letters and digits separated by single hyphens');
const timezone = z.string().max(64, 'must be at most 64 characters');
const duration = z.number().int().min(MIN_SLOT_MINUTES, 'must be between 5 and 1440').max(1440, 'must be between 5 and 1440');
const capacity = z.number().int().min(1, 'must be between 1 and 1000').max(1000, 'must be between 1 and 1000');

type InputFieldBuilder = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The optional descriptive fields, the same on create and update (`clears` ends PATCH descriptions); the address is the shared one, its street line named as the specification names it. */
function descriptiveFields(t: InputFieldBuilder, clears = '') {
  const { address: addressLine1, ...place } = addressInputFields(t, clears);
  return {
    description: t.string({ description: `Description for customers, at most 10000 characters${clears}.`, validate: optionalText(10_000, 'multiline') }),
    addressLine1,
    ...place,
  };
}

const CreateBookableResourceInput = builder.inputType('CreateBookableResourceInput', {
  description: 'A new bookable resource. It has no opening hours until they are set.',
  fields: (t) => ({
    type: t.field({ type: ResourceTypeEnum, required: true, description: 'What the resource is.' }),
    name: t.string({ required: true, description: 'Name, at most 200 characters.', validate: requiredText(200) }),
    slug: t.string({ description: 'URL-safe name, unique in the tenant (409 when taken). Default: derived from the name, made unique.', validate: slug.nullish() }),
    timezone: t.string({ required: true, description: 'IANA time zone name, such as America/New_York.', validate: timezone }),
    defaultDurationMinutes: t.int({ required: true, description: 'Length of each slot in minutes, 5 to 1440.', validate: duration }),
    maxConcurrent: t.int({ description: 'Confirmed bookings a slot takes at once, 1 to 1000. Default 1.', validate: capacity.nullish() }),
    isActive: t.boolean({ description: 'Whether it takes bookings. Default true.' }),
    published: t.boolean({ description: 'Whether publishable keys see and book it. Default false.' }),
    ...descriptiveFields(t),
  }),
});

const UpdateBookableResourceInput = builder.inputType('UpdateBookableResourceInput', {
  description: 'Changes to a bookable resource. Absent fields do not change; `null` clears a nullable field. Existing bookings are kept as they are.',
  validate: patchInput('type', 'name', 'slug', 'timezone', 'defaultDurationMinutes', 'maxConcurrent', 'isActive', 'published'),
  fields: (t) => ({
    type: t.field({ type: ResourceTypeEnum, description: 'What the resource is. Cannot be null.' }),
    name: t.string({ description: 'Name, at most 200 characters. Cannot be null.', validate: requiredText(200) }),
    slug: t.string({ description: 'URL-safe name, unique in the tenant (409 when taken). Cannot be null.', validate: slug }),
    timezone: t.string({ description: 'IANA time zone name. Cannot be null.', validate: timezone }),
    defaultDurationMinutes: t.int({ description: 'Length of each slot in minutes, 5 to 1440. Cannot be null.', validate: duration }),
    maxConcurrent: t.int({ description: 'Confirmed bookings a slot takes at once, 1 to 1000. Cannot be null.', validate: capacity }),
    isActive: t.boolean({ description: 'Whether it takes bookings. Cannot be null.' }),
    published: t.boolean({ description: 'Whether publishable keys see and book it. Cannot be null.' }),
    ...descriptiveFields(t, '; null clears'),
  }),
});

const OpeningIntervalInput = builder.inputType('OpeningIntervalInput', {
  description: 'A weekly opening interval, local to the resource\'s time zone.',
  fields: (t) => ({
    weekday: t.int({ required: true, description: 'ISO weekday: 1 = Monday to 7 = Sunday.', validate: z.number().int().min(1, 'must be 1 (Monday) to 7 (Sunday)').max(7, 'must be 1 (Monday) to 7 (Sunday)') }),
    opensAt: t.string({ required: true, description: 'Opening time, `HH:MM` (00:00 to 23:59).', validate: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM from 00:00 to 23:59') }),
    closesAt: t.string({
      required: true,
      description: 'Closing time, `HH:MM` after `opensAt`; `24:00` closes at the end of the day.',
      validate: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time HH:MM from 00:01 to 24:00'),
    }),
  }),
});

const SetResourceHoursInput = builder.inputType('SetResourceHoursInput', {
  description: 'A whole weekly schedule. Several intervals a day are allowed; they may not overlap.',
  fields: (t) => ({
    hours: t.field({
      type: [OpeningIntervalInput],
      required: true,
      description: 'Every opening interval of the week (at most 100); an empty list closes the resource every day.',
      validate: z.array(z.unknown()).max(100, 'must hold at most 100 intervals'),
    }),
  }),
});

const CreateResourceClosureInput = builder.inputType('CreateResourceClosureInput', {
  description: 'A period when the resource is closed.',
  fields: (t) => ({
    startsAt: t.field({ type: 'DateTime', required: true, description: 'Start (ISO 8601 date-time with an offset).' }),
    endsAt: t.field({ type: 'DateTime', required: true, description: 'End, exclusive, after `startsAt` (ISO 8601 date-time with an offset).' }),
    reason: t.string({ description: 'Why, at most 500 characters.', validate: optionalText(500) }),
  }),
});

const resourceId = builder.args((t) => ({ id: t.field({ type: 'UUID', required: true, description: 'Resource id.' }) }));
// `id` names only the record a field reads or changes; the resource a closure belongs to is `resourceId`.
const ownerResource = builder.args((t) => ({ resourceId: t.field({ type: 'UUID', required: true, description: 'Id of the resource the closure belongs to.' }) }));
const manage = { scope: 'bookings.resources.manage' } as const;

builder.queryFields((t) => ({
  bookableResources: t.field({
    type: resourceList.connection,
    description: `Bookable resources of the tenant, by name unless \`orderBy\` says otherwise; active ones unless \`filter.includeInactive\`. A publishable key sees only active, published resources. A tenant has at most ${MAX_RESOURCES_PER_TENANT} resources (active or not), so \`first: ${MAX_PAGE_SIZE}\` reads them all; REST (\`GET /api/bookings/resources\`) answers them all unless \`limit\` is given.`,
    authScopes: { publicScope: 'bookings.read' },
    args: resourceList.args(),
    resolve: (_root, args, ctx) => listResources(ctx, args),
  }),
  bookableResource: t.field({
    type: BookableResource,
    nullable: true,
    description: `One bookable resource; ${MISSING_RECORD_NOTE} (for a publishable key, an active and published one).`,
    authScopes: { publicScope: 'bookings.read', scope: 'bookings.resources.manage' },
    args: resourceId,
    resolve: (_root, { id }, ctx) => orNull(ctx, getResource(ctx, id)),
  }),
  resourceAvailability: t.field({
    type: ResourceAvailabilityType,
    description: 'Open slots of a resource over a range (default: the next 7 days), in time order. An inactive resource has none. The cost limit counts it at the most slots the range can hold (288 a day: 5-minute slots), so a long range costs what it may produce.',
    authScopes: { publicScope: 'bookings.read' },
    args: { ...resourceId, ...rangeArgs },
    ...rowsFromArguments(mostSlotsIn),
    resolve: async (_root, { id, ...range }, ctx) => {
      const availability = await availabilityOf(ctx, id, range);
      if (!availability || !isVisibleTo(ctx, availability)) throw notFound('Bookable resource');
      return availability;
    },
  }),
  resourceHours: t.field({
    type: ResourceHoursType,
    description: "A resource's weekly opening hours.",
    authScopes: manage,
    args: resourceId,
    resolve: (_root, { id }, ctx) => getResourceHours(ctx, id),
  }),
  resourceClosures: t.field({
    type: closureList.connection,
    description: `A resource's closures that have not ended yet, soonest first unless \`orderBy\` says otherwise. REST (\`GET /api/bookings/resources/{id}/closures\`) pages them by \`limit\` (default ${MAX_PAGE_SIZE}) and \`cursor\`.`,
    authScopes: manage,
    args: { ...resourceId, ...closureList.args() },
    resolve: (_root, { id, ...args }, ctx) => listUpcomingClosures(ctx, id, args),
  }),
}));

const CreateBookableResourcePayload = recordPayload('createBookableResource', 'bookableResource', BookableResource);
const UpdateBookableResourcePayload = recordPayload('updateBookableResource', 'bookableResource', BookableResource);
const SetResourceHoursPayload = recordPayload('setResourceHours', 'resourceHours', ResourceHoursType);
const CreateResourceClosurePayload = recordPayload('createResourceClosure', 'resourceClosure', ResourceClosure);
const DeleteResourceClosurePayload = deletionPayload('deleteResourceClosure', 'resource closure');

builder.mutationFields((t) => ({
  createBookableResource: t.field({
    type: CreateBookableResourcePayload,
    description: `Creates a bookable resource. A tenant has at most ${MAX_RESOURCES_PER_TENANT} of them, active or not: past that, a CONFLICT error (HTTP 409; LIMIT_REACHED in \`userErrors\`) asks to change one it no longer uses instead.`,
    authScopes: manage,
    args: { input: t.arg({ type: CreateBookableResourceInput, required: true, description: 'The resource to create.' }) },
    resolve: (_root, { input }, ctx) => createResource(ctx, input),
  }),
  updateBookableResource: t.field({
    type: UpdateBookableResourcePayload,
    description: 'Changes a bookable resource.',
    authScopes: manage,
    args: { ...resourceId, input: t.arg({ type: UpdateBookableResourceInput, required: true, description: 'The changes.' }) },
    resolve: (_root, { id, input }, ctx) => updateResource(ctx, id, input),
  }),
  setResourceHours: t.field({
    type: SetResourceHoursPayload,
    description: "Replaces a resource's weekly opening hours and answers them back. Bookings already made are kept.",
    authScopes: manage,
    args: { ...resourceId, input: t.arg({ type: SetResourceHoursInput, required: true, description: 'The whole schedule.' }) },
    resolve: (_root, { id, input }, ctx) => setResourceHours(ctx, id, input.hours),
  }),
  createResourceClosure: t.field({
    type: CreateResourceClosurePayload,
    description: 'Closes a resource for a period: no slot overlapping it is offered or booked (bookings already made are kept).',
    authScopes: manage,
    args: { ...ownerResource, input: t.arg({ type: CreateResourceClosureInput, required: true, description: 'The closure.' }) },
    resolve: (_root, { resourceId, input }, ctx) => createClosure(ctx, resourceId, input),
  }),
  deleteResourceClosure: t.field({
    type: DeleteResourceClosurePayload,
    description: 'Removes a closure of a resource.',
    authScopes: manage,
    args: { ...ownerResource, closureId: t.arg({ type: 'UUID', required: true, description: 'Closure id.' }) },
    resolve: (_root, { resourceId, closureId }, ctx) => deleteClosure(ctx, resourceId, closureId),
  }),
}));
