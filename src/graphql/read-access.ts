import { inspectionsRead } from '../inspections/inspection-access.js';
import { invoicePartsRead, invoicesRead } from '../invoices/invoice-access.js';
import { defaultFieldResolver, getNamedType, type GraphQLField, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema, isObjectType } from 'graphql';
import { isThenable } from '@pothos/core';
import type { Principal } from '../auth/api-keys.js';
import { accessRefusal, mayAccess, type ScopeMap, whoMay } from './access.js';
import type { Context } from './context.js';
import { EMBEDS } from './read-grants-plugin.js';

/**
 * What reads each record type, wherever in a query it is reached: a root field, a relation or a
 * connection. The one table the types and their lists are guarded by.
 */
const readScopes = {
  Company: { scope: 'companies.read' },
  Site: { scope: 'companies.read' },
  Contact: { scope: 'contacts.read' },
  Deal: { scope: 'pipeline' },
  DealActivity: { scope: 'pipeline' },
  Pipeline: { scope: 'pipeline' },
  PipelineStage: { scope: 'pipeline' },
  Lead: { scope: 'leads.lead.read' },
  // Summaries: the part of a record another record's published shape embeds, readable with that
  // record; the rest of the record needs its own scope (above).
  DealCompany: { scope: 'pipeline' },
  DealContact: { scope: 'pipeline' },
  SiteSummary: { scope: 'pipeline', ...inspectionsRead },
  InspectionCustomer: inspectionsRead,
  User: { secretKey: true },
  Tenant: { secretKey: true },
  ApiKeyPair: { scope: 'settings.manage' },
  ApiKey: { scope: 'settings.manage' },
  // Guests' widgets list resources with a publishable key; managers read what they manage.
  BookableResource: { publicScope: 'bookings.read', scope: 'bookings.resources.manage' },
  ResourceClosure: { scope: 'bookings.resources.manage' },
  Booking: { scope: 'bookings.read' },
  EquipmentType: inspectionsRead,
  Equipment: inspectionsRead,
  ChecklistTemplate: inspectionsRead,
  Inspection: inspectionsRead,
  InspectionListItem: inspectionsRead,
  InspectionDetail: inspectionsRead,
  InspectionTeamMember: inspectionsRead,
  InspectionEvent: inspectionsRead,
  Finding: inspectionsRead,
  FindingPhoto: inspectionsRead,
  Invoice: invoicesRead,
  InvoiceLineItem: invoicePartsRead,
  Payment: invoicePartsRead,
  InvoiceEvent: invoicePartsRead,
  WebhookEndpoint: { scope: 'webhooks.manage' },
  WebhookDelivery: { scope: 'webhooks.manage' },
  WebhookAttempt: { scope: 'webhooks.manage' },
} as const satisfies Record<string, ScopeMap>;

export type RecordType = keyof typeof readScopes;

/**
 * The sentence each record type's description ends with, so clients and agents know what reads it;
 * `embeddedBy` names the relations that embed part of it, with that part: "`Invoice.company` (`id`, `name`)".
 */
export function readAccessNote(typeName: string, embeddedBy: readonly string[] = []): string | undefined {
  if (!Object.hasOwn(readScopes, typeName)) return undefined;
  const embedded = embeddedBy.length ? ` Reached through a record that embeds part of it, that part is readable with that record's read scope too: ${embeddedBy.join(', ')}.` : '';
  return `Readable by ${whoMay(readScopes[typeName as RecordType])}, wherever it appears in a query, and as the result of a mutation that returns it.${embedded}`;
}

/**
 * Record types that another record's published shape embeds in part (an invoice prints its
 * company's name and address): one of these reached through an embedding relation is readable in
 * part, so each of its fields is checked (`readableBy`, `embeddable`). Every other record type is
 * checked once wherever it enters an answer (`guardRecordReads`), not field by field.
 */
type PartlyEmbedded = 'Company' | 'Contact';

/**
 * Type-level `authScopes` of a type that is embedded in part: every field of the type needs its
 * read scope, unless the record is a mutation's own result (see `ReadGrantsPlugin`) or the field
 * was granted by the relation that embeds it (`embeddable`). Evaluated once per record and request.
 */
export const readableBy = (type: PartlyEmbedded) => (record: object, ctx: Context) => ctx.readGrants.readsRecord(record) || readScopes[type];

/**
 * A field of `type` that a parent may embed in its published shape (a company's name on an
 * invoice): readable with the type's own scope, or where the relation that returned this record
 * granted the field (`embeds`). It skips the type-level check, which keeps guarding every other
 * field of the record; so one record is one type wherever it is reached, and a normalized client
 * cache (keyed by `__typename` and `id`) holds it once.
 */
export const embeddable = (type: PartlyEmbedded) =>
  ({
    skipTypeScopes: true,
    authScopes: (record: object, _args: unknown, ctx: Context, info: GraphQLResolveInfo) => ctx.readGrants.readsField(record, info.fieldName) || readScopes[type],
  }) as const;

