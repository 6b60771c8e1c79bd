import { sqlList } from '../db/sql-list.js';
import type { Context } from '../graphql/context.js';
import { principalOf } from '../graphql/context.js';
import { keysetPage, type ListArgs, type ListOrder } from '../graphql/connection.js';
import { AppError } from '../shared/errors.js';
import { found } from '../shared/references.js';
import { searchColumns, searchWords } from '../shared/search.js';
import { sentFields } from '../shared/validation.js';
import { type ChecklistSection, normalizeSections } from './checklist.js';
import { typeMustExist } from './equipment.service.js';

/** The columns `search` reads (each under a trigram index). */
const templateSearch = searchColumns('ChecklistTemplate', ['name']);

type SectionsInput = Parameters<typeof normalizeSections>[0];

export interface NewTemplate {
  name: string;
  equipmentTypeId?: string | null;
  sections: SectionsInput;
}

export type TemplatePatch = { [K in keyof NewTemplate]?: NewTemplate[K] | null };

export interface TemplateFilter {
  search?: string | null;
  equipmentTypeId?: string | null;
}

export const templateOrder: ListOrder = {
  entity: 'ChecklistTemplate',
  orderFields: {
    NAME: { column: 'name', description: 'Name, in the database collation.' },
    CREATED_AT: { column: 'createdAt', date: true, description: 'When the template was created.' },
  },
  defaultOrder: { field: 'NAME', direction: 'ASC' },
};

/** The checklist templates matching a filter, one keyset page at a time (src/graphql/connection.ts). */
export function listTemplates(ctx: Context, args: ListArgs<TemplateFilter>) {
  const filter = args.filter ?? {};
  const where = { AND: searchWords(filter.search, templateSearch), equipmentTypeId: filter.equipmentTypeId ?? undefined };
  const rows = sqlList(ctx.db, 'ChecklistTemplate', where);
  return keysetPage(ctx, templateOrder, args, rows.page, rows.count);
}

export const getTemplate = (ctx: Context, id: string) => found(ctx.db.checklistTemplate.findUnique({ where: { id } }), 'Checklist template');

/** The sections of a stored template (validated when written). */
export const sectionsOf = (template: { sections: unknown }) => template.sections as ChecklistSection[];

export async function createTemplate(ctx: Context, input: NewTemplate) {
  const sections = normalizeSections(input.sections);
  if (input.equipmentTypeId) await typeMustExist(ctx, input.equipmentTypeId);
  return ctx.db.checklistTemplate.create({
    data: { name: input.name, equipmentTypeId: input.equipmentTypeId ?? null, sections: sections as never, tenantId: principalOf(ctx).tenantId },
  });
}

/**
 * Renames or re-targets a template; its sections change only while no inspection uses it, since
 * recorded answers refer to its item ids (a changed checklist is a new template).
 */
export async function updateTemplate(ctx: Context, id: string, patch: TemplatePatch) {
  const { name, equipmentTypeId, sections } = sentFields(patch);
  await getTemplate(ctx, id);
  if (equipmentTypeId) await typeMustExist(ctx, equipmentTypeId);
  const normalized = sections ? normalizeSections(sections) : undefined;
  if (normalized) {
    const uses = await ctx.db.inspection.count({ where: { templateId: id } });
    if (uses) {
      throw new AppError('CONFLICT', `sections: the template is used by ${uses} inspection(s), whose answers refer to its items; create a new template instead`, [
        { field: 'sections', message: 'cannot change while inspections use the template' },
      ]);
    }
  }
  return ctx.db.checklistTemplate.update({
    where: { id },
    data: { name: name ?? undefined, equipmentTypeId, sections: normalized as never },
  });
}
