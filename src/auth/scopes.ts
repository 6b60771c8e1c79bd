/** Every scope a key pair can carry, with what it grants (the spec's, then ours for what it leaves open). */
export const Scopes = {
  'leads.lead.read': 'List and retrieve leads.',
  'leads.lead.write': 'Create and update leads.',
  pipeline: 'Read and write pipeline deals, pipelines, stages and activities.',
  'bookings.read': 'List resources, list bookings, check availability.',
  'bookings.manage': 'Create and cancel bookings.',
  'bookings.resources.manage': 'Create and update bookable resources.',
  'companies.read': 'List and retrieve companies and sites.',
  'companies.write': 'Create and update companies and sites.',
  'contacts.read': 'List and retrieve contacts.',
  'contacts.write': 'Create and update contacts.',
  'inspections.read': 'List and retrieve inspections.',
  'inspections.write': 'Create and update inspections.',
  'invoices.read': 'List and retrieve invoices.',
  'invoices.write': 'Update invoices and record their transitions.',
  'settings.manage': 'Manage tenant settings such as custom fields.',
  'webhooks.manage': 'Manage webhook endpoints: add, change and remove them, rotate their secrets, see and retry their deliveries.',
} as const;

export type Scope = keyof typeof Scopes;

export const allScopes = Object.keys(Scopes) as Scope[];

export const isScope = (value: string): value is Scope => Object.hasOwn(Scopes, value);
