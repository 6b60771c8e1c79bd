import type { OutputRef } from '@pothos/core';
import { z } from 'zod';
import { builder } from './builder.js';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './limits.js';

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
