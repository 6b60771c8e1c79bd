import { type DocumentNode, getNamedType, type GraphQLSchema, isObjectType, Kind, type SelectionSetNode } from 'graphql';
import type { Principal } from '../auth/api-keys.js';
import { embeddedFields, mayRead, type RecordType } from '../graphql/read-access.js';
import { yieldedRecordType } from '../graphql/read-guards.js';
import { operations } from '../graphql/route-map.js';
import { schema } from '../graphql/schema.js';
import { type EventRecord, eventRecords } from './event-types.js';

/** A relation inside an event's data whose records need their own read scope (a booking's lead): where it sits, and its record type. */
interface GuardedRelation {
  path: readonly string[];
  record: RecordType;
}

/**
 * The relations of a record's REST detail answer (an event's `data`) that not every reader of the
 * record may read, found in the detail document as the read guards find them in a query
 * (src/graphql/read-guards.ts): a field yielding another record type, unless it embeds the part
 * its parent's readers may see. Paths are the answer's keys (a connection answered as its nodes
 * keeps its field's key).
 */
function guardedRelations(schemaOf: GraphQLSchema, document: DocumentNode): GuardedRelation[] {
  const guarded: GuardedRelation[] = [];
  const walk = (selectionSet: SelectionSetNode | undefined, typeName: string, path: readonly string[]) => {
    const type = schemaOf.getType(typeName);
    if (!selectionSet || !isObjectType(type)) return;
    // A page's `nodes` and `edges` are its field's records, already judged at that field.
    const page = 'pageInfo' in type.getFields();
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      const key = page ? path : [...path, selection.alias?.value ?? selection.name.value];
      const record = page ? undefined : yieldedRecordType(field);
      if (record && !embeddedFields(field.extensions)) guarded.push({ path: key, record });
      walk(selection.selectionSet, getNamedType(field.type).name, key);
    }
  };
  const [root] = document.definitions;
  if (root?.kind === Kind.OPERATION_DEFINITION) {
    const [field] = root.selectionSet.selections;
    if (field?.kind === Kind.FIELD) walk(field.selectionSet, getNamedType(schemaOf.getQueryType()!.getFields()[field.name.value]!.type).name, []);
  }
  return guarded;
}

let relationsByRecord: Map<EventRecord, GuardedRelation[]> | undefined;

/** Each event record's guarded relations, found once per process. */
function relationsOf(record: EventRecord): GuardedRelation[] {
  relationsByRecord ??= new Map(
    (Object.keys(eventRecords) as EventRecord[]).map((name) => {
      const operation = operations.find((candidate) => candidate.key === eventRecords[name].detail)!;
      return [name, guardedRelations(schema, operation.document)];
    }),
  );
  return relationsByRecord.get(record)!;
}

/** `data` with the value at `path` set to null, copying only the objects on the way (the stored event is shared by every reader). */
function withNull(data: unknown, path: readonly string[]): unknown {
  if (Array.isArray(data)) return data.map((item) => withNull(item, path));
  if (!data || typeof data !== 'object' || !path.length) return data;
  const [key, ...rest] = path;
  if (!Object.hasOwn(data, key!)) return data;
  const value = (data as Record<string, unknown>)[key!];
  return { ...data, [key!]: rest.length ? withNull(value, rest) : null };
}

/**
 * An event's data as `reader` may see it: what the record's own route would show them, so a
 * relation they do not read (a technician's view of a booking's lead) is null, as the route
 * answers it. The one rendering of events for their readers: the events list, subscriptions and
 * each webhook endpoint's owner.
 */
export function eventDataFor(record: EventRecord, data: unknown, reader: Principal): unknown {
  let shown = data;
  for (const relation of relationsOf(record)) if (!mayRead(relation.record, reader)) shown = withNull(shown, relation.path);
  return shown;
}
