import { sqlList } from '../db/sql-list.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { withinRange } from '../graphql/list-filters.js';
import { refreshSearchText } from '../inspections/search-text.js';
import { found, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

/** The columns `search` reads (each under a trigram index). */
const siteSearch = searchColumns('Site', ['name', 'address', 'city']);

export interface SiteFilter {
  search?: string | null;
  companyId?: string | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const siteOrder: ListOrder = {
  entity: 'Site',
  orderFields: {
    NAME: { column: 'name', description: 'Site name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the site was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the site last changed.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The Prisma condition of a site filter, for the root list and a company's sites. */
export const siteWhere = (filter: SiteFilter) => ({
  AND: searchWords(filter.search, siteSearch),
  companyId: filter.companyId ?? undefined,
  createdAt: withinRange(filter.createdAt),
});

/** The sites matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listSites(ctx: Context, args: ListArgs<SiteFilter>) {
  const where = siteWhere(args.filter ?? {});
  const rows = sqlList(ctx.db, 'Site', where);
  return keysetPage(ctx, siteOrder, args, rows.page, rows.count);
}

export async function getSite(ctx: Context, id: string) {
  return found(ctx.db.site.findUnique({ where: { id } }), 'Site');
}

interface SiteFields {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}

export interface NewSite extends SiteFields {
  companyId: string;
  name: string;
}

export interface SitePatch extends SiteFields {
  companyId?: string | null;
  name?: string | null;
}

const companyMustExist = (ctx: Context, id: string) =>
  mustExist(ctx.db.company.findUnique({ where: { id }, select: { id: true } }), 'companyId', 'company');

export async function createSite(ctx: Context, input: NewSite) {
  await companyMustExist(ctx, input.companyId);
  return ctx.db.site.create({ data: { ...input, tenantId: principalOf(ctx).tenantId } });
}

export async function updateSite(ctx: Context, id: string, patch: SitePatch) {
  const { companyId, name, ...nullable } = sentFields(patch);
  const site = await getSite(ctx, id);
  const data = { ...nullable, name: name ?? undefined, companyId: companyId ?? undefined };
  if (!companyId || companyId === site.companyId) return ctx.db.site.update({ where: { id }, data });
  await companyMustExist(ctx, companyId);
  // A site's equipment and inspections belong to the site's company: they move with it.
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.site.update({ where: { id }, data });
    await tx.equipment.updateMany({ where: { siteId: id }, data: { companyId } });
    await tx.inspection.updateMany({ where: { siteId: id }, data: { companyId } });
    await refreshSearchText(tx, 'site', id);
    return updated;
  });
}
