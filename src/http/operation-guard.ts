import { parsePrismaCursor } from '@pothos/plugin-prisma';
import type { DocumentNode, FragmentDefinitionNode, GraphQLField, GraphQLObjectType, GraphQLSchema, SelectionSetNode } from 'graphql';
import {
  GraphQLInt,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isListType,
  isObjectType,
  Kind,
  typeFromAST,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { z } from 'zod';
import type { Context } from '../graphql/context.js';
import { MAX_PAGE_SIZE } from '../graphql/pagination.js';
import { AppError, badInput } from '../shared/errors.js';

/**
 * Worst-case number of values one operation may produce. Every selected field counts once per
 * object it may be resolved on; a list multiplies what is under it by its size: the `limit`,
 * `first` or `last` given (or the default), and `ASSUMED_LIST_SIZE` for lists without a size
 * argument. Introspection fields are free (bounded by the schema).
 */
export const MAX_QUERY_COST = 50_000;
/** Connections without `first`/`last` return this many items (Pothos' default page size). */
const DEFAULT_CONNECTION_SIZE = 20;
/** Lists without a size argument (a pipeline's stages, a deal's products) are assumed this long. */
const ASSUMED_LIST_SIZE = 20;

interface ForeignCursorCheck {
  model: string;
  id: string;
  argument: string;
}

interface Estimate {
  cost: number;
  cursors: ForeignCursorCheck[];
  /** Whether a connection's size or cursor comes from a variable, so the verdict varies by request. */
  variesByRequest: boolean;
}

type Args = Record<string, unknown>;

const uuid = z.uuid();

/** Connection arguments: sizes within 0..MAX_PAGE_SIZE, cursors that decode to an id of the listed model. */
function checkConnectionArgs(field: GraphQLField<unknown, unknown>, args: Args, path: string, estimate: Estimate): number {
  for (const name of ['first', 'last'] as const) {
    const size = args[name];
    if (typeof size === 'number' && (size < 0 || size > MAX_PAGE_SIZE)) {
      throw badInput([{ field: `${path}.${name}`, message: `must be between 0 and ${MAX_PAGE_SIZE}` }]);
    }
  }
  for (const name of ['after', 'before'] as const) {
    const cursor = args[name];
    if (cursor == null) continue;
    const notOurs = badInput([{ field: `${path}.${name}`, message: 'is not a cursor of this list' }]);
    let id: unknown;
    try {
      id = parsePrismaCursor(cursor);
    } catch {
      throw notOurs;
    }
    const model = nodeModel(field);
    if (!model || !uuid.safeParse(id).success) throw notOurs;
    estimate.cursors.push({ model, id: id as string, argument: `${path}.${name}` });
  }
  return Math.min((args.first ?? args.last ?? DEFAULT_CONNECTION_SIZE) as number, MAX_PAGE_SIZE);
}

/** The Prisma model listed by a connection field (`edges.node`'s type). */
function nodeModel(field: GraphQLField<unknown, unknown>): string | undefined {
  const connection = getNamedType(field.type) as GraphQLObjectType;
  const edge = getNamedType(connection.getFields().edges?.type);
  const node = isObjectType(edge) ? getNamedType(edge.getFields().node?.type) : undefined;
  return node?.extensions.pothosPrismaModel as string | undefined;
}

/**
 * `variables` as the request sent them, or `'worst case'`: every Int variable at the largest page
 * size and connection cursors not checked, a verdict that holds for any request of the document.
 */
function estimateOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Args | 'worst case',
): Estimate | null {
  const operation = getOperationAST(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return null;
  const worstCase = variables === 'worst case';
  const definitions = operation.variableDefinitions ?? [];
  const coerced = worstCase
    ? { coerced: Object.fromEntries(definitions.map((d) => [d.variable.name.value, getNamedType(typeFromAST(schema, d.type)) === GraphQLInt ? MAX_PAGE_SIZE : ''])) }
    : getVariableValues(schema, definitions, variables);
  if ('errors' in coerced) return null; // execution reports them
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  const estimate: Estimate = { cost: 0, cursors: [], variesByRequest: false };
  // `pendingSize`: the size argument of the parent field, which the first list below it takes.
  const walk = (selectionSet: SelectionSetNode, type: GraphQLObjectType, multiplier: number, pendingSize: number | undefined, path: string) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        const condition = fragment?.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
        if (fragment && isObjectType(condition)) walk(fragment.selectionSet, condition, multiplier, pendingSize, path);
        continue;
      }
      const name = selection.name.value;
      const field = type.getFields()[name];
      if (!field || name.startsWith('__')) continue;
      estimate.cost += multiplier;
      const fieldPath = path ? `${path}.${selection.alias?.value ?? name}` : selection.alias?.value ?? name;
      const args = getArgumentValues(field, selection, coerced.coerced);
      let size: number | undefined;
      if (field.args.some((a) => a.name === 'first')) {
        const fromVariables = selection.arguments?.some((a) => a.value.kind === Kind.VARIABLE || a.name.value === 'after' || a.name.value === 'before');
        if (fromVariables) estimate.variesByRequest = true;
        size = worstCase && fromVariables ? MAX_PAGE_SIZE : checkConnectionArgs(field, args, fieldPath, estimate);
      } else if (typeof args.limit === 'number') {
        // A list answered whole declares its larger ceiling on `limit` (src/graphql/pagination.ts).
        const largest = (field.args.find((a) => a.name === 'limit')?.extensions.largest as number | undefined) ?? MAX_PAGE_SIZE;
        const fromVariable = selection.arguments?.some((a) => a.name.value === 'limit' && a.value.kind === Kind.VARIABLE);
        size = worstCase && fromVariable ? largest : Math.min(Math.max(args.limit, 0), largest);
      }
      let childMultiplier = multiplier;
      if (isListType(getNullableType(field.type))) {
        childMultiplier *= size ?? pendingSize ?? ASSUMED_LIST_SIZE;
        size = undefined;
      }
      const named = getNamedType(field.type);
      if (selection.selectionSet && isObjectType(named)) walk(selection.selectionSet, named, childMultiplier, size, fieldPath);
    }
  };
  walk(operation.selectionSet, root, 1, undefined, '');
  return estimate;
}

