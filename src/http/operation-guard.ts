import { parsePrismaCursor } from '@pothos/plugin-prisma';
import type {
  DocumentNode,
  ExecutionArgs,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLObjectType,
  GraphQLResolveInfo,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  VariableDefinitionNode,
} from 'graphql';
import {
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isCompositeType,
  isListType,
  isObjectType,
  isUnionType,
  Kind,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { isAsyncIterable } from '@envelop/core';
import { z } from 'zod';
import type { Context } from '../graphql/context.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../graphql/limits.js';
import { ASSUMED_JSON_CHARACTERS, CHARACTERS_PER_COST_UNIT, MAX_ANSWER_BYTES, MAX_QUERY_COST } from '../graphql/limits.js';
import { AppError, badInput } from '../shared/errors.js';
import { answerTooLarge, costAdmission, jsonFitsIn } from './answer-limits.js';

/*
 * The cost model. An operation's cost is the number of values its answer may hold, counted before
 * it runs: every selected field counts once per object it may be resolved on (long text and JSON
 * one more per CHARACTERS_PER_COST_UNIT characters they may hold), so a list multiplies what is
 * under it by the rows it may read, once per row of its parent. Those rows are a connection's
 * `first` or `last` (any field whose type has `edges` or `nodes`), the default of that argument when it is not given
 * (DEFAULT_CONNECTION_SIZE for a connection without one), the ceiling a list without a size
 * argument declares with `fixedList` (an invoice's line items: 250), what a field sized by other
 * arguments declares with `rowsFromArguments` (an availability range's slots), and ASSUMED_LIST_SIZE for the
 * rest (a pipeline's stages). The size a field takes applies to the lists directly under it (a
 * connection's `edges` and `nodes`, a page's `data`), whose items are its rows; deeper lists
 * multiply by their own size, so a nested list costs its size times its parent's estimated rows,
 * never more. Variables count as their values. Introspection counts the values it would really
 * produce. The estimate and the budget (MAX_QUERY_COST) travel in every GraphQL answer's
 * `extensions.cost` as `{requested, limit}`.
 */
/** Connections without `first`/`last`, nor a default for them, return this many items (every list's default page). */
const DEFAULT_CONNECTION_SIZE = DEFAULT_PAGE_SIZE;
/** Lists without a size argument or a declared ceiling (a pipeline's stages, a deal's products) are assumed this long. */
const ASSUMED_LIST_SIZE = 20;

type Args = Record<string, unknown>;

const JSON_SCALARS = new Set(['JSON', 'JSONObject']);

/** What one value of a field counts: 1, plus its possible length for long text and JSON. */
function fieldCost(field: GraphQLField<unknown, unknown>): number {
  const declared = field.extensions.maxCharacters as number | undefined;
  const characters = declared ?? (JSON_SCALARS.has(getNamedType(field.type).name) ? ASSUMED_JSON_CHARACTERS : 0);
  return 1 + Math.ceil(characters / CHARACTERS_PER_COST_UNIT);
}

/** `extensions.cost` of an answer: the operation's estimate and the budget that applied. */
const costExtension = (cost: number) => ({ requested: cost, limit: MAX_QUERY_COST });

const tooCostly = (message: string, cost?: number) =>
  new AppError('QUERY_TOO_COSTLY', message, undefined, cost === undefined ? undefined : { cost: { estimate: cost, budget: MAX_QUERY_COST, ...costExtension(cost) } });

/**
 * The values an introspection selection really produces (the schema is at hand, so no guess is
 * needed), counted by running introspection's own resolvers without building the answer, and
 * stopping once past `limit`.
 */
function introspectionCost(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  type: GraphQLObjectType,
  source: unknown,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Args,
  limit: number,
): number {
  let cost = 0;
  const info = { schema } as GraphQLResolveInfo;
  for (const selection of selectionSet.selections) {
    if (cost > limit) break;
    if (selection.kind !== Kind.FIELD) {
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
      if (fragment && (!fragment.typeCondition || fragment.typeCondition.name.value === type.name)) {
        cost += introspectionCost(schema, fragment.selectionSet, type, source, fragments, variables, limit - cost);
      }
      continue;
    }
    cost += 1;
    const field = type.getFields()[selection.name.value];
    const named = field && getNamedType(field.type);
    if (!field || !selection.selectionSet || !isObjectType(named)) continue;
    const args = getArgumentValues(field, selection, variables);
    const value = field.resolve ? field.resolve(source, args, undefined, info) : (source as Args)[field.name];
    for (const item of Array.isArray(value) ? value : value == null ? [] : [value]) {
      if (cost > limit) break;
      cost += 1 + introspectionCost(schema, selection.selectionSet, named, item, fragments, variables, limit - cost);
    }
  }
  return cost;
}

/** The meta fields a query's root offers besides its own. */
const ROOT_INTROSPECTION = new Map<string, GraphQLField<unknown, unknown>>([
  [SchemaMetaFieldDef.name, SchemaMetaFieldDef],
  [TypeMetaFieldDef.name, TypeMetaFieldDef],
]);

const uuid = z.uuid();

const NO_ARGUMENTS: Args = Object.freeze({});

/** Whether a field's type is a connection (a page of `edges` or `nodes`), whatever its arguments are called. */
function isConnection(field: GraphQLField<unknown, unknown>): boolean {
  const named = getNamedType(field.type);
  return isObjectType(named) && ('edges' in named.getFields() || 'nodes' in named.getFields());
}

/** A connection's rows: `first` or `last` (the larger when both are given; undefined without either), checked within 0..MAX_PAGE_SIZE. */
function connectionSize(args: Args, path: string): number | undefined {
  const sizes: number[] = [];
  for (const name of ['first', 'last'] as const) {
    const size = args[name];
    if (typeof size !== 'number') continue;
    if (size < 0 || size > MAX_PAGE_SIZE) throw badInput([{ field: `${path}.${name}`, message: `must be between 0 and ${MAX_PAGE_SIZE}` }]);
    sizes.push(size);
  }
  return sizes.length ? Math.max(...sizes) : undefined;
}

/**
 * The Prisma model whose ids a connection's cursors hold (`edges.node`'s or `nodes`' type), when
 * this guard must check them; keyset lists bind their cursors to the list, order, filter and tenant
 * themselves (src/graphql/connection.ts), and other connections judge their own cursors.
 */
function cursorModel(field: GraphQLField<unknown, unknown>): string | undefined {
  const connection = getNamedType(field.type) as GraphQLObjectType;
  if (connection.extensions.keysetCursors) return undefined;
  const { edges, nodes } = connection.getFields();
  const edge = edges && getNamedType(edges.type);
  const node = isObjectType(edge) ? getNamedType(edge.getFields().node?.type) : nodes && getNamedType(nodes.type);
  return node?.extensions?.pothosPrismaModel as string | undefined;
}

/** A connection whose `after` or `before` must point at a row of the caller's tenant, checked on every request. */
interface CursorSite {
  field: GraphQLField<unknown, unknown>;
  selection: FieldNode;
  path: string;
  model: string;
}

interface Estimate {
  operation: OperationDefinitionNode;
  cost: number;
  cursorSites: CursorSite[];
  /** The variables giving connections their sizes: all the cost depends on, unless `costVariesOtherwise`. */
  sizeVariables: Set<string>;
  /** Whether introspection arguments come from variables, so the cost cannot be kept by sizes. */
  costVariesOtherwise: boolean;
}

/** The operation's cost with these variables, and what in it must be checked per request; null when execution will refuse the variables. */
function estimateOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Args): Estimate | null {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if ('errors' in coerced) return null; // execution reports them
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const estimate: Estimate = { operation, cost: 0, cursorSites: [], sizeVariables: new Set(), costVariesOtherwise: false };
  let schemaSelections = 0;
  // `pendingSize`: the size argument of the parent field, which the first list below it takes.
  // An interface or union (`node`) is walked too, and each fragment on one of its types under it: every
  // type's fragment counts, as if the record were of each (a bound, never less than what runs).
  const walk = (selectionSet: SelectionSetNode, type: GraphQLCompositeType, multiplier: number, pendingSize: number | undefined, path: string) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        const condition = fragment?.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        if (fragment && isCompositeType(condition)) walk(fragment.selectionSet, condition, multiplier, pendingSize, path);
        continue;
      }
      const name = selection.name.value;
      const meta = type === root ? ROOT_INTROSPECTION.get(name) : undefined;
      if (meta && selection.selectionSet) {
        if (name === SchemaMetaFieldDef.name && ++schemaSelections > 1) {
          throw tooCostly('An operation may select __schema once: it holds the whole schema, and one copy is all a client needs.');
        }
        if (selection.arguments?.some((a) => a.value.kind === Kind.VARIABLE)) estimate.costVariesOtherwise = true;
        const args = getArgumentValues(meta, selection, coerced.coerced);
        const value = meta.resolve?.(undefined, args, undefined, { schema } as GraphQLResolveInfo);
        const named = getNamedType(meta.type) as GraphQLObjectType;
        estimate.cost += 1 + (value == null ? 0 : introspectionCost(schema, selection.selectionSet, named, value, fragments, coerced.coerced, MAX_QUERY_COST - estimate.cost));
        continue;
      }
      const field = isUnionType(type) ? undefined : type.getFields()[name];
      if (!field) continue;
      estimate.cost += multiplier * fieldCost(field);
      const fieldPath = path ? `${path}.${selection.alias?.value ?? name}` : selection.alias?.value ?? name;
      // Most fields take no arguments: no coercion (and no allocation) for them.
      const args = field.args.length ? getArgumentValues(field, selection, coerced.coerced) : NO_ARGUMENTS;
      let size: number | undefined;
      if (isConnection(field)) {
        for (const argument of selection.arguments ?? []) {
          const role = argument.name.value;
          if ((role === 'first' || role === 'last') && argument.value.kind === Kind.VARIABLE) estimate.sizeVariables.add(argument.value.name.value);
        }
        const model = cursorModel(field);
        if (model && selection.arguments?.some((a) => a.name.value === 'after' || a.name.value === 'before')) {
          estimate.cursorSites.push({ field, selection, path: fieldPath, model });
        }
        size = connectionSize(args, fieldPath) ?? DEFAULT_CONNECTION_SIZE;
      }
      const rowsOf = field.extensions.rowsOf as ((args: Args) => number) | undefined;
      if (rowsOf) {
        // Its arguments size it as `first` sizes a connection: a kept cost is kept by their values.
        for (const argument of selection.arguments ?? []) if (argument.value.kind === Kind.VARIABLE) estimate.sizeVariables.add(argument.value.name.value);
        size = rowsOf(args);
      }
      let childMultiplier = multiplier;
      if (isListType(getNullableType(field.type))) {
        childMultiplier *= size ?? pendingSize ?? (field.extensions.maxItems as number | undefined) ?? ASSUMED_LIST_SIZE;
        size = undefined;
      }
      const named = getNamedType(field.type);
      if (selection.selectionSet && isCompositeType(named)) walk(selection.selectionSet, named, childMultiplier, size, fieldPath);
    }
  };
  walk(operation.selectionSet, root, 1, undefined, '');
  return estimate;
}

