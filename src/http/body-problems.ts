import type { GraphQLInputField, GraphQLInputType, GraphQLNamedType } from 'graphql';
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from 'graphql';
import type { FieldProblem, UserErrorCode } from '../shared/errors.js';
import { problemCode } from '../shared/validation.js';
import { enumExpectation, inApiWords } from './input-errors.js';

/** A validator as the Pothos validation plugin keeps it (a Standard Schema: zod here). */
interface StandardSchema {
  '~standard': {
    validate(value: unknown): { issues?: readonly Issue[]; value?: unknown } | Promise<{ issues?: readonly Issue[]; value?: unknown }>;
  };
}
interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
}

/** The validators the Pothos validation plugin runs for a field or an input object type (src/graphql/builder.ts: `validate`). */
const validatorsOf = (owner: GraphQLInputField | GraphQLNamedType): StandardSchema[] =>
  ((owner.extensions as { '@pothos/plugin-validation'?: { schemas?: StandardSchema[] } })['@pothos/plugin-validation']?.schemas ?? []).slice().reverse();

const key = (segment: PropertyKey | { key: PropertyKey }) => String(typeof segment === 'object' ? segment.key : segment);

const problem = (path: readonly string[], message: string, code?: UserErrorCode): FieldProblem => ({
  field: path.join('.') || 'body',
  message,
  ...(code ? { code } : {}),
});

/** What a JSON value is, for a message about the wrong kind of value. */
const kindOf = (value: unknown) => (Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`);

interface Checked {
  /** The value as GraphQL would coerce it (what the validators see). */
  value: unknown;
  problems: FieldProblem[];
}

/** Runs validators on a value that coerced, as the validation plugin would, naming each issue's path below `path`. */
async function validated(validators: StandardSchema[], value: unknown, path: readonly string[]): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  let current = value;
  for (const validator of validators) {
    const result = await validator['~standard'].validate(current);
    if (result.issues?.length) {
      problems.push(...result.issues.map((issue) => problem([...path, ...(issue.path ?? []).map(key)], issue.message, problemCode(issue))));
      break;
    }
    current = result.value;
  }
  return problems;
}

/**
 * Every problem of a JSON value sent for a GraphQL input type, found the way REST's clients
 * expect: what GraphQL's input coercion refuses (unknown and missing fields, wrong kinds of value,
 * enum values, the scalars' formats), in the API's words, together with what the fields' own
 * rules refuse (blank, too long, out of range), each rule run on every field that coerced, as the
 * validation plugin runs them. One stricter rule than GraphQL's: a single value where a list
 * belongs is refused (GraphQL's coercion would take it as a one-item list, while a REST body
 * names every field exactly). Empty when the value is one the operation accepts as far as its
 * input's own rules go (what it names, such as referenced records, is checked when it runs).
 */
export async function inputProblems(type: GraphQLInputType, value: unknown, path: readonly string[] = []): Promise<Checked> {
  if (value === null || value === undefined) {
    return { value, problems: isNonNullType(type) ? [problem(path, 'is required', 'REQUIRED')] : [] };
  }
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return { value, problems: [problem(path, `must be an array, not ${kindOf(value)}`)] };
    const items = await Promise.all(value.map((item, i) => inputProblems(nullable.ofType, item, [...path, String(i)])));
    return { value: items.map((item) => item.value), problems: items.flatMap((item) => item.problems) };
  }
  if (isEnumType(nullable)) {
    const known = typeof value === 'string' ? nullable.getValue(value) : undefined;
    return known ? { value: known.value, problems: [] } : { value, problems: [problem(path, enumExpectation(nullable))] };
  }
  if (isScalarType(nullable)) {
    try {
      return { value: nullable.parseValue(value), problems: [] };
    } catch (error) {
      return { value, problems: [problem(path, inApiWords(error instanceof Error ? error.message : String(error)))] };
    }
  }
  if (!isInputObjectType(nullable)) return { value, problems: [] };
  if (typeof value !== 'object' || Array.isArray(value)) return { value, problems: [problem(path, `must be an object, not ${kindOf(value)}`)] };
  const fields = nullable.getFields();
  const sent = value as Record<string, unknown>;
  const problems: FieldProblem[] = Object.keys(sent)
    .filter((name) => !Object.hasOwn(fields, name))
    .map((name) => problem([...path, name], 'is not a known field'));
  const coerced: Record<string, unknown> = {};
  for (const field of Object.values(fields)) {
    const given = sent[field.name];
    if (given === undefined && field.defaultValue !== undefined) {
      coerced[field.name] = field.defaultValue;
      continue;
    }
    const checked = await inputProblems(field.type, given, [...path, field.name]);
    problems.push(...checked.problems);
    if (given === undefined) continue;
    coerced[field.name] = checked.value;
    // A field's own rules once its value is of the right kind and its parts hold (never on null).
    if (checked.problems.length || checked.value === null) continue;
    const rules = validatorsOf(field);
    if (rules.length) problems.push(...(await validated(rules, checked.value, [...path, field.name])));
  }
  // The input type's own rules (a PATCH must change something, and not clear what cannot be): on
  // a nested object once its fields hold, as the validation plugin runs them; on the body always,
  // so that they are reported with the fields' problems.
  if (!path.length || !problems.length) problems.push(...(await validated(validatorsOf(nullable), coerced, path)));
  return { value: coerced, problems };
}
