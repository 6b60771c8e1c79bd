import type { OutputRef } from '@pothos/core';
import { z } from 'zod';
import { badInput } from '../shared/errors.js';
import { builder } from './builder.js';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const limitSchema = z.number().int().min(1, `must be between 1 and ${MAX_PAGE_SIZE}`).max(MAX_PAGE_SIZE, `must be between 1 and ${MAX_PAGE_SIZE}`);

/** Paging arguments: `page`/`limit` (1-based pages) or `limit`/`cursor`; 25 rows by default, at most 100. */
export const pageArgs = () => ({
  page: builder.args((t) => ({
    page: t.int({
      description: 'Page number, 1-based.',
      defaultValue: 1,
      required: true,
      validate: z.number().int().min(1, 'must be 1 or more'),
    }),
    limit: t.int({
      description: `Rows per page: 1 to ${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}.`,
      defaultValue: DEFAULT_PAGE_SIZE,
      required: true,
      validate: limitSchema,
    }),
  })),
  cursor: builder.args((t) => ({
    limit: t.int({
      description: `Maximum rows to return: 1 to ${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}.`,
      defaultValue: DEFAULT_PAGE_SIZE,
      required: true,
      validate: limitSchema,
    }),
    cursor: t.string({
      description: "Opaque position: the previous page's `nextCursor`. Omit for the first page.",
      required: false,
    }),
  })),
});

/** Skip/take of a page-based list. */
export const pageWindow = ({ page, limit }: { page: number; limit: number }) => ({ skip: (page - 1) * limit, take: limit });

/**
 * Keyset cursors over (createdAt DESC, id DESC): stable while rows are inserted between pages,
 * since new rows sort before every cursor already handed out.
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString('base64url');
}

const cursorShape = z.tuple([z.iso.datetime(), z.uuid()]);

export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const [createdAt, id] = cursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw badInput([{ field: 'cursor', message: 'is not a cursor returned by this API' }]);
  }
}

/**
 * Prisma `where` and `orderBy` for the rows after a keyset position, newest first. The bound
 * `createdAt <= position` is an index range on (tenantId, createdAt, id): the page starts at the
 * position whatever its depth. The OR only drops rows of that very instant up to the position's id
 * (written as `createdAt < x OR (createdAt = x AND id < y)` alone, PostgreSQL filters every newer
 * row instead: the last page of a million leads read the whole index).
 */
export function keysetQuery(cursor: string | null | undefined) {
  const after = cursor ? decodeCursor(cursor) : null;
  return {
    where: after ? { createdAt: { lte: after.createdAt }, OR: [{ createdAt: { lt: after.createdAt } }, { id: { lt: after.id } }] } : {},
    orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
  };
}

/** Slices one extra fetched row off into `hasMore`/`nextCursor`. */
export function keysetPage<T extends KeysetPosition>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
}

/** `{data, total, page, pageSize}`: the page-based list envelope of the specification. */
export function pageType<Item>(name: string, item: OutputRef<Item>, itemDescription: string) {
  return builder.objectRef<{ data: Item[]; total: number; page: number; pageSize: number }>(`${name}Page`).implement({
    description: `One page of ${itemDescription}, with the total across all pages.`,
    fields: (t) => ({
      data: t.field({ type: [item], description: `The ${itemDescription} of this page.`, resolve: (p) => p.data }),
      total: t.exposeInt('total', { description: 'Number of matching rows across all pages.' }),
      page: t.exposeInt('page', { description: 'This page number, 1-based.' }),
      pageSize: t.exposeInt('pageSize', { description: 'Maximum rows per page (the `limit` asked for).' }),
    }),
  });
}

/** Runs a page-based query (rows and total count) and shapes the page envelope. */
export async function pageOf<T>(
  args: { page: number; limit: number },
  fetch: (window: { skip: number; take: number }) => Promise<[T[], number]>,
) {
  const [data, total] = await fetch(pageWindow(args));
  return { data, total, page: args.page, pageSize: args.limit };
}
