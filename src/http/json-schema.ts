import type { FieldNode, GraphQLField, GraphQLInputField, GraphQLArgument, GraphQLInputType, GraphQLObjectType, GraphQLOutputType, GraphQLSchema, SelectionSetNode } from 'graphql';
import { GraphQLNonNull, Kind, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType } from 'graphql';
import { z } from 'zod';
import type { Operation } from '../graphql/operations.js';
import { restListSchema } from '../graphql/rest-lists.js';
import { grouped, type RestGroup, selectsNodesAlone } from '../graphql/rest-shapes.js';

/** JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

const builtInScalars: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer', format: 'int32' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
};

/** Where a named type's component schema is, for `$ref`. */
export const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `null` allowed as well: `type: [t, 'null']` where there is one type, `anyOf` around a reference. */
function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** The constraints (lengths, ranges, patterns) of a field's zod validator, which the API enforces. */
function validatorConstraints(owner: GraphQLArgument | GraphQLInputField): JsonSchema {
  const validator = (owner.extensions.pothosOptions as { validate?: unknown } | undefined)?.validate;
  if (!(validator instanceof z.ZodType)) return {};
  const converted = z.toJSONSchema(validator, { unrepresentable: 'any', io: 'input' }) as JsonSchema & { anyOf?: JsonSchema[] };
  const value = converted.anyOf?.find((s) => s.type !== 'null') ?? converted;
  const kept = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'examples'];
  // zod bounds every integer by the safe-integer range, which says nothing here.
  const meaningful = ([key, bound]: [string, unknown]) => kept.includes(key) && Math.abs(Number(bound)) !== Number.MAX_SAFE_INTEGER;
  // A list of strings restricted to a set (event types) publishes the set.
  const items = (value.items as JsonSchema | undefined)?.enum ? { items: value.items } : {};
  return { ...Object.fromEntries(Object.entries(value).filter(meaningful)), ...items };
}

/**
 * A GraphQL input type as JSON Schema: named types by reference (`reached` collects them, so the
 * document defines each once), scalars by their published `jsonSchema` extension.
 */
function inputSchema(type: GraphQLInputType, reached: Set<string>): JsonSchema {
  if (isNonNullType(type)) return nonNullInputSchema(type.ofType, reached);
  return orNull(nonNullInputSchema(type, reached));
}

function nonNullInputSchema(type: GraphQLInputType, reached: Set<string>): JsonSchema {
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType, reached) };
  const named = getNamedType(type);
  if (isScalarType(named)) return scalarSchema(named.name, named.extensions.jsonSchema);
  reached.add(named.name);
  return componentRef(named.name);
}

const scalarSchema = (name: string, published: unknown): JsonSchema => ({ ...(builtInScalars[name] ?? (published as JsonSchema) ?? { type: 'string' }) });

/** A field or argument: its type's schema with the validator's constraints, description and default. */
export function valueSchema(owner: GraphQLArgument | GraphQLInputField, reached: Set<string>, nullable = !isNonNullType(owner.type)): JsonSchema {
  const value = nonNullInputSchema(isNonNullType(owner.type) ? owner.type.ofType : owner.type, reached);
  const constraints = validatorConstraints(owner);
  const constrained = !Object.keys(constraints).length ? value : value.$ref ? { allOf: [value], ...constraints } : { ...value, ...constraints };
  return {
    ...(nullable ? orNull(constrained) : constrained),
    ...(owner.description ? { description: owner.description } : {}),
    ...(owner.defaultValue !== undefined ? { default: owner.defaultValue } : {}),
  };
}

/**
 * The component schemas of named input types: objects list their required fields and accept no
 * others; `neverNull` names fields that may be left out but not sent as null (PATCH fields that
 * cannot be cleared).
 */
export function namedInputSchema(type: GraphQLInputType, reached: Set<string>, neverNull: (field: string) => boolean): JsonSchema {
  const named = getNamedType(type);
  const description = named.description ? { description: named.description } : {};
  if (isEnumType(named)) {
    return { type: 'string', enum: named.getValues().map((v) => v.name), ...description };
  }
  if (!isInputObjectType(named)) throw new Error(`No component schema for ${named.name}`);
  const fields = Object.values(named.getFields());
  return {
    type: 'object',
    ...description,
    required: fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, valueSchema(f, reached, !neverNull(f.name) && !isNonNullType(f.type))])),
    additionalProperties: false,
  };
}

/**
 * The JSON a selection produces: exactly the selected fields (aliases as keys), each required
 * (GraphQL always answers a selected field) and nullable where its type is.
 */
