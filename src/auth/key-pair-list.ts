import { sqlList } from '../db/sql-list.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { withinRange } from '../graphql/list-filters.js';
import type { Context } from '../graphql/context.js';
import { searchColumns, searchWords } from '../shared/search.js';

/** The columns `search` reads (each under a trigram index). */
const keyPairSearch = searchColumns('ApiKeyPair', ['name']);

export const keyPairOrder: ListOrder = {
  entity: 'ApiKeyPair',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the pair was created.' },
    NAME: { column: 'name', description: 'Its name, in the database collation.' },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

export interface KeyPairFilter {
  search?: string | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

/** The tenant's key pairs, revoked and expired ones included, one keyset page at a time (src/graphql/connection.ts). */
export function listKeyPairs(ctx: Context, args: ListArgs<KeyPairFilter>) {
  const where = { AND: searchWords(args.filter?.search, keyPairSearch), createdAt: withinRange(args.filter?.createdAt) };
  const rows = sqlList(ctx.db, 'ApiKeyPair', where);
  return keysetPage(ctx, keyPairOrder, args, rows.page, rows.count);
}
