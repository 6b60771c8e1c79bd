import type { DocumentNode, GraphQLField, GraphQLOutputType, GraphQLSchema, SelectionSetNode } from 'graphql';
import {
  Kind,
  getNullableType,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
} from 'graphql';
import type { RestRoute } from './rest.js';

/** SOFA names the operation it builds for a root field `<field>_<query|mutation>`. */
export const sofaOperationName = (typeName: string, fieldName: string) =>
  `${fieldName}_${typeName === 'Query' ? 'query' : 'mutation'}`;

/**
 * The operation a route runs instead of the one SOFA generates (which selects every field of
 * every nested type): the root field with all its arguments as variables, and exactly the
 * selection the specification's JSON shape asks for.
 */
export function routeDocument(typeName: string, field: GraphQLField<unknown, unknown>, route: RestRoute): DocumentNode {
  // An argument with a default is declared nullable and left to its default when absent, which
  // every executor (graphql-jit included) reads the same way.
  const variables = field.args
    .map((a) => `$${a.name}: ${(a.defaultValue !== undefined ? getNullableType(a.type) : a.type).toString()}`)
    .join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const kind = typeName === 'Query' ? 'query' : 'mutation';
  return parse(
    `${kind} ${sofaOperationName(typeName, field.name)}${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''} ${route.select} }`,
  );
}

type JsonSchema = Record<string, unknown>;

const scalarSchemas: Record<string, JsonSchema> = {
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  ID: { type: 'string' },
  UUID: { type: 'string', format: 'uuid' },
  Date: { type: 'string', format: 'date' },
  DateTime: { type: 'string', format: 'date-time' },
  EmailAddress: { type: 'string', format: 'email' },
  Decimal: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' },
  JSONObject: { type: 'object', additionalProperties: true },
};

/** JSON schema of the value a selection produces, for the OpenAPI document. */
export function selectionJsonSchema(schema: GraphQLSchema, type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined): JsonSchema {
  if (isNonNullType(type)) return selectionJsonSchema(schema, type.ofType, selectionSet);
  const nullable = (s: JsonSchema) => ({ ...s, nullable: true });
  if (isListType(type)) return nullable({ type: 'array', items: selectionJsonSchema(schema, type.ofType, selectionSet) });
  const named = getNamedType(type);
  if (isEnumType(named)) return nullable({ $ref: `#/components/schemas/${named.name}` });
  if (isScalarType(named)) return nullable(scalarSchemas[named.name] ?? { type: 'string' });
  if (!isObjectType(named) || !selectionSet) return nullable({ type: 'object' });
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const fieldType = named.getFields()[selection.name.value]?.type;
    if (!fieldType) continue;
    const key = selection.alias?.value ?? selection.name.value;
    const property = selectionJsonSchema(schema, fieldType, selection.selectionSet);
    if (isNonNullType(fieldType)) {
      delete property.nullable;
      required.push(key);
    }
    properties[key] = { ...property, description: named.getFields()[selection.name.value]?.description ?? undefined };
  }
  return nullable({ type: 'object', required, properties });
}
