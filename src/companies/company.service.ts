import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { pageOf } from '../graphql/pagination.js';
import { refreshSearchText } from '../inspections/search-text.js';
import { found } from '../shared/references.js';
import { searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

export interface CompanyFilter {
  page: number;
  limit: number;
  search?: string | null;
}

export function listCompanies(ctx: Context, filter: CompanyFilter) {
  const where = { AND: searchWords(filter.search, ['name', 'email']) };
  return pageOf(filter, ({ skip, take }) =>
    Promise.all([
      ctx.db.company.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], skip, take }),
      ctx.db.company.count({ where }),
    ]),
  );
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
  const customFields = await checkCustomFields(ctx.db, 'company', input.customFields);
  return ctx.db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { ...input, customFields, tenantId: principalOf(ctx).tenantId } });
    await ctx.events.record(tx, 'company.created', company.id);
    return company;
  });
}

export async function updateCompany(ctx: Context, id: string, patch: CompanyPatch) {
  const { customFields, name, ...nullable } = sentFields(patch);
  await getCompany(ctx, id);
  const data = {
    ...nullable,
    name: name ?? undefined,
    customFields: customFields === undefined ? undefined : await checkCustomFields(ctx.db, 'company', customFields),
  };
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.company.update({ where: { id }, data });
    // Inspections are searched by their customer's name.
    if (name) await refreshSearchText(tx, 'company', id);
    await ctx.events.record(tx, 'company.updated', id);
    return updated;
  });
}
