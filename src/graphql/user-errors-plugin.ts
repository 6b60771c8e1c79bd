import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import SchemaBuilder, { BasePlugin } from '@pothos/core';
import type { FieldNode, FragmentDefinitionNode, GraphQLFieldResolver, GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { Kind } from 'graphql';
import { AppError, badInput, type ErrorCode, type FieldProblem, type UserErrorCode } from '../shared/errors.js';
import type { Context } from './context.js';
import { argumentCheckProblems } from './input-problems.js';

/** One problem of a mutation's input or request, as a payload's `userErrors` lists it. */
export interface UserErrorValue {
  field: string[] | null;
  message: string;
  code: UserErrorCode;
}

/** What a payload type's fields read: the mutation's result, or why there is none. */
export interface PayloadValue<Result = unknown> {
  result: Result | null;
  userErrors: UserErrorValue[];
}

/**
 * The `extensions` key naming a payload type's result field, read by the route map
 * (src/graphql/operations.ts) so that a REST route answers the result, not the payload.
 */
export const PAYLOAD_RESULT = 'payloadResult';

/** The payload types (src/graphql/mutation-payload.ts): a mutation returning one reports refusals in it. */
export const payloadTypes = new WeakSet<object>();

/** The refusals a payload reports; the others (authentication, scopes, limits, outages) stay top-level errors. */
const reportedCodes: Partial<Record<ErrorCode, UserErrorCode>> = { BAD_USER_INPUT: 'INVALID', NOT_FOUND: 'NOT_FOUND', CONFLICT: 'CONFLICT' };

/** The refusals of the validation plugin (src/graphql/builder.ts), whose mutation never ran its service, so its input checks did not run either. */
const validationRefusals = new WeakSet<AppError>();

/** The validation plugin's refusal of a field's arguments: every problem its rules found. */
export function validationRefusal(details: FieldProblem[]): AppError {
  const refusal = badInput(details);
  validationRefusals.add(refusal);
  return refusal;
}

/**
 * A refusal of a mutation's arguments by the validation plugin, with what the mutation's input
 * checks (src/graphql/input-checks.ts: references) find among the fields of `input` that hold:
 * every problem in one answer, as REST's 400 and the answer to variables that do not coerce give
 * them. Any other error as it is.
 */
async function withInputChecks(error: unknown, args: Record<string, unknown>, context: Context, info: GraphQLResolveInfo): Promise<unknown> {
  if (!(error instanceof AppError) || !validationRefusals.has(error) || !error.details) return error;
  const references = await argumentCheckProblems(info.parentType.getFields()[info.fieldName]!, context, args.input, error.details);
  return references.length ? badInput([...error.details, ...references]) : error;
}

/**
 * A problem's field as a path from the mutation's arguments: services name the fields of `input`
 * without it (`assignedTo`, `customFields.industry`), validation with it (`input.firstName`).
 */
function argumentPath(field: string, argumentNames: readonly string[]): string[] | null {
  if (!field) return null;
  const path = field.split('.');
  return argumentNames.includes(path[0] ?? '') || !argumentNames.includes('input') ? path : ['input', ...path];
}

/** An error as `userErrors`: each of its field problems, or itself without a field; null when a payload does not report it. */
export function userErrorsOf(error: unknown, argumentNames: readonly string[]): UserErrorValue[] | null {
  if (!(error instanceof AppError)) return null;
  const fallback = reportedCodes[error.code];
  if (!fallback) return null;
  const code = error.userErrorCode ?? fallback;
  if (!error.details?.length) return [{ field: null, message: error.message, code }];
  return error.details.map((problem) => ({ field: argumentPath(problem.field, argumentNames), message: problem.message, code: problem.code ?? code }));
}

/** Whether a selection (through its fragments) asks for `userErrors`. */
function selects(selectionSet: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>): boolean {
  return (selectionSet?.selections ?? []).some((selection) => {
    if (selection.kind === Kind.FIELD) return selection.name.value === 'userErrors';
    if (selection.kind === Kind.INLINE_FRAGMENT) return selects(selection.selectionSet, fragments);
    return selects(fragments[selection.name.value]?.selectionSet, fragments);
  });
}

/** Whether a payload field's nodes ask for `userErrors`. */
export const selectsUserErrors = (fieldNodes: readonly FieldNode[], fragments: Record<string, FragmentDefinitionNode>) => fieldNodes.some((node) => selects(node.selectionSet, fragments));

/** A refusal a payload reports, for a caller who did not select `userErrors`: its `details` name their fields by the same paths (arrays), with the same codes. */
export function asTopLevel(error: AppError, userErrors: UserErrorValue[]): AppError {
  if (!error.details?.length) return error;
  const { code: _code, details: _details, ...extra } = error.extensions;
  return new AppError(error.code, error.message, error.details, { ...extra, details: userErrors }, error.userErrorCode);
}

/**
 * Mutations returning a payload type answer their result inside it, and the input and business
 * refusals of their run (validation of every input field at once, missing references, a record's
 * status) as its `userErrors`: GraphQL clients read them as data, typed by codegen. A caller that
 * does not select `userErrors` (REST and MCP, whose answers are HTTP statuses, or a client that
 * forgot) gets them as top-level errors instead, their `details` naming fields by the same paths
 * with the same codes, so no refusal is ever silent. When validation refuses the arguments, the
 * input checks run on the fields that hold and join the same answer.
 * Arguments are validated by argument mappers, which run outside every `wrapResolve`: this wraps those.
 */
export class UserErrorsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapArgMappers(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const { type } = fieldConfig;
    if (fieldConfig.kind !== 'Mutation' || type.kind !== 'Object' || !payloadTypes.has(type.ref as object)) return resolver;
    const argumentNames = Object.keys(fieldConfig.args);
    return async (parent, args, context, info): Promise<PayloadValue> => {
      try {
        return { result: await resolver(parent, args, context, info), userErrors: [] };
      } catch (thrown) {
        const error = await withInputChecks(thrown, args as Record<string, unknown>, context as Context, info);
        const userErrors = userErrorsOf(error, argumentNames);
        if (!userErrors) throw error;
        if (!selectsUserErrors(info.fieldNodes, info.fragments)) throw asTopLevel(error as AppError, userErrors);
        return { result: null, userErrors };
      }
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      userErrors: UserErrorsPlugin<Types>;
    }
  }
}

/** The plugin's name, for the builder's plugin list. */
export const userErrorsPlugin = 'userErrors' as const;

SchemaBuilder.registerPlugin(userErrorsPlugin, UserErrorsPlugin);