/**
 * For a relation whose record (of another read scope) the parent's published shape embeds in part,
 * as an invoice embeds its company's name and address: `fields`, each `embeddable` on the record's
 * type, are readable by whoever reads the parent; the rest of the record needs its own scope.
 */
export const embeds = (...fields: string[]) => ({ extensions: { [EMBEDS]: fields } });

/** The fields a relation `embeds`, if any. */
export const embeddedFields = (extensions: Readonly<Record<string, unknown>>) => extensions[EMBEDS] as readonly string[] | undefined;

/**
 * For a relation that a parent's published shape includes but that its readers may not all read
 * (a booking's lead): null, without an error, for a caller without the record's own read scope.
 */
export const nullUnlessReadable = (type: RecordType) => ({ authScopes: readScopes[type], unauthorizedResolver: () => null, nullable: true as const });

/**
 * For a relation or connection to records of `type` that not every reader of the parent may read
 * (a company's contacts: `companies.read` does not read contacts). Checked on the field itself and
 * nullable, so a caller without the scope gets null there with one FORBIDDEN error whose path is
 * this field, and the rest of the page (the parent, its siblings, its other fields) answers as
 * usual. test/authorization.test.ts finds every such field in the schema.
 */
export const refusedAloneUnless = (type: RecordType) => ({
  authScopes: readScopes[type],
  nullable: true as const,
  extensions: { refusedAloneUnless: type },
});

/** The description sentence of a field guarded by `refusedAloneUnless`. */
export function refusedAloneNote(field: { extensions: Record<string, unknown> }): string | undefined {
  const type = field.extensions.refusedAloneUnless as RecordType | undefined;
  return type && `Null, with a FORBIDDEN error at this field alone (its parent still answers), unless the caller is ${whoMay(readScopes[type])}.`;
}

/** Whether a principal reads records of `type` (the rule events are shown by, to every consumer). */
export const mayRead = (type: RecordType, principal: Principal | null) => mayAccess(readScopes[type], principal);

/** Who reads records of `type`, as the access table declares it. */
export const readAccessOf = (type: RecordType): ScopeMap => readScopes[type];

/**
 * Field-level guard of a list or connection of `type` that every reader of its parent reads (a
 * deal's activities): its count and page info are the type's data too. A list that some readers
 * of the parent may not read is `refusedAloneUnless` instead.
 */
export const listOf = (type: RecordType) => ({ authScopes: readScopes[type] });

const partlyEmbedded: ReadonlySet<string> = new Set<PartlyEmbedded>(['Company', 'Contact']);

/** Whether a type is a page of records (a connection) or one of its items with its cursor (an edge). */
const isConnectionPart = (type: GraphQLObjectType) => {
  const fields = type.getFields();
  return Boolean((fields.edges && fields.pageInfo) || (fields.node && fields.cursor));
};

/** The record type whose read scope guards what a field yields: its own type, or the items of the page it returns. */
function yieldedRecordType(field: GraphQLField<unknown, unknown>): RecordType | undefined {
  const named = getNamedType(field.type);
  if (Object.hasOwn(readScopes, named.name)) return named.name as RecordType;
  if (!isObjectType(named) || !isConnectionPart(named)) return undefined;
  const edge = getNamedType(named.getFields().edges!.type) as GraphQLObjectType;
  const item = getNamedType(edge.getFields().node!.type).name;
  return Object.hasOwn(readScopes, item) ? (item as RecordType) : undefined;
}

/**
 * Enforces each record type's read scope where its records enter an answer: on every field that
 * yields records of the type (a root field, a relation, a connection, a mutation payload's result),
 * once per resolution of that field, so a page of 25 records is one check, not one per field of
 * each record (per-field checks also made graphql-jit build a resolve info for every field of every
 * record: half of a list request's allocations). A mutation's own result passes as its caller's
 * (`ReadGrants`). Types embedded in part keep their per-field checks (`readableBy`); the fields of a
 * page (its edges and nodes) are reached only through the field that yields it.
 */
export function guardRecordReads(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || isConnectionPart(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const record = yieldedRecordType(field);
      if (!record || partlyEmbedded.has(record)) continue;
      const scopes = readScopes[record];
      const resolve = field.resolve ?? defaultFieldResolver;
      const readable = (value: unknown, ctx: Context) => {
        if (value === null || value === undefined || (typeof value === 'object' && ctx.readGrants.readsRecord(value))) return value;
        const refusal = accessRefusal(scopes, ctx);
        if (refusal) throw refusal;
        return value;
      };
      field.resolve = (parent, args, ctx: Context, info) => {
        const value = resolve(parent, args, ctx, info);
        return isThenable(value) ? value.then((resolved) => readable(resolved, ctx)) : readable(value, ctx);
      };
    }
  }
}
