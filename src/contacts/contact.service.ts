import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { lockForUpdate, type TenantDb } from '../db/tenant-scope.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { pageOf } from '../graphql/pagination.js';
import { found, mustExist } from '../shared/references.js';
import { searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';

export interface ContactFilter {
  page: number;
  limit: number;
  companyId?: string | null;
  search?: string | null;
}

export function listContacts(ctx: Context, filter: ContactFilter) {
  const where = {
    companyId: filter.companyId ?? undefined,
    AND: searchWords(filter.search, ['firstName', 'lastName', 'email']),
  };
  return pageOf(filter, ({ skip, take }) =>
    Promise.all([
      ctx.db.contact.findMany({ where, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }], skip, take }),
      ctx.db.contact.count({ where }),
    ]),
  );
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

export async function createContact(ctx: Context, input: NewContact) {
  const [customFields] = await Promise.all([
    checkCustomFields(ctx.db, 'contact', input.customFields),
    mustExist(ctx.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } }), 'companyId', 'company'),
  ]);
  return ctx.db.$transaction(async (tx) => {
    if (input.isPrimary) await clearOtherPrimaries(ctx, tx, input.companyId);
    const contact = await tx.contact.create({
      data: { ...input, isPrimary: input.isPrimary ?? false, customFields, tenantId: principalOf(ctx).tenantId },
    });
    await ctx.events.record(tx, 'contact.created', contact.id);
    return contact;
  });
}

export async function updateContact(ctx: Context, id: string, patch: ContactPatch) {
  const { customFields, firstName, lastName, isPrimary, ...nullable } = sentFields(patch);
  const existing = await getContact(ctx, id);
  const checkedCustomFields = customFields === undefined ? undefined : await checkCustomFields(ctx.db, 'contact', customFields);
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
    await ctx.events.record(tx, 'contact.updated', id);
    return contact;
  });
}
