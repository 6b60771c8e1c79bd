import { getNamedType, type GraphQLNamedType, type GraphQLObjectType, type GraphQLSchema, isObjectType } from 'graphql';
import type { Principal } from '../auth/api-keys.js';
import { embeddedFields, mayRead, type RecordType } from '../graphql/read-access.js';
import { yieldedRecordType } from '../graphql/read-guards.js';
import type { EventRecord } from './event-types.js';

/** A field of an object type as an event's data may hold it: the record type it yields (unless it embeds a readable part), and its items' type. */
interface DataField {
  record: RecordType | undefined;
  type: GraphQLNamedType;
}

/** A page's item type (a connection answered as its nodes on REST), or the type itself. */
function itemType(type: GraphQLNamedType): GraphQLNamedType {
  if (!isObjectType(type) || !('pageInfo' in type.getFields())) return type;
  const nodes = type.getFields().nodes;
  return nodes ? getNamedType(nodes.type) : type;
}

const fieldsByType = new WeakMap<GraphQLObjectType, Map<string, DataField>>();

function dataFieldsOf(type: GraphQLObjectType): Map<string, DataField> {
  let fields = fieldsByType.get(type);
  if (!fields) {
    fields = new Map(
      Object.values(type.getFields()).map((field) => [
        field.name,
        { record: embeddedFields(field.extensions) ? undefined : yieldedRecordType(field), type: itemType(getNamedType(field.type)) },
      ]),
    );
    fieldsByType.set(type, fields);
  }
  return fields;
}

/** `value` (of GraphQL type `type`) with every relation `reader` does not read set to null, copying only what changes. */
function shownTo(value: unknown, type: GraphQLNamedType, reader: Principal): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => shownTo(item, type, reader));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (!value || typeof value !== 'object' || !isObjectType(type)) return value;
  const fields = dataFieldsOf(type);
  let shown: Record<string, unknown> | undefined;
  for (const key in value) {
    const field = fields.get(key);
    const current = (value as Record<string, unknown>)[key];
    if (!field || current === null || typeof current !== 'object') continue;
    const next = field.record && !mayRead(field.record, reader) ? null : shownTo(current, field.type, reader);
    if (next !== current) (shown ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return shown ?? value;
}

/**
 * An event's data as `reader` may see it: what the record's own route would show them, so a
 * relation they do not read (a technician's view of a booking's lead) is null, as the route
 * answers it. The data is the record's REST detail answer, whose keys are its GraphQL type's
 * fields: each is judged by the access table as the read guards judge it in a query
 * (src/graphql/read-guards.ts), a relation that embeds a part readable with its parent excepted.
 * The one rendering of events for their readers: the events list, subscriptions and each webhook
 * endpoint's owner. The stored event, shared by every reader, is never changed.
 */
export function eventDataFor(schema: GraphQLSchema, record: EventRecord, data: unknown, reader: Principal): unknown {
  const type = schema.getType(record);
  return type ? shownTo(data, type, reader) : data;
}
