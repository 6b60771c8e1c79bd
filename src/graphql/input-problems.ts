import type { GraphQLArgument, GraphQLEnumType, GraphQLField, GraphQLInputField, GraphQLInputType, GraphQLNamedType } from 'graphql';
import { isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from 'graphql';
import { AppError, type FieldProblem, type UserErrorCode } from '../shared/errors.js';
import { problemCode } from '../shared/validation.js';
import type { Context } from './context.js';
import { inputChecksOf } from './input-checks.js';

/** What an enum value must be, in the values a client sends (the schema's type name means nothing to a REST client). */
export const enumExpectation = (type: GraphQLEnumType) => `must be one of ${type.getValues().map((v) => v.name).join(', ')}`;

/**
 * The API's own words for what graphql-js and graphql-scalars say of a value a scalar refuses
 * (`Boolean cannot represent a non boolean value: "yes"`, `Value is not a valid UUID: x`): the type
 * names and phrasing of a GraphQL engine mean little to a REST client or a form. The scalars of
 * this API (dates, decimals) already say what they take.
 */
const scalarWords: [RegExp, string][] = [
  [/^Expected non-nullable type .* not to be null/s, 'is required'],
  [/^(String|ID) cannot represent/, 'must be a string'],
  [/^Boolean cannot represent/, 'must be true or false'],
  [/^Int cannot represent non 32-bit signed integer/, 'must be an integer from -2147483648 to 2147483647'],
  [/^Int cannot represent/, 'must be an integer'],
  [/^Float cannot represent/, 'must be a number'],
  [/^(Value is not string|Can only validate strings)/, 'must be a string'],
  [/^Value is not a valid UUID/, 'must be a UUID'],
  [/^Value is not a valid email address/, 'must be an email address'],
  [/^JSONObject cannot represent/, 'must be a JSON object'],
];

/** A scalar's complaint in the API's words (`scalarWords`); the complaint itself when it already is. */
export function inApiWords(reason: string): string {
  return scalarWords.find(([pattern]) => pattern.test(reason))?.[1] ?? reason;
}

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

/** A field of an input object, or an argument of a field: both have a type, maybe a default, and maybe validators. */
type InputSlot = GraphQLInputField | GraphQLArgument;

/**
 * A value, or the promise of one where some step is asynchronous. The walk below stays
 * synchronous for as long as no validator answers with a promise (none of zod's do unless a rule
 * is async), as graphql-js's executor does: an import checks every row of a file this way, and a
 * promise per field and rule was a third of what the rows allocated.
 */
type MaybePromise<T> = T | Promise<T>;

const after = <T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> =>
  value instanceof Promise ? value.then(next) : next(value);

/** `step` on each item in turn, each after the one before has finished. */
function inTurn<T>(items: readonly T[], step: (item: T) => MaybePromise<void>, from = 0): MaybePromise<void> {
  for (let i = from; i < items.length; i++) {
    const pending = step(items[i]!);
    if (pending instanceof Promise) return pending.then(() => inTurn(items, step, i + 1));
  }
}

/** Every item's result, in order. */
const allOf = <T>(results: MaybePromise<T>[]): MaybePromise<T[]> =>
  results.some((result) => result instanceof Promise) ? Promise.all(results) : (results as T[]);

const validatorCache = new WeakMap<object, StandardSchema[]>();

/** The validators the Pothos validation plugin runs for an argument, an input field or an input object type (src/graphql/builder.ts: `validate`). */
function validatorsOf(owner: InputSlot | GraphQLNamedType): StandardSchema[] {
  let validators = validatorCache.get(owner);
  if (!validators) {
    validators = ((owner.extensions as { '@pothos/plugin-validation'?: { schemas?: StandardSchema[] } })['@pothos/plugin-validation']?.schemas ?? []).slice().reverse();
    validatorCache.set(owner, validators);
  }
  return validators;
}

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

/** How strictly values are read: REST names every field exactly; GraphQL's coercion takes a single value where a list belongs as a one-item list. */
interface Reading {
  singleValueAsList: boolean;
}

/** Runs validators on a value that coerced, as the validation plugin would, naming each issue's path below `path`. */
function validated(validators: StandardSchema[], value: unknown, path: readonly string[], from = 0): MaybePromise<FieldProblem[]> {
  if (from === validators.length) return [];
  return after(validators[from]!['~standard'].validate(value), (result) =>
    result.issues?.length
      ? result.issues.map((issue) => problem([...path, ...(issue.path ?? []).map(key)], issue.message, problemCode(issue)))
      : validated(validators, result.value, path, from + 1),
  );
}

/**
 * Every problem of the values sent for some slots (an input object's fields, a field's
 * arguments), each slot's own rules run once its value coerced. `outermost`: the slots are a
 * field's arguments, whose input objects' own rules run even when their fields have problems.
 */
function slotProblems(slots: readonly InputSlot[], sent: Record<string, unknown>, path: readonly string[], reading: Reading, outermost = false): MaybePromise<Checked> {
  const problems: FieldProblem[] = [];
  const coerced: Record<string, unknown> = {};
  const checkSlot = (slot: InputSlot): MaybePromise<void> => {
    const given = sent[slot.name];
    if (given === undefined && slot.defaultValue !== undefined) {
      coerced[slot.name] = slot.defaultValue;
      return;
    }
    const slotPath = [...path, slot.name];
    return after(valueProblems(slot.type, given, slotPath, reading, outermost), (checked) => {
      problems.push(...checked.problems);
      if (given === undefined) return;
      coerced[slot.name] = checked.value;
      // A slot's own rules once its value is of the right kind and its parts hold (never on null).
      if (checked.problems.length || checked.value === null) return;
      const rules = validatorsOf(slot);
      if (rules.length) return after(validated(rules, checked.value, slotPath), (found) => void problems.push(...found));
    });
  };
  return after(inTurn(slots, checkSlot), () => ({ value: coerced, problems }));
}

function valueProblems(type: GraphQLInputType, value: unknown, path: readonly string[], reading: Reading, outermost = false): MaybePromise<Checked> {
  if (value === null || value === undefined) {
    return { value, problems: isNonNullType(type) ? [problem(path, 'is required', 'REQUIRED')] : [] };
  }
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    if (!Array.isArray(value) && !reading.singleValueAsList) return { value, problems: [problem(path, `must be an array, not ${kindOf(value)}`)] };
    const items = allOf((Array.isArray(value) ? value : [value]).map((item, i) => valueProblems(nullable.ofType, item, [...path, String(i)], reading)));
    return after(items, (checked) => ({ value: checked.map((item) => item.value), problems: checked.flatMap((item) => item.problems) }));
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
  const unknown = Object.keys(sent)
    .filter((name) => !Object.hasOwn(fields, name))
    .map((name) => problem([...path, name], 'is not a known field'));
  return after(slotProblems(Object.values(fields), sent, path, reading), ({ value: coerced, problems }) => {
    problems.unshift(...unknown);
    // The input type's own rules (a PATCH must change something, and not clear what cannot be): on
    // a nested object once its fields hold, as the validation plugin runs them; on the outermost
    // input always, so that they are reported with the fields' problems.
    if (!outermost && problems.length) return { value: coerced, problems };
    return after(validated(validatorsOf(nullable), coerced, path), (found) => ({ value: coerced, problems: [...problems, ...found] }));
  });
}

/**
 * Every problem of a JSON value sent for a GraphQL input type (a REST body), found the way REST's
 * clients expect: what GraphQL's input coercion refuses (unknown and missing fields, wrong kinds
 * of value, enum values, the scalars' formats), in the API's words, together with what the
 * fields' own rules refuse (blank, too long, out of range), each rule run on every field that
 * coerced, as the validation plugin runs them. One stricter rule than GraphQL's: a single value
 * where a list belongs is refused (a REST body names every field exactly). Empty when the value is
 * one the operation accepts as far as its input's own rules go (what it names, such as referenced
 * records, is checked when it runs: `inputCheckProblems`).
 */
export const inputProblems = async (type: GraphQLInputType, value: unknown): Promise<Checked> => valueProblems(type, value, [], { singleValueAsList: false }, true);

/** The input field a problem is about (`assignedTo` of `assignedTo` or `customFields.industry` of `customFields`). */
const topField = (problem: FieldProblem) => problem.field.split('.')[0]!;

/**
 * What a mutation's declared input checks (src/graphql/input-checks.ts: referenced records,
 * custom fields) find among the fields of its coerced `input` that hold, when `problems` (named
 * within the input) already refuse others: a missing assignee is named with a malformed email,
 * not in a later round. Named within the input, as the checks name them.
 */
export async function inputCheckProblems(field: GraphQLField<unknown, unknown>, ctx: Context, input: unknown, problems: readonly FieldProblem[]): Promise<FieldProblem[]> {
  const checks = inputChecksOf(field);
  if (!checks || !input || typeof input !== 'object') return [];
  const faulty = new Set(problems.map(topField));
  const holding = Object.fromEntries(Object.entries(input).filter(([name]) => !faulty.has(name)));
  try {
    await checks(ctx, holding);
  } catch (error) {
    if (!(error instanceof AppError) || !error.details) throw error;
    // A missing record refused alone (not through `allChecked`) says so by its error's code only.
    const missing = error.code === 'NOT_FOUND';
    return error.details.filter((detail) => !faulty.has(topField(detail))).map((detail) => (missing && !detail.code ? { ...detail, code: 'NOT_FOUND' as const } : detail));
  }
  return [];
}

/**
 * `inputCheckProblems` for problems named from a mutation's arguments (`input.email`, `id`), as
 * GraphQL names them: what the input checks find among the fields of `input` that hold, named so too.
 */
export async function argumentCheckProblems(field: GraphQLField<unknown, unknown>, ctx: Context, input: unknown, problems: readonly FieldProblem[]): Promise<FieldProblem[]> {
  const inInput = problems.filter((p) => p.field === 'input' || p.field.startsWith('input.')).map((p) => ({ ...p, field: p.field.slice('input.'.length) }));
  const references = await inputCheckProblems(field, ctx, input, inInput);
  return references.map((p) => ({ ...p, field: `input.${p.field}` }));
}

/**
 * Every problem of the raw (JSON) argument values of a mutation field, as `inputProblems` finds
 * them for a REST body but with GraphQL's coercion (a single value is a one-item list), named
 * from the arguments (`input.email`, `id`); with them, what the field's input checks find among
 * the fields of `input` that hold. Empty when the arguments hold.
 */
export async function argumentProblems(field: GraphQLField<unknown, unknown>, ctx: Context, values: Record<string, unknown>): Promise<FieldProblem[]> {
  const { value, problems } = await slotProblems(field.args, values, [], { singleValueAsList: true }, true);
  return problems.length ? [...problems, ...(await argumentCheckProblems(field, ctx, (value as Record<string, unknown>).input, problems))] : problems;
}
