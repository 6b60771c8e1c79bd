import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { sqlList } from '../db/sql-list.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { withinRange } from '../graphql/list-filters.js';
import { refreshSearchText } from '../inspections/search-text.js';
import { found } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

/** The columns `search` reads (each under a trigram index). */
const companySearch = searchColumns('Company', ['name', 'email']);

export interface CompanyFilter {
  search?: string | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const companyOrder: ListOrder = {
  entity: 'Company',
  orderFields: {
    NAME: { column: 'name', description: 'Company name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the company was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the company last changed.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The companies matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listCompanies(ctx: Context, args: ListArgs<CompanyFilter>) {
  const filter = args.filter ?? {};
  const where = { AND: searchWords(filter.search, companySearch), createdAt: withinRange(filter.createdAt) };
  const rows = sqlList(ctx.db, 'Company', where);
  return keysetPage(ctx, companyOrder, args, rows.page, rows.count);
}

export async function getCompany(ctx: Context, id: string) {
  return found(ctx.db.company.findUnique({ where: { id } }), 'Company');
}

interface CompanyFields {
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  customFields?: Prisma.InputJsonObject | null;
}

export interface NewCompany extends CompanyFields {
  name: string;
}

export interface CompanyPatch extends CompanyFields {
  name?: string | null;
}

export async function createCompany(ctx: Context, input: NewCompany) {
  const customFields = await checkCustomFields(ctx, 'company', input.customFields);
  return ctx.events.create(ctx.db, 'company.created', { ...input, customFields });
}

export async function updateCompany(ctx: Context, id: string, patch: CompanyPatch) {
  const { customFields, name, ...nullable } = sentFields(patch);
  await getCompany(ctx, id);
  const data = {
    ...nullable,
    name: name ?? undefined,
    customFields: customFields === undefined ? undefined : await checkCustomFields(ctx, 'company', customFields),
  };
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.company.update({ where: { id }, data });
    // Inspections are searched by their customer's name.
    if (name) await refreshSearchText(tx, 'company', id);
    await ctx.events.record(tx, 'company.updated', updated);
    return updated;
  });
}
