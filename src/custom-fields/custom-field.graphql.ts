import { CustomFieldEntity, CustomFieldType } from '../generated/prisma/enums.js';
import { type ScopeMap, scopesByArgument } from '../graphql/access.js';
import { builder } from '../graphql/builder.js';
import { type Context, principalOf } from '../graphql/context.js';
import { Node, nodeLookup } from '../graphql/node.js';
import { fixedList } from '../graphql/limits.js';
import { mayRead, readAccessOf, type RecordType } from '../graphql/read-access.js';
import { DATE_TEXT } from '../shared/dates.js';
import { MAX_DEFINITIONS_PER_ENTITY, MAX_ORDER } from './custom-field.rules.js';
import { listCustomFieldDefinitions } from './custom-field.service.js';

/** The record type each entity's custom fields belong to: its read scope reads their definitions. */
const entityRecords: Record<CustomFieldEntity, RecordType> = { lead: 'Lead', contact: 'Contact', company: 'Company', deal: 'Deal', invoice: 'Invoice' };
const entityReaders = Object.fromEntries(Object.entries(entityRecords).map(([entity, record]) => [entity, readAccessOf(record)])) as Record<CustomFieldEntity, ScopeMap>;

export const CustomFieldEntityEnum = builder.enumType(CustomFieldEntity, {
  name: 'CustomFieldEntity',
  description: 'A kind of record that takes custom fields (its `customFields` object).',
  values: {
    lead: { description: 'Leads (`createLead`, `updateLead`).' },
    contact: { description: 'Contacts (`createContact`, `updateContact`).' },
    company: { description: 'Companies (`createCompany`, `updateCompany`).' },
    deal: { description: 'Deals (`createDeal`, `updateDeal`).' },
    invoice: { description: 'Invoices (`createInvoice`, `updateInvoice`).' },
  },
});

const CustomFieldTypeEnum = builder.enumType(CustomFieldType, {
  name: 'CustomFieldType',
  description: "What a custom field's value is, and so which form control fits it.",
  values: {
    text: { description: 'Text of up to 10000 characters; line breaks and tabs allowed.' },
    number: { description: 'A number, sent as a JSON number or a decimal string (at most 30 digits before the point and 30 after) and answered as a decimal string.' },
    boolean: { description: 'true or false.' },
    date: { description: `A calendar date: ${DATE_TEXT}.` },
    select: { description: "One of the definition's `options`, exactly as written there." },
  },
});

type Definition = Awaited<ReturnType<typeof listCustomFieldDefinitions>>[number];

/** The definitions a caller reads: those of the entities whose records it reads (null when none). */
function readableDefinitions(ctx: Context) {
  const entities = (Object.keys(entityRecords) as CustomFieldEntity[]).filter((entity) => mayRead(entityRecords[entity], principalOf(ctx)));
  return entities.length ? { entity: { in: entities } } : null;
}

export const CustomFieldDefinitionRef = builder.objectRef<Definition>('CustomFieldDefinition').implement({
  interfaces: [Node],
  // Not in the access table: a definition is read with its entity's records, as `customFieldDefinitions` reads it.
  ...nodeLookup({ model: 'CustomFieldDefinition', where: readableDefinitions }),
  description:
    "A custom field the tenant defined for one entity: what a form shows and sends for it in the record's `customFields` object. Creating a record without one of its `required` fields is BAD_USER_INPUT naming `customFields.<key>`.",
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Definition id.' }),
    key: t.exposeString('key', { description: 'The key of the value in `customFields`: a letter, then letters, digits and _ (at most 100 characters).' }),
    label: t.exposeString('label', { description: 'What a form shows for the field (at most 200 characters); derived from the key when the field was defined without one (`poNumber` is "Po number").' }),
    type: t.expose('type', { type: CustomFieldTypeEnum, description: 'What the value is.' }),
    required: t.exposeBoolean('required', { description: 'Whether every new record must have a value for it (and a replacement set of values on update too).' }),
    options: t.exposeStringList('options', { description: 'The allowed values of a `select` field, in display order; empty for the other types.' }),
    order: t.exposeInt('order', { description: `Display position among the entity's fields, ascending: 0 to ${MAX_ORDER}; fields of equal order are shown by key.` }),
  }),
});

builder.queryFields((t) => ({
  customFieldDefinitions: t.field({
    type: [CustomFieldDefinitionRef],
    ...fixedList(MAX_DEFINITIONS_PER_ENTITY),
    description: `The custom fields the tenant defined for one entity, to render its create and edit forms: sorted by \`order\`, then \`key\`. A short list of the tenant's configuration, answered whole (at most ${MAX_DEFINITIONS_PER_ENTITY} definitions per entity), so not a connection. Empty when the tenant defined none. Definitions are managed by the tenant's administrators with the command line (\`custom-field create\`).`,
    authScopes: scopesByArgument('entity', entityReaders),
    args: {
      entity: t.arg({ type: CustomFieldEntityEnum, required: true, description: "The kind of record whose fields are listed. Reading them needs that record type's read scope." }),
    },
    resolve: (_root, { entity }, ctx) => listCustomFieldDefinitions(ctx, entity),
  }),
}));