/**
 * What an operation's first estimate taught about it: its cost depends only on the values of its
 * size variables, so each cost met within budget is kept by them (a REST route's document, or a
 * client's document sent again, is walked once per page size, not once per request), and which of
 * its connections take cursors to check against the tenant on every request.
 */
interface OperationPlan {
  isQuery: boolean;
  sizeVariables: readonly string[];
  cursorSites: readonly CursorSite[];
  variableDefinitions: readonly VariableDefinitionNode[];
  /** Costs by `sizesKey`, the oldest dropped past COSTS_KEPT_PER_OPERATION. */
  costs: Map<string, number>;
}

/** Distinct page sizes an operation's plan keeps costs for: a client varying several sizes at once cannot grow it. */
const COSTS_KEPT_PER_OPERATION = 64;

/** Plans by document and operation name; a document the parser's cache lets go of takes its plans with it. */
const plans = new WeakMap<DocumentNode, Map<string, OperationPlan>>();

const planOf = (estimate: Estimate): OperationPlan => ({
  isQuery: estimate.operation.operation === 'query',
  sizeVariables: [...estimate.sizeVariables],
  cursorSites: estimate.cursorSites,
  variableDefinitions: estimate.operation.variableDefinitions ?? [],
  costs: new Map(),
});

/** The key of a cost in its plan: the size variables' values as sent (the same values always coerce the same way). */
const sizesKey = (plan: OperationPlan, variables: Args) => plan.sizeVariables.map((name) => JSON.stringify(variables[name]) ?? '-').join(',');

