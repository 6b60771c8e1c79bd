import { checkCustomFields } from '../custom-fields/custom-field.rules.js';
import { Prisma } from '../generated/prisma/client.js';
import type { LeadSource, LeadStatus } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, keysetQuery } from '../graphql/pagination.js';
import { found, mustExist } from '../shared/references.js';
import { sentFields } from '../shared/validation.js';

export interface LeadFilter {
  limit: number;
  cursor?: string | null;
  status?: LeadStatus | null;
  assignedTo?: string | null;
}

export async function listLeads(ctx: Context, filter: LeadFilter) {
  const { where, orderBy } = keysetQuery(filter.cursor);
  const rows = await ctx.db.lead.findMany({
    where: { ...where, status: filter.status ?? undefined, assignedTo: filter.assignedTo ?? undefined },
    orderBy,
    take: filter.limit + 1,
  });
  return keysetPage(rows, filter.limit);
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

export async function createLead(ctx: Context, input: NewLead) {
  const [customFields] = await Promise.all([
    checkCustomFields(ctx.db, 'lead', input.customFields),
    assigneeMustExist(ctx, input.assignedTo),
  ]);
  return ctx.db.$transaction(async (tx) => {
    const lead = await tx.lead.create({
      data: {
        ...input,
        source: input.source ?? 'web_form',
        sourceAttribution: input.sourceAttribution ?? undefined,
        customFields,
        tenantId: principalOf(ctx).tenantId,
      },
    });
    await ctx.events.record(tx, 'lead.created', lead.id);
    return lead;
  });
}

export async function updateLead(ctx: Context, id: string, patch: LeadPatch) {
  const { customFields, sourceAttribution, firstName, lastName, status, source, ...nullable } = sentFields(patch);
  await getLead(ctx, id);
  const [checkedCustomFields] = await Promise.all([
    customFields === undefined ? undefined : checkCustomFields(ctx.db, 'lead', customFields),
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
    await ctx.events.record(tx, 'lead.updated', id);
    return lead;
  });
}
