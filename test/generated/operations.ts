/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar. */
  Date: { input: string; output: string; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar. */
  DateTime: { input: string; output: string; }
  /** A decimal number as a string, such as "1234.50". Used for money, quantities and rates; never a JSON number. */
  Decimal: { input: string; output: string; }
  /** A field whose value conforms to the standard internet email address format as specified in HTML Spec: https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address. */
  EmailAddress: { input: string; output: string; }
  /** The `JSONObject` scalar type represents JSON objects as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }
  /** A field whose value is a generic Universally Unique Identifier: https://en.wikipedia.org/wiki/Universally_unique_identifier. */
  UUID: { input: string; output: string; }
};

/** A customer organisation. Contacts, sites, deals, inspections and invoices belong to a company. */
export type Company = {
  __typename?: 'Company';
  /** Street address. */
  address: Maybe<Scalars['String']['output']>;
  /** City. */
  city: Maybe<Scalars['String']['output']>;
  /** When the company was created (ISO 8601, UTC). */
  createdAt: Scalars['DateTime']['output'];
  /** Values of the tenant's custom fields for companies, by key. */
  customFields: Scalars['JSONObject']['output'];
  /** Main email address. */
  email: Maybe<Scalars['EmailAddress']['output']>;
  /** Company id. */
  id: Scalars['UUID']['output'];
  /** Company name (at most 200 characters). */
  name: Scalars['String']['output'];
  /** Main phone number. */
  phone: Maybe<Scalars['String']['output']>;
  /** Postal code. */
  postalCode: Maybe<Scalars['String']['output']>;
  /** State or region. */
  state: Maybe<Scalars['String']['output']>;
  /** When the company last changed (ISO 8601, UTC). */
  updatedAt: Scalars['DateTime']['output'];
};

/** One page of companies, by name, with the total across all pages. */
export type CompanyPage = {
  __typename?: 'CompanyPage';
  /** The companies, by name of this page. */
  data: Array<Company>;
  /** This page number, 1-based. */
  page: Scalars['Int']['output'];
  /** Maximum rows per page (the `limit` asked for). */
  pageSize: Scalars['Int']['output'];
  /** Number of matching rows across all pages. */
  total: Scalars['Int']['output'];
};

/** A person who belongs to a company. At most one contact per company is its primary contact. */
export type Contact = {
  __typename?: 'Contact';
  /** Id of the company the contact belongs to. */
  companyId: Scalars['UUID']['output'];
  /** When the contact was created (ISO 8601, UTC). */
  createdAt: Scalars['DateTime']['output'];
  /** Values of the tenant's custom fields for contacts, by key. */
  customFields: Scalars['JSONObject']['output'];
  /** Email address. */
  email: Maybe<Scalars['EmailAddress']['output']>;
  /** First name (at most 100 characters). */
  firstName: Scalars['String']['output'];
  /** Contact id. */
  id: Scalars['UUID']['output'];
  /** Whether this is the company's primary contact. */
  isPrimary: Scalars['Boolean']['output'];
  /** Last name (at most 100 characters). */
  lastName: Scalars['String']['output'];
  /** Internal notes. */
  notes: Maybe<Scalars['String']['output']>;
  /** Phone number (at most 50 characters). */
  phone: Maybe<Scalars['String']['output']>;
  /** Job title (at most 100 characters). */
  role: Maybe<Scalars['String']['output']>;
  /** When the contact last changed (ISO 8601, UTC). */
  updatedAt: Scalars['DateTime']['output'];
};

/** One page of contacts, by last then first name, with the total across all pages. */
export type ContactPage = {
  __typename?: 'ContactPage';
  /** The contacts, by last then first name of this page. */
  data: Array<Contact>;
  /** This page number, 1-based. */
  page: Scalars['Int']['output'];
  /** Maximum rows per page (the `limit` asked for). */
  pageSize: Scalars['Int']['output'];
  /** Number of matching rows across all pages. */
  total: Scalars['Int']['output'];
};

