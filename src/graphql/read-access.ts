import { inspectionsRead } from '../inspections/inspection-access.js';
import { invoicePartsRead, invoicesRead } from '../invoices/invoice-access.js';
import type { Principal } from '../auth/api-keys.js';
import { mayAccess, type ScopeMap, whoMay } from './access.js';

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
  User: { secretKey: true },
  Tenant: { secretKey: true },
  ApiKeyPair: { scope: 'settings.manage' },
  ApiKey: { scope: 'settings.manage' },
  // An app a user connected with OAuth: the counterpart of a key pair, managed alike.
  ConnectedApp: { scope: 'settings.manage' },
  // Guests' widgets list resources with a publishable key; managers read what they manage.
  BookableResource: { publicScope: 'bookings.read', scope: 'bookings.resources.manage' },
  ResourceClosure: { scope: 'bookings.resources.manage' },
  Booking: { scope: 'bookings.read' },
  EquipmentType: inspectionsRead,
  Equipment: inspectionsRead,
  ChecklistTemplate: inspectionsRead,
  Inspection: inspectionsRead,
  InspectionTeamMember: inspectionsRead,
  InspectionEvent: inspectionsRead,
  Finding: inspectionsRead,
  FindingPhoto: inspectionsRead,
  Invoice: invoicesRead,
  InvoiceLineItem: invoicePartsRead,
  Payment: invoicePartsRead,
  InvoiceEvent: invoicePartsRead,
  // Whoever may import some object; each import only by whoever may import its object, and its
  // rows (the records' data) only by whoever may also read that object (src/imports/import.service.ts).
  ImportJob: { scope: 'leads.lead.write', $any: { scope: 'contacts.write', $any: { scope: 'companies.write' } } },
  ImportRow: { scope: 'leads.lead.read', $any: { scope: 'contacts.read', $any: { scope: 'companies.read' } } },
  WebhookEndpoint: { scope: 'webhooks.manage' },
  WebhookDelivery: { scope: 'webhooks.manage' },
  WebhookAttempt: { scope: 'webhooks.manage' },
} as const satisfies Record<string, ScopeMap>;

export type RecordType = keyof typeof readScopes;

/** Whether a type is a record type of the table. */
export const isRecordType = (typeName: string): typeName is RecordType => Object.hasOwn(readScopes, typeName);

/**
 * The sentence each record type's description ends with, so clients and agents know what reads it;
 * `embeddedBy` names the relations that embed part of it, with that part: "`Invoice.company` (`id`, `name`)".
 */
export function readAccessNote(typeName: string, embeddedBy: readonly string[] = []): string | undefined {
  if (!isRecordType(typeName)) return undefined;
  const embedded = embeddedBy.length ? ` Reached through a record that embeds part of it, that part is readable with that record's read scope too: ${embeddedBy.join(', ')}.` : '';
  return `Readable by ${whoMay(readScopes[typeName])}, wherever it appears in a query, and as the result of a mutation that returns it.${embedded}`;
}

/** The field extension naming the fields an embedding relation grants of the record it returns. */
const EMBEDS = 'readAccess.embeds';

/**
 * For a relation whose record (of another read scope) the parent's published shape embeds in part,
 * as an invoice embeds its company's name and address: `fields` of the record are readable by
 * whoever reads the parent; the rest of the record needs its own scope (src/graphql/read-guards.ts).
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
 * Who reads some record type, `node(id:)`'s callers (each then finds only the types it reads): any
 * secret key, since users are read by every one, and a key of either kind with a public read scope.
 */
export const readsSomeRecord: ScopeMap = [...new Set(Object.values<ScopeMap>(readScopes).flatMap((map) => (map.publicScope ? [map.publicScope] : [])))].reduce<ScopeMap>(
  (map, publicScope) => ({ publicScope, $any: map }),
  { secretKey: true },
);

/**
 * Field-level guard of a list or connection of `type` that every reader of its parent reads (a
 * deal's activities): its count and page info are the type's data too. A list that some readers
 * of the parent may not read is `refusedAloneUnless` instead.
 */
export const listOf = (type: RecordType) => ({ authScopes: readScopes[type] });