export function selectionSchema(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, reached: Set<string>): JsonSchema {
  if (!isNonNullType(type)) return orNull(selectionSchema(new GraphQLNonNull(type), selectionSet, reached));
  const inner = type.ofType;
  if (isListType(inner)) return { type: 'array', items: selectionSchema(inner.ofType, selectionSet, reached) };
  const named = getNamedType(inner);
  if (isEnumType(named)) {
    reached.add(named.name);
    return componentRef(named.name);
  }
  if (isScalarType(named)) return scalarSchema(named.name, named.extensions.jsonSchema);
  if (!isObjectType(named) || !selectionSet) return { type: 'object' };
  const properties: Record<string, JsonSchema> = {};
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = named.getFields()[selection.name.value];
    if (!field) continue;
    // A nested connection selecting `nodes` alone is answered as its array (src/graphql/rest-shapes.ts).
    const nodes = selectsNodesAlone(field, selection) ? (selection.selectionSet!.selections[0] as FieldNode) : undefined;
    const schema = nodes
      ? selectionSchema((getNamedType(field.type) as GraphQLObjectType).getFields().nodes!.type, nodes.selectionSet, reached)
      : selectionSchema(field.type, selection.selectionSet, reached);
    properties[selection.alias?.value ?? selection.name.value] = field.description ? { ...schema, description: field.description } : schema;
  }
  return { type: 'object', required: Object.keys(properties), properties };
}

/** The JSON Schema of what a route's field answers, before its envelope (the route's selection of the field's type). */
export function routeValueSchema({ field, document, payloadResult, route }: Pick<Operation, 'field' | 'document' | 'payloadResult' | 'route'>, reached: Set<string>): JsonSchema {
  if (route.acknowledge) return { type: 'object', required: ['success'], properties: { success: { type: 'boolean', const: true } }, additionalProperties: false };
  const definition = document.definitions[0];
  const root = definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections[0] : undefined;
  let answered = root?.kind === Kind.FIELD ? root : undefined;
  let type = field.type;
  // A mutation's payload: REST answers its result.
  if (payloadResult) {
    const inner = answered?.selectionSet?.selections[0];
    answered = inner?.kind === Kind.FIELD ? inner : undefined;
    type = (getNamedType(type) as GraphQLObjectType).getFields()[payloadResult]?.type ?? type;
  }
  // REST answers a missing record 404, never a null body.
  const schema = selectionSchema(isNonNullType(type) ? type : new GraphQLNonNull(type), answered?.selectionSet, reached);
  if (!route.group) return schema;
  // A list's group applies to each of its items.
  if (route.list) {
    const nodes = (schema.properties as Record<string, JsonSchema>).nodes!;
    return { ...schema, properties: { ...(schema.properties as Record<string, JsonSchema>), nodes: { ...nodes, items: groupedSchema(route.group, nodes.items as JsonSchema) } } };
  }
  return groupedSchema(route.group, schema);
}

/** An object's schema with the group's properties moved under its key. */
function groupedSchema(group: RestGroup, schema: JsonSchema): JsonSchema {
  const properties = grouped(group, schema.properties as Record<string, JsonSchema>, (inner) => ({ type: 'object', required: Object.keys(inner), properties: inner, description: `The ${group.key} itself.` }));
  return { ...schema, required: Object.keys(properties), properties };
}

/** What a route answers: its value, inside the route's envelope (`{data: value}`) when it has one. */
export function routeResponseSchema(operation: Pick<Operation, 'field' | 'document' | 'route' | 'payloadResult'>, reached: Set<string>): JsonSchema {
  const value = routeValueSchema(operation, reached);
  const { envelope, list } = operation.route;
  if (list) return restListSchema(list, ((value.properties as Record<string, JsonSchema>).nodes as JsonSchema).items as JsonSchema);
  return envelope ? { type: 'object', required: [envelope], properties: { [envelope]: value }, additionalProperties: false } : value;
}

/**
 * PATCH inputs declare required fields nullable in GraphQL (absent leaves them unchanged), but
 * their validator refuses null for them; the schemas say so.
 */
export function neverNullFields(field: GraphQLField<unknown, unknown>): (name: string) => boolean {
  const input = field.args.find((a) => a.name === 'input');
  const validator = input && (getNamedType(input.type).extensions.pothosOptions as { validate?: { meta?: () => unknown } } | undefined)?.validate;
  const neverNull = (validator?.meta?.() as { neverNull?: string[] } | undefined)?.neverNull ?? [];
  return (name) => neverNull.includes(name);
}

/**
 * The component schemas of every named type `reached` names, by name. Input objects reach
 * further named types as they are described, so this describes until none is new. `inputRules`
 * gives an input object's never-null fields (`neverNullFields` of the field it is the input of).
 */
export function componentSchemas(schema: GraphQLSchema, reached: Set<string>, inputRules: ReadonlyMap<string, (name: string) => boolean>): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (let pending = [...reached]; pending.length; pending = [...reached].filter((name) => !schemas[name])) {
    for (const name of pending) {
      const type = schema.getType(name);
      if (type) schemas[name] = namedInputSchema(type as never, reached, inputRules.get(name) ?? (() => false));
    }
  }
  return schemas;
}