/** A new company. */
export type CreateCompanyInput = {
  /** Street address, at most 500 characters. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** City, at most 100 characters. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Custom field values by key; required ones must be present. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Main email address. */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** Company name, at most 200 characters. */
  name: Scalars['String']['input'];
  /** Main phone number, at most 50 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Postal code, at most 20 characters. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** State or region, at most 100 characters. */
  state?: InputMaybe<Scalars['String']['input']>;
};

/** A new contact of a company. */
export type CreateContactInput = {
  /** Id of a company of the tenant. */
  companyId: Scalars['UUID']['input'];
  /** Custom field values by key; required ones must be present. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Email address (validated). */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** First name, at most 100 characters. */
  firstName: Scalars['String']['input'];
  /** Make this the company's primary contact (the previous primary stops being one). */
  isPrimary?: InputMaybe<Scalars['Boolean']['input']>;
  /** Last name, at most 100 characters. */
  lastName: Scalars['String']['input'];
  /** Internal notes. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Phone number, at most 50 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Job title, at most 100 characters. */
  role?: InputMaybe<Scalars['String']['input']>;
};

/** A new lead. Its status starts as `new`. */
export type CreateLeadInput = {
  /** Id of a user of the tenant to assign the lead to. */
  assignedTo?: InputMaybe<Scalars['UUID']['input']>;
  /** Free-text channel detail. */
  channelType?: InputMaybe<Scalars['String']['input']>;
  /** Company name, at most 255 characters. */
  companyName?: InputMaybe<Scalars['String']['input']>;
  /** Custom field values by key. Every custom field the tenant marked required must be present. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Email address. */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** First name, at most 255 characters. */
  firstName: Scalars['String']['input'];
  /** What the lead wants. */
  intent?: InputMaybe<Scalars['String']['input']>;
  /** Last name, at most 255 characters. */
  lastName: Scalars['String']['input'];
  /** Internal notes. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Phone number, at most 50 characters. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Where the lead came from. Default `web_form`. */
  source?: InputMaybe<LeadSource>;
  /** Free-form attribution metadata (campaign parameters and the like). */
  sourceAttribution?: InputMaybe<Scalars['JSONObject']['input']>;
};

/** An inbound prospect, captured from a web form, a referral, a chat, a call or an import. */
export type Lead = {
  __typename?: 'Lead';
  /** Id of the user the lead is assigned to. */
  assignedTo: Maybe<Scalars['UUID']['output']>;
  /** Free-text channel detail, such as the form or campaign name. */
  channelType: Maybe<Scalars['String']['output']>;
  /** Company the lead works for, as given (at most 255 characters). */
  companyName: Maybe<Scalars['String']['output']>;
  /** When the lead was created (ISO 8601, UTC). */
  createdAt: Scalars['DateTime']['output'];
  /** Values of the tenant's custom fields for leads, by key. */
  customFields: Scalars['JSONObject']['output'];
  /** Email address. */
  email: Maybe<Scalars['EmailAddress']['output']>;
  /** First name (at most 255 characters). */
  firstName: Scalars['String']['output'];
  /** Lead id. */
  id: Scalars['UUID']['output'];
  /** What the lead wants, in their words or a summary. */
  intent: Maybe<Scalars['String']['output']>;
  /** Last name (at most 255 characters). */
  lastName: Scalars['String']['output'];
  /** Internal notes. */
  notes: Maybe<Scalars['String']['output']>;
  /** Phone number (at most 50 characters). */
  phone: Maybe<Scalars['String']['output']>;
  /** Where the lead came from; `web_form` unless given. */
  source: LeadSource;
  /** Free-form attribution metadata, such as campaign (UTM) parameters. */
  sourceAttribution: Maybe<Scalars['JSONObject']['output']>;
  /** Qualification status; `new` on creation. */
  status: LeadStatus;
  /** When the lead last changed (ISO 8601, UTC). */
  updatedAt: Scalars['DateTime']['output'];
};

/** One page of leads, newest first. Continue while `hasMore` is true, passing `nextCursor` as `cursor`. */
export type LeadPage = {
  __typename?: 'LeadPage';
  /** The leads of this page. */
  data: Array<Lead>;
  /** Whether another page follows. */
  hasMore: Scalars['Boolean']['output'];
  /** Cursor of the next page; null on the last page. */
  nextCursor: Maybe<Scalars['String']['output']>;
};

