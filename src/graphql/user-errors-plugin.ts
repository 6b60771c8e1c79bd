import type { PothosOutputFieldConfig, SchemaTypes } from '@pothos/core';
import SchemaBuilder, { BasePlugin } from '@pothos/core';
import type { FragmentDefinitionNode, GraphQLFieldResolver, GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { Kind } from 'graphql';
import { AppError, type ErrorCode, type UserErrorCode } from '../shared/errors.js';

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

const selectsUserErrors = (info: GraphQLResolveInfo) => info.fieldNodes.some((node) => selects(node.selectionSet, info.fragments));

/**
 * Mutations returning a payload type answer their result inside it, and the input and business
 * refusals of their run (validation of every input field at once, missing references, a record's
 * status) as its `userErrors`: GraphQL clients read them as data, typed by codegen. A caller that
 * does not select `userErrors` (REST and MCP, whose answers are HTTP statuses, or a client that
 * forgot) gets them as top-level errors instead, so no refusal is ever silent.
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
      } catch (error) {
        const userErrors = userErrorsOf(error, argumentNames);
        if (!userErrors || !selectsUserErrors(info)) throw error;
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
