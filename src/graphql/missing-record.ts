import { getNamedType, type GraphQLField } from 'graphql';
import { AppError, notFound } from '../shared/errors.js';
import type { Context } from './context.js';

/**
 * A record's detail field (`deal(id:)`, and the fields answering one record's history) answers
 * null, without an error, when the tenant has no such record: a "not found" page is data to a
 * client, not a failure (as Shopify's API answers it). Mutations on a missing record keep
 * NOT_FOUND in `userErrors`; REST and MCP keep their 404, with the same message as before.
 */
export const MISSING_RECORD_NOTE = 'null when no such record exists in the tenant';

/** The same, as REST and MCP answer it. */
export const MISSING_RECORD_REST_NOTE = 'not found (404) when no such record exists in the tenant';

/** The NOT_FOUND behind a detail field's null, per request, for REST and MCP to answer as their 404. */
const missingIn = new WeakMap<Context, AppError>();

/** What a detail field answers: the record its service read, or null where the service found none (its NOT_FOUND). */
export async function orNull<T>(ctx: Context, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    missingIn.set(ctx, error);
    return null;
  }
}

/** The NOT_FOUND a detail route (REST, MCP) answers when its field answered null: the service's own ("Deal not found"). */
export function missingRecord(ctx: Context, field: GraphQLField<unknown, unknown>): AppError {
  const words = getNamedType(field.type).name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
  return missingIn.get(ctx) ?? notFound(words.charAt(0).toUpperCase() + words.slice(1));
}
