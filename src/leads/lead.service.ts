import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { sqlList } from '../db/sql-list.js';
import { Prisma } from '../generated/prisma/client.js';
import { type LeadSource, LeadStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { oneOf, withinRange } from '../graphql/list-filters.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { allChecked, found, mustExist } from '../shared/references.js';
import { sentFields } from '../shared/validation.js';

/** The columns `search` reads (each under a trigram index). */
const leadSearch = searchColumns('Lead', ['firstName', 'lastName', 'email', 'companyName']);

export interface LeadFilter {
  search?: string | null;
  status?: LeadStatus[] | null;
  source?: LeadSource[] | null;
  assignedTo?: string | null;
  createdAt?: { from?: Date | null; to?: Date | null } | null;
}

export const leadOrder: ListOrder = {
  entity: 'Lead',
  orderFields: {
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the lead was created.' },
    UPDATED_AT: { column: 'updatedAt', date: true, description: 'When the lead last changed.' },
    FIRST_NAME: { column: 'firstName', description: 'First name, in the database collation.' },
    LAST_NAME: { column: 'lastName', description: 'Last name, in the database collation.' },
    STATUS: { column: 'status', values: Object.values(LeadStatus), description: `Status, in this order: ${Object.values(LeadStatus).join(', ')}.` },
  },
  defaultOrder: { field: 'CREATED_AT', direction: 'DESC' },
};

/** The leads matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listLeads(ctx: Context, args: ListArgs<LeadFilter>) {
  const filter = args.filter ?? {};
  const where = {
    AND: searchWords(filter.search, leadSearch),
    status: oneOf(filter.status),
    source: oneOf(filter.source),
    assignedTo: filter.assignedTo ?? undefined,
    createdAt: withinRange(filter.createdAt),
  };
  const rows = sqlList(ctx.db, 'Lead', where);
  return keysetPage(ctx, leadOrder, args, rows.page, rows.count);
}

export async function getLead(ctx: Context, id: string) {
  return found(ctx.db.lead.findUnique({ where: { id } }), 'Lead');
}

interface LeadFields {
  email?: string | null;
  phone?: string | null;
  companyName?: string | null;
  source?: LeadSource | null;
  channelType?: string | null;
  intent?: string | null;
  notes?: string | null;
  assignedTo?: string | null;
  sourceAttribution?: Prisma.InputJsonObject | null;
  customFields?: Prisma.InputJsonObject | null;
}

export interface NewLead extends LeadFields {
  firstName: string;
  lastName: string;
}

export interface LeadPatch extends LeadFields {
  firstName?: string | null;
  lastName?: string | null;
  status?: LeadStatus | null;
}

const assigneeMustExist = (ctx: Context, userId: string | null | undefined) =>
  userId ? mustExist(ctx.db.user.findUnique({ where: { id: userId }, select: { id: true } }), 'assignedTo', 'user') : null;

/** What a new lead names (its custom fields, its assignee), checked together: the custom fields to store, or every problem at once. */
export async function checkNewLead(ctx: Context, input: Partial<NewLead>) {
  const [customFields] = await allChecked([checkCustomFields(ctx, 'lead', input.customFields), assigneeMustExist(ctx, input.assignedTo)]);
  return customFields;
}

export async function createLead(ctx: Context, input: NewLead) {
  const customFields = await checkNewLead(ctx, input);
  return ctx.events.create(ctx.db, 'lead.created', {
    ...input,
    status: 'new',
    source: input.source ?? 'web_form',
    customFields,
  });
}

export async function updateLead(ctx: Context, id: string, patch: LeadPatch) {
  const { customFields, sourceAttribution, firstName, lastName, status, source, ...nullable } = sentFields(patch);
  await getLead(ctx, id);
  const [checkedCustomFields] = await allChecked([
    customFields === undefined ? undefined : checkCustomFields(ctx, 'lead', customFields),
    assigneeMustExist(ctx, patch.assignedTo),
  ]);
  return ctx.db.$transaction(async (tx) => {
    const lead = await tx.lead.update({
      where: { id },
      data: {
        ...nullable,
        // Validation has refused null for these; `?? undefined` only narrows the type.
        firstName: firstName ?? undefined,
        lastName: lastName ?? undefined,
        status: status ?? undefined,
        source: source ?? undefined,
        sourceAttribution: sourceAttribution === null ? Prisma.DbNull : sourceAttribution,
        customFields: checkedCustomFields,
      },
    });
    await ctx.events.record(tx, 'lead.updated', lead);
    return lead;
  });
}