function remember(document: DocumentNode, operationKey: string, plan: OperationPlan, sizes: string, cost: number) {
  let operations = plans.get(document);
  if (!operations) plans.set(document, (operations = new Map()));
  operations.set(operationKey, plan);
  if (plan.costs.size >= COSTS_KEPT_PER_OPERATION) plan.costs.delete(plan.costs.keys().next().value!);
  plan.costs.set(sizes, cost);
}

const cursorRefused = (argument: string) => badInput([{ field: argument, message: 'is not a cursor of this list' }]);

/** Refuses a cursor that does not decode to an id of its list's model, or whose row is not the caller tenant's (the Prisma client is tenant-scoped). */
async function checkCursors(args: ExecutionArgs, plan: OperationPlan): Promise<AppError | null> {
  const coerced = getVariableValues(args.schema, plan.variableDefinitions, (args.variableValues ?? {}) as Args);
  if ('errors' in coerced) return null; // execution reports them
  for (const site of plan.cursorSites) {
    let values: Args;
    try {
      values = getArgumentValues(site.field, site.selection, coerced.coerced);
    } catch {
      return null; // an argument execution will refuse with its own message
    }
    for (const name of ['after', 'before'] as const) {
      const cursor = values[name];
      if (cursor == null) continue;
      const argument = `${site.path}.${name}`;
      let id: unknown;
      try {
        id = parsePrismaCursor(cursor);
      } catch {
        return cursorRefused(argument);
      }
      if (!uuid.safeParse(id).success) return cursorRefused(argument);
      const delegate = ((args.contextValue as Context).db as unknown as Record<string, { count(q: object): Promise<number> }>)[site.model.charAt(0).toLowerCase() + site.model.slice(1)];
      if (!delegate || (await delegate.count({ where: { id } })) === 0) return cursorRefused(argument);
    }
  }
  return null;
}

