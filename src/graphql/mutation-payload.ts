import type { ObjectRef, SchemaTypes } from '@pothos/core';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { type GraphQLResolveInfo, getNamedType } from 'graphql';
import { UserErrorCodes } from '../shared/errors.js';
import { builder } from './builder.js';
import { PAYLOAD_RESULT, payloadTypes, type PayloadValue, type UserErrorValue } from './user-errors-plugin.js';

export const UserErrorCodeEnum = builder.enumType('UserErrorCode', {
  description: 'What kind of problem a `UserError` reports.',
  values: Object.fromEntries(Object.entries(UserErrorCodes).map(([code, description]) => [code, { description }])) as Record<keyof typeof UserErrorCodes, { description: string }>,
});

export const UserError = builder.objectRef<UserErrorValue>('UserError').implement({
  description:
    "One problem with a mutation's input or with what it asked for. Every problem of the input is reported at once, malformed variables (an email, a date, an enum value) included, so a form can show them all after one submit. A value written in the document itself rather than in a variable is checked by GraphQL validation first, as a top-level error.",
  fields: (t) => ({
    field: t.exposeStringList('field', {
      nullable: true,
      description:
        'Path to the input value at fault, from the mutation\'s arguments: `["input", "firstName"]`, `["input", "lineItems", "0", "quantity"]`, `["id"]`. Null when the problem is not one field\'s (a record\'s status, a taken slot).',
    }),
    message: t.exposeString('message', {
      description: 'What is wrong, in English. For a field it follows the field\'s name ("must be at most 255 characters"); otherwise it is a whole sentence.',
    }),
    code: t.expose('code', { type: UserErrorCodeEnum, description: 'The kind of problem, for code to act on.' }),
  }),
});

/** Where the payload's result is read (the plugin wraps the mutation's value in a `PayloadValue`). */
const resultOf = <T>(payload: unknown) => (payload as PayloadValue<T>).result;

const userErrorsDescription =
  'Problems that stopped the mutation; empty when it succeeded. Select it: without it, the same problems come back as top-level errors (BAD_USER_INPUT, NOT_FOUND, CONFLICT), so none is ever silent.';

/** `createLead` → `CreateLeadPayload`: each mutation its own payload type, free to grow. */
const payloadName = (mutation: string) => `${mutation[0]!.toUpperCase()}${mutation.slice(1)}Payload`;

/** A payload type: the mutation's result under `result.field`, and `userErrors`. */
function payload<T>(mutation: string, result: { field: string; type: unknown; description: string }, description: string) {
  const ref = builder.objectRef<T>(payloadName(mutation));
  payloadTypes.add(ref);
  return ref.implement({
    description,
    extensions: { [PAYLOAD_RESULT]: result.field },
    fields: (t) => ({
      [result.field]: t.field({ type: result.type as never, nullable: true, description: result.description, resolve: (value) => resultOf<T>(value) as never }),
      userErrors: t.field({ type: [UserError], description: userErrorsDescription, resolve: (value) => (value as unknown as PayloadValue).userErrors }),
    }),
  });
}

/**
 * The payload of a mutation that answers a record (its type's ref, or a Prisma model's name):
 * `{<field>: Record, userErrors}`. The mutation's resolver returns the record itself; its
 * refusals fill `userErrors` (src/graphql/user-errors-plugin.ts).
 */
export const recordPayload = <Types extends SchemaTypes, T>(mutation: string, field: string, record: ObjectRef<Types, T> | string) =>
  payload<T>(
    mutation,
    { field, type: record, description: `The ${field} as the mutation left it; null when \`userErrors\` lists why it did not run.` },
    `What \`${mutation}\` answers: the ${field} it created or changed, or the problems that stopped it (then the ${field} is null and nothing was written).`,
  );

/** The payload of a deletion: the id of what it removed (a UUID, unless the record's ids are other strings). Its resolver returns that id. */
export const deletionPayload = (mutation: string, what: string, idType: 'UUID' | 'String' = 'UUID') =>
  payload<string>(
    mutation,
    { field: 'deletedId', type: idType, description: `Id of the ${what} deleted; null when \`userErrors\` lists why not.` },
    `What \`${mutation}\` answers: the id of the ${what} it deleted, or the problems that stopped it.`,
  );

/**
 * The Prisma query (select or include) for what a mutation's client selected of its payload's
 * result, so the service returns the record with its selected relations in one statement.
 */
export function resultQuery(context: object, info: GraphQLResolveInfo) {
  const result = getNamedType(info.returnType).extensions[PAYLOAD_RESULT] as string;
  return queryFromInfo({ context, info, path: [result] });
}