/** Documents whose worst case is within budget whatever their variables, and takes no cursors: nothing to check per request. */
const alwaysWithinBudget = new WeakMap<DocumentNode, Set<string>>();

function isAlwaysWithinBudget(args: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null }): boolean {
  const key = args.operationName ?? '';
  if (alwaysWithinBudget.get(args.document)?.has(key)) return true;
  let worst: Estimate | null;
  try {
    worst = estimateOperation(args.schema, args.document, args.operationName, 'worst case');
  } catch {
    return false; // refused arguments: the per-request check answers them
  }
  if (!worst || worst.variesByRequest || worst.cost > MAX_QUERY_COST) return false;
  let operations = alwaysWithinBudget.get(args.document);
  if (!operations) alwaysWithinBudget.set(args.document, (operations = new Set()));
  operations.add(key);
  return true;
}

/**
 * Runs before any resolver, on both surfaces: refuses an operation whose worst case exceeds
 * `MAX_QUERY_COST` (QUERY_TOO_COSTLY, with the estimate and the budget) and connection arguments
 * that are out of range or cursors that do not point at a row of the caller's tenant. A cursor is
 * checked against the tenant before Prisma turns it into a subquery, so a forged cursor holding
 * another tenant's id is answered exactly like a random one.
 */
export const useOperationGuard = (): Plugin<Context> => ({
  async onExecute({ args, setResultAndStopExecution }) {
    const stop = (error: AppError) => setResultAndStopExecution({ errors: [error] });
    if (isAlwaysWithinBudget(args)) return;
    let estimate: Estimate | null;
    try {
      estimate = estimateOperation(args.schema, args.document, args.operationName, (args.variableValues ?? {}) as Args);
    } catch (error) {
      if (error instanceof AppError) return stop(error);
      return; // an argument execution will refuse with its own message
    }
    if (!estimate) return;
    const { cost, cursors } = estimate;
    if (cost > MAX_QUERY_COST) {
      return stop(
        new AppError(
          'QUERY_TOO_COSTLY',
          `This operation could produce more than ${MAX_QUERY_COST} values (worst case with the sizes asked for). Ask for fewer items (limit, first, last) or fewer nested lists.`,
          undefined,
          { cost: { estimate: cost, budget: MAX_QUERY_COST } },
        ),
      );
    }
    for (const cursor of cursors) {
      const delegate = (args.contextValue.db as unknown as Record<string, { count(q: object): Promise<number> }>)[cursor.model.charAt(0).toLowerCase() + cursor.model.slice(1)];
      if (!delegate || (await delegate.count({ where: { id: cursor.id } })) === 0) {
        return stop(badInput([{ field: cursor.argument, message: 'is not a cursor of this list' }]));
      }
    }
  },
});