/** The operation's cost once it is known to be within budget and its cursors are the tenant's, or the refusal; null when execution will refuse it. */
async function checkedCost(args: ExecutionArgs): Promise<{ cost: number; isQuery: boolean } | AppError | null> {
  const variables = (args.variableValues ?? {}) as Args;
  const operationKey = args.operationName ?? '';
  const known = plans.get(args.document)?.get(operationKey);
  const sizes = known && sizesKey(known, variables);
  let cost = known?.costs.get(sizes!);
  let plan = known;
  if (cost === undefined) {
    let estimate: Estimate | null;
    try {
      estimate = estimateOperation(args.schema, args.document, args.operationName, variables);
    } catch (error) {
      if (error instanceof AppError) return error;
      return null; // an argument execution will refuse with its own message
    }
    if (!estimate) return null;
    cost = estimate.cost;
    if (cost > MAX_QUERY_COST) {
      return tooCostly(
        `This operation could produce more than ${MAX_QUERY_COST} values (worst case with the sizes asked for, long text counting a value per ${CHARACTERS_PER_COST_UNIT} characters). Ask for fewer items (first, last), fewer long-text fields or fewer nested lists.`,
        cost,
      );
    }
    plan ??= planOf(estimate);
    if (!estimate.costVariesOtherwise) remember(args.document, operationKey, plan, sizes ?? sizesKey(plan, variables), cost);
  }
  const refusal = plan!.cursorSites.length ? await checkCursors(args, plan!) : null;
  return refusal ?? { cost, isQuery: plan!.isQuery };
}

/**
 * Runs before any resolver, on both surfaces: refuses an operation whose worst case exceeds
 * `MAX_QUERY_COST` (QUERY_TOO_COSTLY, with the estimate and the budget) and connection arguments
 * that are out of range or cursors that do not point at a row of the caller's tenant. A cursor is
 * checked against the tenant before Prisma turns it into a subquery, so a forged cursor holding
 * another tenant's id is answered exactly like a random one. Then the operation waits for its
 * cost to fit in what the process runs at once (src/http/answer-limits.ts), and its answer is
 * refused past `MAX_ANSWER_BYTES` (RESPONSE_TOO_LARGE). An answer it lets through says its cost in
 * `extensions.cost` (REST bodies, the specification's shapes, leave extensions out).
 */
export const useOperationGuard = (): Plugin<Context> => {
  const admit = costAdmission();
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const stop = (error: AppError) => setResultAndStopExecution({ errors: [error] });
      const checked = await checkedCost(args);
      if (checked instanceof AppError) return stop(checked);
      const release = await admit(checked?.cost ?? 1);
      if (release instanceof AppError) return stop(release);
      // A mutation has made its change by the time its answer exists, and refusing the answer would
      // hide that; its answer is the record it wrote, bounded by what the request could write.
      const isQuery = checked ? checked.isQuery : getOperationAST(args.document, args.operationName)?.operation === 'query';
      return {
        onExecuteDone({ result, setResult }) {
          release();
          if (isAsyncIterable(result)) return;
          if (isQuery && result.data && !jsonFitsIn(result.data, MAX_ANSWER_BYTES)) return setResult({ errors: [answerTooLarge()] });
          if (checked) setResult({ ...result, extensions: { ...result.extensions, cost: costExtension(checked.cost) } });
        },
      };
    },
  };
};
