import { z } from 'zod';
import { builder } from '../graphql/builder.js';
import { MISSING_RECORD_NOTE, orNull } from '../graphql/missing-record.js';
import { Node, nodeLookup } from '../graphql/node.js';
import { defineList } from '../graphql/connection.js';
import { DateTimeRange } from '../graphql/list-filters.js';
import { readAccessOf } from '../graphql/read-access.js';
import { whoMay } from '../graphql/access.js';
import { EVENT_RETENTION_DAYS, type EventShape } from './event-log.js';
import { principalOf } from '../graphql/context.js';
import { eventDataFor } from './event-redaction.js';
import { allEventTypes, eventRecords, eventTypes, isEventType } from './event-types.js';
import { eventOrder, getEvent, listEvents, subscribeToEvents } from './event.service.js';
import { visibleEventTypes } from './event-visibility.js';
import type { StreamItem } from './live-events.js';

export const eventTypeList = allEventTypes.map((type) => `\`${type}\``).join(', ');

export const Event = builder.objectRef<EventShape>('Event').implement({
  interfaces: [Node],
  // Not in the access table: a key sees the events of the records it reads, as `event(id:)` answers them.
  ...nodeLookup({ model: 'Event', where: (ctx) => ({ type: { in: visibleEventTypes(principalOf(ctx)) } }) }),
  description:
    `Something that happened to a record of the tenant, recorded in the same transaction as the change. The same event (same id) is listed by \`events\`, pushed to subscriptions and sent to webhook endpoints. Kept ${EVENT_RETENTION_DAYS} days. ` +
    'A key sees an event only if it reads the record the event carries (`leads.lead.read` for `lead.*`, `pipeline` for `deal.*`, `contacts.read`, `companies.read`, `bookings.read`, `inspections.read`, `invoices.read`).',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Event id: the `webhook-id` header of its webhook deliveries, the same on every retry.' }),
    type: t.exposeString('type', { description: `What happened: one of ${eventTypeList} (see \`eventTypes\`).` }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the change was made (ISO 8601, UTC).' }),
    data: t.field({
      type: 'JSONObject',
      description:
        "The record after the change, exactly as its REST detail route answers it to this key (`GET /api/v1/leads/{id}`'s `data` for `lead.*`, and so on; see `eventTypes`): a related record the key does not read is null there, as on that route (a booking's `lead` for a key without `leads.lead.read`). A stage move adds `previousStageId`, an inspection move `previousStatus`.",
      resolve: (event, _args, ctx, info) => (isEventType(event.type) ? eventDataFor(info.schema, eventTypes[event.type].record, event.data, principalOf(ctx)) : event.data) as object,
    }),
  }),
});

const eventList = defineList(Event, eventOrder, {
  plural: 'events',
  filterDescription: 'Conditions on events; every given condition must hold.',
  filter: (t) => ({
    type: t.stringList({
      description: `Only events of these types (one or several of ${eventTypeList}). Default: every type the key sees.`,
      validate: z.array(z.enum(allEventTypes)).max(50, 'at most 50 types'),
    }),
    createdAt: t.field({ type: DateTimeRange, description: 'Only events recorded in this interval.' }),
  }),
});

interface EventTypeInfo {
  name: string;
  when: string;
  record: string;
  detailPath: string;
}

const EventTypeInfoRef = builder.objectRef<EventTypeInfo>('EventTypeInfo').implement({
  description: 'An event type of the catalog: when it happens, and the record its `data` carries.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The type, such as `deal.won`.' }),
    when: t.exposeString('when', { description: 'When an event of this type is recorded.' }),
    record: t.exposeString('record', { description: 'The record type its `data` carries (`Lead`, `Deal`, ...).' }),
    detailPath: t.exposeString('detailPath', { description: "The REST route whose answer `data` is (the record's detail route)." }),
    readableBy: t.string({ description: 'Who sees events of this type.', resolve: (info) => `${whoMay(readAccessOf(info.record as keyof typeof eventRecords))}.` }),
  }),
});

builder.queryFields((t) => ({
  events: t.field({
    type: eventList.connection,
    description: `The tenant's events of the last ${EVENT_RETENTION_DAYS} days that this key may see, newest first unless \`orderBy\` says otherwise.`,
    authScopes: { secretKey: true },
    args: eventList.args(),
    resolve: (_root, args, ctx) => listEvents(ctx, args),
  }),
  event: t.field({
    type: Event,
    nullable: true,
    description: `One event by id; ${MISSING_RECORD_NOTE}, and when it is older than the retention period or of a type this key does not see.`,
    authScopes: { secretKey: true },
    args: { id: t.arg({ type: 'UUID', required: true, description: 'Event id.' }) },
    resolve: (_root, { id }, ctx) => orNull(ctx, getEvent(ctx, id)),
  }),
  eventTypes: t.field({
    type: [EventTypeInfoRef],
    description: 'Every event type: when it happens, the record its data carries, and who sees it.',
    authScopes: { secretKey: true },
    resolve: () =>
      allEventTypes.map((name) => {
        const { record, when } = eventTypes[name];
        return { name, when, record, detailPath: `GET /api${eventRecords[record].path.replace(':id', '{id}')}` };
      }),
  }),
}));

builder.subscriptionFields((t) => ({
  events: t.field({
    type: Event,
    description:
      'The tenant\'s events that this key may see, pushed as they are committed (by any server process), with the same id and `data` as `events` lists. Heartbeats (`:` comment lines) keep the stream open. A subscriber that falls far behind is ended with an error: list `events` for what it missed.',
    authScopes: { secretKey: true },
    args: {
      types: t.arg.stringList({ description: `Only events of these types (one or several of ${eventTypeList}). Default: every type the key sees.`, validate: z.array(z.string()).max(50, 'at most 50 types') }),
    },
    subscribe: (_root, args, ctx) => subscribeToEvents(ctx, args.types),
    // The stream's last item may be the error it ended with.
    resolve: (item: StreamItem) => {
      if (item instanceof Error) throw item;
      return item;
    },
  }),
}));
