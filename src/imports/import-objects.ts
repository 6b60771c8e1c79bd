import type { Scope } from '../auth/scopes.js';
import type { CreationType } from '../events/event-log.js';
import { createCompany, updateCompany } from '../companies/company.service.js';
import { createContact, updateContact } from '../contacts/contact.service.js';
import type { CustomFieldEntity, ImportObject } from '../generated/prisma/enums.js';
import type { Context } from '../graphql/context.js';
import { createLead, updateLead } from '../leads/lead.service.js';

/**
 * What an import of each kind of record goes through: the create and update mutations' input
 * types (their validation, run on every row as on a single request: src/graphql/input-problems.ts)
 * and the services behind them (their checks, events and rules), never a second set of rules.
 */
export interface ImportObjectSpec {
  /** The table its records live in, for matching rows to records on an upsert. */
  table: 'Lead' | 'Contact' | 'Company';
  /** The scope a key needs to import it: the scope that creates one. */
  scope: Scope;
  /** The scope a key needs to read an import's rows too: they hold the records' data, as the records do. */
  readScope: Scope;
  customFieldEntity: CustomFieldEntity;
  /** The mutation that creates one, whose input checks (references, custom fields) report a row's problems with its formats'. */
  createField: string;
  createInput: string;
  updateInput: string;
  /** The one field an upsert may match rows on (case-insensitively, trimmed). */
  matchOn: string;
  /** Columns naming a reference by name, as the field they fill (a contact's `companyName`: its `companyId`). */
  lookups?: Record<string, { field: string }>;
  /** Values a row takes when its file does not give them. */
  defaults: Record<string, unknown>;
  /**
   * The event its creation records, when a batch may gather its creations into one statement
   * (`EventLog.gathering`): absent for contacts, whose rule of one primary contact per company
   * reads the contacts created before it.
   */
  gatheredCreation?: CreationType;
  create(ctx: Context, input: never): Promise<{ id: string }>;
  update(ctx: Context, id: string, patch: never): Promise<{ id: string }>;
}

export const importObjects: Record<ImportObject, ImportObjectSpec> = {
  leads: {
    table: 'Lead',
    scope: 'leads.lead.write',
    readScope: 'leads.lead.read',
    customFieldEntity: 'lead',
    createField: 'createLead',
    createInput: 'CreateLeadInput',
    updateInput: 'UpdateLeadInput',
    matchOn: 'email',
    // The specification's lead source for records that came from a file.
    defaults: { source: 'import' },
    gatheredCreation: 'lead.created',
    create: createLead,
    update: updateLead,
  },
  contacts: {
    table: 'Contact',
    scope: 'contacts.write',
    readScope: 'contacts.read',
    customFieldEntity: 'contact',
    createField: 'createContact',
    createInput: 'CreateContactInput',
    updateInput: 'UpdateContactInput',
    matchOn: 'email',
    lookups: { companyName: { field: 'companyId' } },
    defaults: {},
    create: createContact,
    update: updateContact,
  },
  companies: {
    table: 'Company',
    scope: 'companies.write',
    readScope: 'companies.read',
    customFieldEntity: 'company',
    createField: 'createCompany',
    createInput: 'CreateCompanyInput',
    updateInput: 'UpdateCompanyInput',
    matchOn: 'name',
    defaults: {},
    gatheredCreation: 'company.created',
    create: createCompany,
    update: updateCompany,
  },
};

/** The column the rows' CSV download adds, left out when that file is imported again. */
export const ERROR_COLUMN = 'error';

export const importObjectNames = Object.keys(importObjects) as ImportObject[];
