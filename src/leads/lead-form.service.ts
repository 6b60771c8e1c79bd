import { uuidv7 } from 'uuidv7';
import { listCustomFieldDefinitions } from '../custom-fields/custom-field.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { LeadSource } from '../generated/prisma/enums.js';
import { type Context, principalOf } from '../graphql/context.js';
import { logger } from '../shared/logger.js';
import { checkNewLead, createLead, type NewLead } from './lead.service.js';
import { newChallenge, spendProof } from './lead-form-proof.js';

/** Where on the host page a lead came from, as the form reads it. */
export interface LeadFormAttribution {
  pageUrl?: string | null;
  referrer?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
}

/** What a website's lead form sends: only what a visitor may set, never a status, an owner or an assignee. */
export interface LeadFormSubmission {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  companyName?: string | null;
  /** The visitor's message, kept as the lead's notes. */
  message?: string | null;
  customFields?: Prisma.InputJsonObject | null;
  source?: LeadSource | null;
  sourceAttribution?: LeadFormAttribution | null;
  /** The ALTCHA payload solving the form's challenge (required with a publishable key). */
  altcha?: string | null;
  /** The honeypot: a field people never see, so never fill. */
  website?: string | null;
}

/** What the sender of a lead form may know of the lead it created: that it exists, not what the tenant does with it. */
export interface LeadFormReceipt {
  id: string;
  createdAt: Date;
}

/** The form a website renders: the tenant's lead custom fields in display order, and a fresh proof-of-work challenge. */
export async function leadFormOf(ctx: Context) {
  const [fields, challenge] = await Promise.all([listCustomFieldDefinitions(ctx, 'lead'), newChallenge(ctx.prisma, principalOf(ctx).tenantId, ctx.now())]);
  return { fields, challenge };
}

/** The lead a submission makes: the visitor's fields, and only the attribution values given. */
export function leadOf(input: LeadFormSubmission): NewLead {
  const attribution = Object.fromEntries(Object.entries(input.sourceAttribution ?? {}).filter(([, value]) => value != null && value !== ''));
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    companyName: input.companyName,
    notes: input.message,
    customFields: input.customFields,
    source: input.source ?? 'web_form',
    sourceAttribution: Object.keys(attribution).length ? (attribution as Prisma.InputJsonObject) : null,
  };
}

/**
 * Creates a lead from a website's form, through the lead service (its checks, its `lead.created`
 * event and webhooks). With a publishable key the proof of work must be solved; it is spent only
 * once the form's input has passed the lead's checks, so a form refused for its input can be
 * corrected and sent with the same proof. A secret key (a business's own server relaying its
 * form) sends none. A filled honeypot is answered as a success, so a bot learns nothing, but
 * creates nothing.
 */
export async function submitLeadForm(ctx: Context, input: LeadFormSubmission): Promise<LeadFormReceipt> {
  const { tenantId, kind } = principalOf(ctx);
  const now = ctx.now();
  const lead = leadOf(input);
  if (!input.website) await checkNewLead(ctx, lead);
  if (kind === 'publishable') await spendProof(ctx.prisma, ctx.db, tenantId, input.altcha, now);
  if (input.website) {
    logger.info({ tenantId }, 'lead form honeypot filled; no lead created');
    return { id: uuidv7(), createdAt: now };
  }
  const created = await createLead(ctx, lead);
  return { id: created.id, createdAt: created.createdAt };
}
