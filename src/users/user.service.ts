import { sqlList } from '../db/sql-list.js';
import type { UserRole } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf } from '../graphql/list-filters.js';
import { searchColumns, searchWords } from '../shared/search.js';

/** The columns `search` reads (each under a trigram index). */
const userSearch = searchColumns('User', ['name', 'email']);

export interface UserFilter {
  search?: string | null;
  role?: UserRole[] | null;
}

export const userOrder: ListOrder = {
  entity: 'User',
  orderFields: {
    NAME: { column: 'name', description: 'Full name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the user was added to the tenant.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The users matching a filter, deactivated ones included, one keyset page at a time (src/graphql/connection.ts). */
export function listUsers(ctx: Context, args: ListArgs<UserFilter>) {
  const filter = args.filter ?? {};
  const where = { AND: searchWords(filter.search, userSearch), role: oneOf(filter.role) };
  const rows = sqlList(ctx.db, 'User', where);
  return keysetPage(ctx, userOrder, args, rows.page, rows.count);
}
