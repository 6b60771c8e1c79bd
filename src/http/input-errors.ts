import type { ASTNode, DocumentNode, GraphQLSchema } from 'graphql';
import { BREAK, GraphQLError, Kind, isEnumType, visit } from 'graphql';
import type { FieldProblem } from '../shared/errors.js';
import { badInput } from '../shared/errors.js';
import { enumExpectation, inApiWords } from '../graphql/input-problems.js';

/** What a value of a named type must be, when the executor's report says nothing more. */
function expectation(typeName: string, schema: GraphQLSchema | undefined): string {
  const type = schema?.getType(typeName);
  if (type && isEnumType(type)) return enumExpectation(type);
  return `must be a valid ${typeName}`;
}

/** graphql-js's words for a value that is not one of an enum's (`Value "x" does not exist in "LeadStatus" enum.`, `Enum "LeadStatus" cannot represent ...`). */
const ENUM_MISMATCH = /^(?:Value .* does not exist in "(\w+)" enum|Enum "(\w+)" cannot represent )/s;

/** A complaint about a value, reworded: an enum's as the values allowed, a scalar's in the API's words. */
export function readableReason(reason: string, schema: GraphQLSchema | undefined): string {
  const mismatch = ENUM_MISMATCH.exec(reason);
  const type = mismatch && schema?.getType(mismatch[1] ?? mismatch[2] ?? '');
  if (type && isEnumType(type)) return enumExpectation(type);
  // graphql-js prefixes a literal's complaint: `Expected value of type "Int!", found "x"; <the scalar's words>`.
  return inApiWords(reason.replace(/^Expected value of type "[^"]+", found .*?; /s, ''));
}

/**
 * graphql-js and graphql-jit report bad variables (wrong type, unknown or missing input field) as
 * plain errors with only a message. This reads the variable path and reason out of that message
 * (or the scalar's own complaint, `cause`) so both surfaces can answer BAD_USER_INPUT naming the field.
 */
export function describeVariableError(message: string, cause?: string, schema?: GraphQLSchema): FieldProblem | null {
  const missing = /^Variable "\$(\w+)" of required type "[^"]+" was not provided\.$/.exec(message);
  if (missing?.[1]) return { field: missing[1], message: 'is required' };
  const invalid = /^Variable "\$(\w+)" got invalid value /.exec(message);
  if (!invalid?.[1]) return null;
  const rest = message.slice(invalid[0].length);
  const at = / at "([^"]+)"; /.exec(rest);
  // graphql-js writes list positions as `products[0]`; details use dots throughout.
  let field = (at?.[1] ?? invalid[1]).replace(/\[(\d+)\]/g, '.$1');
  let reason = at ? rest.slice(at.index + at[0].length) : rest.slice(rest.indexOf('; ') + 2);
  const nested = /^Field "(\w+)" (of required type "[^"]+" was not provided|is not defined by type "[^"]+")\.?/.exec(reason);
  if (nested?.[1]) {
    field = `${field}.${nested[1]}`;
    reason = nested[2]?.startsWith('of required') ? 'is required' : 'is not a known field';
  }
  // graphql-js writes `Expected type "Int". ...`, graphql-jit `Expected type Int; ...` or only `Expected type UUID.`.
  const expected = /^Expected type "?([\w!\[\]]+)"?[.;]\s*/.exec(reason);
  reason = reason.slice(expected?.[0].length ?? 0).trim() || cause || expectation(expected?.[1]?.replace(/[!\[\]]/g, '') ?? '', schema);
  return { field, message: readableReason(reason, schema) };
}

const valueKinds = new Set<string>([Kind.INT, Kind.FLOAT, Kind.STRING, Kind.BOOLEAN, Kind.NULL, Kind.ENUM, Kind.LIST, Kind.OBJECT, Kind.OBJECT_FIELD]);

/** The argument path (`input.products.0.quantity`) of a literal value node in a document. */
function literalPath(document: DocumentNode, target: ASTNode): string[] | null {
  const path: string[] = [];
  let found: string[] | null = null;
  const named = (node: ASTNode) => node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD;
  const listItem = (key: unknown, ancestors: readonly unknown[]) => typeof key === 'number' && (ancestors.at(-1) as ASTNode | undefined)?.kind === Kind.LIST;
  visit(document, {
    enter(node, key, _parent, _path, ancestors) {
      if (named(node)) path.push((node as { name: { value: string } }).name.value);
      else if (listItem(key, ancestors)) path.push(String(key));
      if (node !== target) return undefined;
      found = [...path];
      return BREAK;
    },
    leave(node, key, _parent, _path, ancestors) {
      if (named(node) || listItem(key, ancestors)) path.pop();
    },
  });
  return found;
}

/**
 * A document's literal argument values are checked while it is validated, where graphql-js
 * reports them as GRAPHQL_VALIDATION_FAILED with only a location. They are input mistakes like
 * bad variables: BAD_USER_INPUT naming the argument path, on GraphQL as for variables.
 */
export function literalInputError(error: GraphQLError, document: DocumentNode, schema: GraphQLSchema): GraphQLError {
  const node = error.nodes?.[0];
  const path = node && valueKinds.has(node.kind) ? literalPath(document, node) : null;
  if (!path) return error;
  const missing = /^Field "[\w.]*?(\w+)" of required type "[^"]+" was not provided\.$/.exec(error.message);
  const unknown = /^Field "(\w+)" is not defined by type /.exec(error.message);
  const field = missing?.[1] ? [...path, missing[1]].join('.') : path.join('.');
  const message = missing ? 'is required' : unknown ? 'is not a known field' : readableReason(error.message, schema);
  return badInput([{ field, message }]);
}
