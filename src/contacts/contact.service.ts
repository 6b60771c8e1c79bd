import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { sqlList } from '../db/sql-list.js';
import { lockForUpdate, type TenantDb } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder, type Order } from '../graphql/connection.js';
import { withinRange } from '../graphql/list-filters.js';
import { allChecked, found, mustExist } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

/** The columns `search` reads (each under a trigram index). */
const contactSearch = searchColumns('Contact', ['firstName', 'lastName', 'email']);

export interface ContactFilter {
  search?: string | null;
  companyId?: string | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const contactOrder: ListOrder = {
  entity: 'Contact',
  orderFields: {
    LAST_NAME: { column: 'lastName', description: 'Last name, in the database collation.' },
    FIRST_NAME: { column: 'firstName', description: 'First name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the contact was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the contact last changed.' },
  },
  defaultOrder: { field: 'LAST_NAME', direction: 'ASC' },
};

/** Without `orderBy`, contacts sort as a directory does: last name, then first name. */
export const contactSort = (orderBy: readonly Order[] | null | undefined): readonly Order[] =>
  orderBy?.length
    ? orderBy
    : [
        { field: 'LAST_NAME', direction: 'ASC' },
        { field: 'FIRST_NAME', direction: 'ASC' },
      ];

/** The Prisma condition of a contact filter, for the root list and a company's contacts. */
export const contactWhere = (filter: ContactFilter) => ({
  AND: searchWords(filter.search, contactSearch),
  companyId: filter.companyId ?? undefined,
  createdAt: withinRange(filter.createdAt),
});

/** The contacts matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listContacts(ctx: Context, args: ListArgs<ContactFilter>) {
  const where = contactWhere(args.filter ?? {});
  const rows = sqlList(ctx.db, 'Contact', where);
  return keysetPage(ctx, contactOrder, { ...args, orderBy: contactSort(args.orderBy) }, rows.page, rows.count);
}

export async function getContact(ctx: Context, id: string) {
  return found(ctx.db.contact.findUnique({ where: { id } }), 'Contact');
}

interface ContactFields {
  email?: string | null;
  phone?: string | null;
  role?: string | null;
  notes?: string | null;
  isPrimary?: boolean | null;
  customFields?: Prisma.InputJsonObject | null;
}

export interface NewContact extends ContactFields {
  companyId: string;
  firstName: string;
  lastName: string;
}

export interface ContactPatch extends ContactFields {
  firstName?: string | null;
  lastName?: string | null;
}

type Transaction = Parameters<Parameters<TenantDb['$transaction']>[0]>[0];

/**
 * At most one primary contact per company. The company row is locked first, so two requests
 * making different contacts primary run one after the other and the last one wins cleanly.
 */
async function clearOtherPrimaries(ctx: Context, tx: Transaction, companyId: string, keepContactId?: string) {
  await lockForUpdate(tx, 'Company', companyId);
  const demoted = await tx.contact.findMany({ where: { companyId, isPrimary: true, id: keepContactId ? { not: keepContactId } : undefined }, select: { id: true } });
  if (!demoted.length) return;
  await tx.contact.updateMany({ where: { id: { in: demoted.map((contact) => contact.id) } }, data: { isPrimary: false } });
  for (const contact of demoted) await ctx.events.record(tx, 'contact.updated', contact.id);
}

/** What a new contact names (its custom fields, its company), checked together: the custom fields to store, or every problem at once. */
export async function checkNewContact(ctx: Context, input: Partial<NewContact>) {
  const [customFields] = await allChecked([
    checkCustomFields(ctx, 'contact', input.customFields),
    input.companyId && mustExist(ctx.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } }), 'companyId', 'company'),
  ]);
  return customFields;
}

export async function createContact(ctx: Context, input: NewContact) {
  const customFields = await checkNewContact(ctx, input);
  const create = (db: Transaction) => ctx.events.create(db, 'contact.created', { ...input, isPrimary: input.isPrimary ?? false, customFields });
  // Only a new primary contact changes other rows: the others are one statement.
  if (!input.isPrimary) return create(ctx.db);
  return ctx.db.$transaction(async (tx) => {
    await clearOtherPrimaries(ctx, tx, input.companyId);
    return create(tx);
  });
}

export async function updateContact(ctx: Context, id: string, patch: ContactPatch) {
  const { customFields, firstName, lastName, isPrimary, ...nullable } = sentFields(patch);
  const existing = await getContact(ctx, id);
  const checkedCustomFields = customFields === undefined ? undefined : await checkCustomFields(ctx, 'contact', customFields);
  return ctx.db.$transaction(async (tx) => {
    if (isPrimary) await clearOtherPrimaries(ctx, tx, existing.companyId, id);
    const contact = await tx.contact.update({
      where: { id },
      data: {
        ...nullable,
        firstName: firstName ?? undefined,
        lastName: lastName ?? undefined,
        isPrimary: isPrimary ?? undefined,
        customFields: checkedCustomFields,
      },
    });
    await ctx.events.record(tx, 'contact.updated', contact);
    return contact;
  });
}
