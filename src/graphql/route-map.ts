import { keyPairRoutes } from '../auth/key-pair.rest.js';
import { bookingRoutes } from '../bookings/booking.rest.js';
import { companyRoutes } from '../companies/company.rest.js';
import { contactRoutes } from '../contacts/contact.rest.js';
import { customFieldRoutes } from '../custom-fields/custom-field.rest.js';
import { dealRoutes } from '../deals/deal.rest.js';
import { eventRoutes } from '../events/event.rest.js';
import { webhookRoutes } from '../events/webhook.rest.js';
import { inspectionRoutes } from '../inspections/inspection.rest.js';
import { invoiceRoutes } from '../invoices/invoice.rest.js';
import { importRoutes } from '../imports/import.rest.js';
import { leadRoutes } from '../leads/lead.rest.js';
import { connectedAppRoutes } from '../oauth/connected-app.rest.js';
import { pipelineRoutes } from '../pipeline/pipeline.rest.js';
import { siteRoutes } from '../sites/site.rest.js';
import { userRoutes } from '../users/user.rest.js';
import { describeOperations, type RestArea } from './operations.js';
import { schema } from './schema.js';

/**
 * The route map: every operation REST serves, by area, gathered from the domain folders as
 * src/graphql/schema.ts gathers their types. Every consumer reads it as `operations`.
 */
export const restAreas: RestArea[] = [
  { tag: 'Leads', description: 'People or businesses that may become customers, before they are qualified into deals.', routes: leadRoutes },
  { tag: 'Companies', description: 'Customer organisations; deals, contacts and sites belong to one.', routes: companyRoutes },
  { tag: 'Contacts', description: 'People at a company, one of them its primary contact.', routes: contactRoutes },
  { tag: 'Sites', description: "A company's physical locations, where work is done.", routes: siteRoutes },
  {
    tag: 'Custom fields',
    description:
      "The tenant's own fields of leads, contacts, companies, deals and invoices (each record's `customFields` object): their labels, types, options, order and whether they are required, to render forms.",
    routes: customFieldRoutes,
  },
  { tag: 'Users', description: "The tenant's staff: deal owners, technicians, managers.", routes: userRoutes },
  { tag: 'Pipelines', description: 'Sales pipelines and their ordered stages, each with a win probability.', routes: pipelineRoutes },
  { tag: 'Deals', description: 'Sales opportunities moving through a pipeline, with their activity log.', routes: dealRoutes },
  { tag: 'Bookings', description: 'Bookable resources with weekly hours and closures, their open slots, and the bookings guests make.', routes: bookingRoutes },
  {
    tag: 'Inspections',
    description:
      'Field inspections of equipment at customer sites (tenants with the inspections module): equipment and its types, checklist templates, inspections with their team, findings and photos, the review workflow and the PDF report.',
    routes: inspectionRoutes,
  },
  {
    tag: 'Invoices',
    description:
      'Invoices to companies: gap-free numbers, line items, tax and exact decimal amounts; sending by email with the PDF, payments, voiding, overdue by due date; the history and the PDF.',
    routes: invoiceRoutes,
  },
  {
    tag: 'Events',
    description:
      'What happened to the records of the tenant (`lead.created`, `deal.won`, `invoice.paid`, ...): listed here for 30 days, sent to webhook endpoints as signed POSTs (Standard Webhooks) and pushed to GraphQL subscriptions. One event, with one id, for all three.',
    routes: eventRoutes,
  },
  {
    tag: 'Webhooks',
    description:
      'Endpoints of the tenant that are sent events as signed POSTs (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`), with retries for 3 days, a delivery log, manual retries, test events and secret rotation.',
    routes: webhookRoutes,
  },
  {
    tag: 'Imports',
    description:
      'Leads, contacts and companies brought in from a spreadsheet (CSV, in any common encoding and separator) or JSON lines, as a background job: every row through the same rules and events as one create, a result for every row, the failed rows as a CSV to fix and import again.',
    routes: importRoutes,
  },
  {
    tag: 'API keys',
    description:
      "The tenant's key pairs (one publishable key for public pages, one secret key for servers): created, listed, bound to the origins whose pages may use the publishable key, rotated and revoked (scope `settings.manage`).",
    routes: keyPairRoutes,
  },
  {
    tag: 'Connected apps',
    description:
      "Apps and AI agents the tenant's users connected with OAuth, each acting as its user with the scopes consented to: listed, and revoked at once with every token issued to them (scope `settings.manage`).",
    routes: connectedAppRoutes,
  },
];

/** Every operation REST serves, described against the schema once. */
export const operations = describeOperations(schema, restAreas);
