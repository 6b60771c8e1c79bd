import type { FieldNode, GraphQLField, GraphQLObjectType, GraphQLOutputType, SelectionSetNode } from 'graphql';
import { getNamedType, isObjectType, Kind, parse } from 'graphql';

/**
 * REST answers the specification's shapes, where a record's nested list is an array (a deal's
 * `activities`), while GraphQL serves every list as a connection. A route's selection that takes a
 * nested connection's `nodes` alone answers that array: the connection's page, sized by the
 * selection's `first`. The route's own list (its root field) keeps its envelope (src/graphql/rest-lists.ts).
 */
export function selectsNodesAlone(field: GraphQLField<unknown, unknown>, selection: FieldNode): boolean {
  const named = getNamedType(field.type);
  const selections = selection.selectionSet?.selections ?? [];
  return (
    isObjectType(named) &&
    'pageInfo' in named.getFields() &&
    selections.length === 1 &&
    selections[0]!.kind === Kind.FIELD &&
    selections[0]!.name.value === 'nodes' &&
    !selections[0]!.alias
  );
}

type Reshape = (value: unknown) => unknown;

/**
 * What turns the value of a selection into REST's shape, replacing each nested connection that
 * selects `nodes` alone by its nodes; null when the selection has none (the value is REST's shape).
 */
export function nestedListsReshape(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): Reshape | null {
  const named = getNamedType(type);
  if (!isObjectType(named) || !selectionSet) return null;
  const steps: [key: string, reshape: Reshape][] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = named.getFields()[selection.name.value];
    if (!field) continue;
    const key = selection.alias?.value ?? selection.name.value;
    if (selectsNodesAlone(field, selection)) {
      const nodes = (selection.selectionSet!.selections[0] as FieldNode).selectionSet;
      const nodeType = (getNamedType(field.type) as GraphQLObjectType).getFields().nodes!.type;
      const inner = nestedListsReshape(nodeType, nodes) ?? ((node: unknown) => node);
      steps.push([key, (connection) => (connection as { nodes: unknown[] } | null)?.nodes.map(inner) ?? null]);
      continue;
    }
    const inner = nestedListsReshape(field.type, selection.selectionSet);
    if (inner) steps.push([key, (value) => (Array.isArray(value) ? value.map(inner) : inner(value))]);
  }
  if (!steps.length) return null;
  return (value) => {
    if (value == null || typeof value !== 'object') return value;
    const record = { ...(value as Record<string, unknown>) };
    for (const [key, reshape] of steps) if (key in record) record[key] = reshape(record[key]);
    return record;
  };
}

/**
 * Where the specification's shape groups a record's own fields under one key beside the records it
 * embeds (an inspection: `{inspection: {id, status, ...}, equipment, site, ...}`), while GraphQL
 * serves one `Inspection` with its relations as fields: the route's `group` names the key and the
 * selection of the fields it holds (also part of the route's `select`).
 */
export interface RestGroup {
  key: string;
  select: string;
}

const keysOfGroups = new WeakMap<RestGroup, ReadonlySet<string>>();

/** The answer keys a group's selection names (its top-level fields' aliases or names), read once per group: a list moves them in each of its rows. */
function groupedKeys(group: RestGroup): ReadonlySet<string> {
  let keys = keysOfGroups.get(group);
  if (!keys) {
    const definition = parse(`{ ${group.select} }`).definitions[0]!;
    const selections = definition.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [];
    keys = new Set(selections.flatMap((selection) => (selection.kind === Kind.FIELD ? [selection.alias?.value ?? selection.name.value] : [])));
    keysOfGroups.set(group, keys);
  }
  return keys;
}

/** Moves the grouped keys of an object (a value or a JSON schema's `properties`) under the group's key, in the specification's order: the group first. */
export function grouped<T>(group: RestGroup, record: Record<string, T>, wrap: (inner: Record<string, T>) => T): Record<string, T> {
  const keys = groupedKeys(group);
  const inner: Record<string, T> = {};
  const rest: Record<string, T> = {};
  for (const key in record) (keys.has(key) ? inner : rest)[key] = record[key]!;
  return { [group.key]: wrap(inner), ...rest };
}
