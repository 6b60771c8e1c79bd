import type { DocumentNode, GraphQLField } from 'graphql';
import { getNullableType, parse } from 'graphql';
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