/** The channel a lead came from. */
export type LeadSource =
  /** A chat with an AI or human agent. */
  | 'agent_chat'
  /** Imported in bulk. */
  | 'import'
  /** An inbound phone call. */
  | 'inbound_call'
  /** Created by an AI agent through MCP. */
  | 'mcp'
  /** Referred by someone. */
  | 'referral'
  /** A form on a website. */
  | 'web_form';

/** Where a lead stands in qualification. */
export type LeadStatus =
  /** Initial outreach sent. */
  | 'contacted'
  /** Converted to a deal or contact. */
  | 'converted'
  /** Does not meet the criteria. */
  | 'disqualified'
  /** Previously engaged, now lost. */
  | 'lost'
  /** Just created and not actioned. */
  | 'new'
  /** Meets the criteria. */
  | 'qualified'
  /** Qualification in progress. */
  | 'qualifying';

/** Write operations. Every field acts for the tenant that owns the API key. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Creates a company. Scope `companies.write`. */
  createCompany: Company;
  /** Creates a contact of a company. Scope `contacts.write`. */
  createContact: Contact;
  /** Creates a lead with status `new`. Scope `leads.lead.write`. */
  createLead: Lead;
  /** Changes a company. Scope `companies.write`. */
  updateCompany: Company;
  /** Changes a contact. Scope `contacts.write`. */
  updateContact: Contact;
  /** Changes a lead (status, assignment, notes, ...). Scope `leads.lead.write`. */
  updateLead: Lead;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationCreateCompanyArgs = {
  input: CreateCompanyInput;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationCreateContactArgs = {
  input: CreateContactInput;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationCreateLeadArgs = {
  input: CreateLeadInput;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationUpdateCompanyArgs = {
  id: Scalars['UUID']['input'];
  input: UpdateCompanyInput;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationUpdateContactArgs = {
  id: Scalars['UUID']['input'];
  input: UpdateContactInput;
};


/** Write operations. Every field acts for the tenant that owns the API key. */
export type MutationUpdateLeadArgs = {
  id: Scalars['UUID']['input'];
  input: UpdateLeadInput;
};

/** Read operations. Every field acts for the tenant that owns the API key. */
export type Query = {
  __typename?: 'Query';
  /** Companies of the tenant by name, page by page. Scope `companies.read`. */
  companies: CompanyPage;
  /** One company by id; a NOT_FOUND error when it does not exist in the tenant. Scope `companies.read`. */
  company: Maybe<Company>;
  /** One contact by id; a NOT_FOUND error when it does not exist in the tenant. Scope `contacts.read`. */
  contact: Maybe<Contact>;
  /** Contacts of the tenant by name, page by page. Scope `contacts.read`. */
  contacts: ContactPage;
  /** One lead by id; a NOT_FOUND error when it does not exist in the tenant. Scope `leads.lead.read`. */
  lead: Maybe<Lead>;
  /** Leads of the tenant, newest first, with cursor pagination. Scope `leads.lead.read`. */
  leads: LeadPage;
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryCompaniesArgs = {
  limit?: Scalars['Int']['input'];
  page?: Scalars['Int']['input'];
  search?: InputMaybe<Scalars['String']['input']>;
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryCompanyArgs = {
  id: Scalars['UUID']['input'];
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryContactArgs = {
  id: Scalars['UUID']['input'];
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryContactsArgs = {
  companyId?: InputMaybe<Scalars['UUID']['input']>;
  limit?: Scalars['Int']['input'];
  page?: Scalars['Int']['input'];
  search?: InputMaybe<Scalars['String']['input']>;
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryLeadArgs = {
  id: Scalars['UUID']['input'];
};


/** Read operations. Every field acts for the tenant that owns the API key. */
export type QueryLeadsArgs = {
  assignedTo?: InputMaybe<Scalars['UUID']['input']>;
  cursor?: InputMaybe<Scalars['String']['input']>;
  limit?: Scalars['Int']['input'];
  status?: InputMaybe<LeadStatus>;
};

/** Changes to a company. Absent fields do not change; `null` clears a nullable field. */
export type UpdateCompanyInput = {
  /** Street address, at most 500 characters; null clears. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** City, at most 100 characters; null clears. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Main email address; null clears. */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** Company name, at most 200 characters. Cannot be null. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Main phone number, at most 50 characters; null clears. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Postal code, at most 20 characters; null clears. */
  postalCode?: InputMaybe<Scalars['String']['input']>;
  /** State or region, at most 100 characters; null clears. */
  state?: InputMaybe<Scalars['String']['input']>;
};

/** Changes to a contact. Absent fields do not change; `null` clears a nullable field. */
export type UpdateContactInput = {
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Email address; null clears. */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** First name, at most 100 characters. Cannot be null. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** true makes this the company's primary contact (clearing the previous one); false unmarks it. Cannot be null. */
  isPrimary?: InputMaybe<Scalars['Boolean']['input']>;
  /** Last name, at most 100 characters. Cannot be null. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Internal notes; null clears. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Phone number, at most 50 characters; null clears. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Job title, at most 100 characters; null clears. */
  role?: InputMaybe<Scalars['String']['input']>;
};

/** Changes to a lead. Absent fields do not change; `null` clears a nullable field. */
export type UpdateLeadInput = {
  /** Id of a user of the tenant; null unassigns. */
  assignedTo?: InputMaybe<Scalars['UUID']['input']>;
  /** Free-text channel detail; null clears. */
  channelType?: InputMaybe<Scalars['String']['input']>;
  /** Company name, at most 255 characters; null clears. */
  companyName?: InputMaybe<Scalars['String']['input']>;
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: InputMaybe<Scalars['JSONObject']['input']>;
  /** Email address; null clears. */
  email?: InputMaybe<Scalars['EmailAddress']['input']>;
  /** First name, at most 255 characters. Cannot be null. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** What the lead wants; null clears. */
  intent?: InputMaybe<Scalars['String']['input']>;
  /** Last name, at most 255 characters. Cannot be null. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Internal notes; null clears. */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Phone number, at most 50 characters; null clears. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Where the lead came from. Cannot be null. */
  source?: InputMaybe<LeadSource>;
  /** Attribution metadata; null clears. */
  sourceAttribution?: InputMaybe<Scalars['JSONObject']['input']>;
  /** New qualification status. Cannot be null. */
  status?: InputMaybe<LeadStatus>;
};

/** A new company. */
export type CreateCompanyInput = {
  /** Street address, at most 500 characters. */
  address?: string | null | undefined;
  /** City, at most 100 characters. */
  city?: string | null | undefined;
  /** Custom field values by key; required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Main email address. */
  email?: string | null | undefined;
  /** Company name, at most 200 characters. */
  name: string;
  /** Main phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Postal code, at most 20 characters. */
  postalCode?: string | null | undefined;
  /** State or region, at most 100 characters. */
  state?: string | null | undefined;
};

/** A new contact of a company. */
export type CreateContactInput = {
  /** Id of a company of the tenant. */
  companyId: string;
  /** Custom field values by key; required ones must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address (validated). */
  email?: string | null | undefined;
  /** First name, at most 100 characters. */
  firstName: string;
  /** Make this the company's primary contact (the previous primary stops being one). */
  isPrimary?: boolean | null | undefined;
  /** Last name, at most 100 characters. */
  lastName: string;
  /** Internal notes. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Job title, at most 100 characters. */
  role?: string | null | undefined;
};

/** A new lead. Its status starts as `new`. */
export type CreateLeadInput = {
  /** Id of a user of the tenant to assign the lead to. */
  assignedTo?: string | null | undefined;
  /** Free-text channel detail. */
  channelType?: string | null | undefined;
  /** Company name, at most 255 characters. */
  companyName?: string | null | undefined;
  /** Custom field values by key. Every custom field the tenant marked required must be present. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address. */
  email?: string | null | undefined;
  /** First name, at most 255 characters. */
  firstName: string;
  /** What the lead wants. */
  intent?: string | null | undefined;
  /** Last name, at most 255 characters. */
  lastName: string;
  /** Internal notes. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters. */
  phone?: string | null | undefined;
  /** Where the lead came from. Default `web_form`. */
  source?: LeadSource | null | undefined;
  /** Free-form attribution metadata (campaign parameters and the like). */
  sourceAttribution?: Record<string, unknown> | null | undefined;
};

/** The channel a lead came from. */
export type LeadSource =
  /** A chat with an AI or human agent. */
  | 'agent_chat'
  /** Imported in bulk. */
  | 'import'
  /** An inbound phone call. */
  | 'inbound_call'
  /** Created by an AI agent through MCP. */
  | 'mcp'
  /** Referred by someone. */
  | 'referral'
  /** A form on a website. */
  | 'web_form';

/** Where a lead stands in qualification. */
export type LeadStatus =
  /** Initial outreach sent. */
  | 'contacted'
  /** Converted to a deal or contact. */
  | 'converted'
  /** Does not meet the criteria. */
  | 'disqualified'
  /** Previously engaged, now lost. */
  | 'lost'
  /** Just created and not actioned. */
  | 'new'
  /** Meets the criteria. */
  | 'qualified'
  /** Qualification in progress. */
  | 'qualifying';

/** Changes to a company. Absent fields do not change; `null` clears a nullable field. */
export type UpdateCompanyInput = {
  /** Street address, at most 500 characters; null clears. */
  address?: string | null | undefined;
  /** City, at most 100 characters; null clears. */
  city?: string | null | undefined;
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Main email address; null clears. */
  email?: string | null | undefined;
  /** Company name, at most 200 characters. Cannot be null. */
  name?: string | null | undefined;
  /** Main phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Postal code, at most 20 characters; null clears. */
  postalCode?: string | null | undefined;
  /** State or region, at most 100 characters; null clears. */
  state?: string | null | undefined;
};

/** Changes to a contact. Absent fields do not change; `null` clears a nullable field. */
export type UpdateContactInput = {
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address; null clears. */
  email?: string | null | undefined;
  /** First name, at most 100 characters. Cannot be null. */
  firstName?: string | null | undefined;
  /** true makes this the company's primary contact (clearing the previous one); false unmarks it. Cannot be null. */
  isPrimary?: boolean | null | undefined;
  /** Last name, at most 100 characters. Cannot be null. */
  lastName?: string | null | undefined;
  /** Internal notes; null clears. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Job title, at most 100 characters; null clears. */
  role?: string | null | undefined;
};

/** Changes to a lead. Absent fields do not change; `null` clears a nullable field. */
export type UpdateLeadInput = {
  /** Id of a user of the tenant; null unassigns. */
  assignedTo?: string | null | undefined;
  /** Free-text channel detail; null clears. */
  channelType?: string | null | undefined;
  /** Company name, at most 255 characters; null clears. */
  companyName?: string | null | undefined;
  /** Replaces all custom field values (required ones must be present). Cannot be null. */
  customFields?: Record<string, unknown> | null | undefined;
  /** Email address; null clears. */
  email?: string | null | undefined;
  /** First name, at most 255 characters. Cannot be null. */
  firstName?: string | null | undefined;
  /** What the lead wants; null clears. */
  intent?: string | null | undefined;
  /** Last name, at most 255 characters. Cannot be null. */
  lastName?: string | null | undefined;
  /** Internal notes; null clears. */
  notes?: string | null | undefined;
  /** Phone number, at most 50 characters; null clears. */
  phone?: string | null | undefined;
  /** Where the lead came from. Cannot be null. */
  source?: LeadSource | null | undefined;
  /** Attribution metadata; null clears. */
  sourceAttribution?: Record<string, unknown> | null | undefined;
  /** New qualification status. Cannot be null. */
  status?: LeadStatus | null | undefined;
};

export type CompaniesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  search?: string | null | undefined;
}>;


export type CompaniesQuery = { companies: { total: number, page: number, pageSize: number, data: Array<{ id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }> } };

export type CompanyQueryVariables = Exact<{
  id: string;
}>;


export type CompanyQuery = { company: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateCompanyMutationVariables = Exact<{
  input: CreateCompanyInput;
}>;


export type CreateCompanyMutation = { createCompany: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type UpdateCompanyMutationVariables = Exact<{
  id: string;
  input: UpdateCompanyInput;
}>;


export type UpdateCompanyMutation = { updateCompany: { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type ContactsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  companyId?: string | null | undefined;
  search?: string | null | undefined;
}>;


export type ContactsQuery = { contacts: { total: number, page: number, pageSize: number, data: Array<{ id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }> } };

export type ContactQueryVariables = Exact<{
  id: string;
}>;


export type ContactQuery = { contact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateContactMutationVariables = Exact<{
  input: CreateContactInput;
}>;


export type CreateContactMutation = { createContact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type UpdateContactMutationVariables = Exact<{
  id: string;
  input: UpdateContactInput;
}>;


export type UpdateContactMutation = { updateContact: { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type CompanyFieldsFragment = { id: string, name: string, phone: string | null, email: string | null, address: string | null, city: string | null, state: string | null, postalCode: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export type ContactFieldsFragment = { id: string, companyId: string, firstName: string, lastName: string, email: string | null, phone: string | null, role: string | null, isPrimary: boolean, notes: string | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export type LeadsQueryVariables = Exact<{
  limit?: number | null | undefined;
  cursor?: string | null | undefined;
  status?: LeadStatus | null | undefined;
  assignedTo?: string | null | undefined;
}>;


export type LeadsQuery = { leads: { nextCursor: string | null, hasMore: boolean, data: Array<{ id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string }> } };

export type LeadQueryVariables = Exact<{
  id: string;
}>;


export type LeadQuery = { lead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } | null };

export type CreateLeadMutationVariables = Exact<{
  input: CreateLeadInput;
}>;


export type CreateLeadMutation = { createLead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type UpdateLeadMutationVariables = Exact<{
  id: string;
  input: UpdateLeadInput;
}>;


export type UpdateLeadMutation = { updateLead: { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string } };

export type LeadFieldsFragment = { id: string, firstName: string, lastName: string, email: string | null, phone: string | null, companyName: string | null, status: LeadStatus, source: LeadSource, channelType: string | null, intent: string | null, notes: string | null, assignedTo: string | null, sourceAttribution: Record<string, unknown> | null, customFields: Record<string, unknown>, createdAt: string, updatedAt: string };

export const CompanyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompanyFieldsFragment, unknown>;
export const ContactFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactFieldsFragment, unknown>;
export const LeadFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadFieldsFragment, unknown>;
export const CompaniesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Companies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"companies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompaniesQuery, CompaniesQueryVariables>;
export const CompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Company"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CompanyQuery, CompanyQueryVariables>;
export const CreateCompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCompany"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCompanyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCompany"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateCompanyMutation, CreateCompanyMutationVariables>;
export const UpdateCompanyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateCompany"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCompanyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCompany"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CompanyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CompanyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Company"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateCompanyMutation, UpdateCompanyMutationVariables>;
export const ContactsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Contacts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"companyId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"companyId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"companyId"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactsQuery, ContactsQueryVariables>;
export const ContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Contact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ContactQuery, ContactQueryVariables>;
export const CreateContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateContactInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createContact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateContactMutation, CreateContactMutationVariables>;
export const UpdateContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateContactInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateContact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ContactFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Contact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"companyId"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateContactMutation, UpdateContactMutationVariables>;
export const LeadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Leads"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LeadStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"assignedTo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"leads"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"assignedTo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"assignedTo"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadsQuery, LeadsQueryVariables>;
export const LeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Lead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<LeadQuery, LeadQueryVariables>;
export const CreateLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<CreateLeadMutation, CreateLeadMutationVariables>;
export const UpdateLeadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateLead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UUID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateLeadInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateLead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LeadFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LeadFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Lead"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"channelType"}},{"kind":"Field","name":{"kind":"Name","value":"intent"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"assignedTo"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAttribution"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UpdateLeadMutation, UpdateLeadMutationVariables>;