import type { CustomFieldEntity } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';

/** What a form needs of each definition: the columns both surfaces answer, and the CLI prints. */
export const definitionFields = { key: true, label: true, type: true, required: true, options: true, order: true } as const;

/** The tenant's custom field definitions of one entity, in display order (ties by key). */
export function listCustomFieldDefinitions(ctx: Pick<Context, 'db'>, entity: CustomFieldEntity) {
  return ctx.db.customFieldDefinition.findMany({ where: { entity }, orderBy: [{ order: 'asc' }, { key: 'asc' }], select: { id: true, ...definitionFields } });
}
