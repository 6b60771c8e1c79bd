import { CustomFieldDefinitionRef } from '../custom-fields/custom-field.graphql.js';
import { customFieldsInputDescription } from '../custom-fields/custom-field.rules.js';
import { builder } from '../graphql/builder.js';
import { inputChecks } from '../graphql/input-checks.js';
import { fixedList } from '../graphql/limits.js';
import { recordPayload } from '../graphql/mutation-payload.js';
import { optionalText, requiredText } from '../shared/validation.js';
import { MAX_DEFINITIONS_PER_ENTITY } from '../custom-fields/custom-field.rules.js';
import { LeadSourceEnum } from './lead.graphql.js';
import { checkNewLead } from './lead.service.js';
import { CHALLENGE_LIFETIME_MS } from './lead-form-proof.js';
import { type LeadFormReceipt, leadFormOf, submitLeadForm } from './lead-form.service.js';

/** A website's lead form: a publishable key (or a secret one) with `leads.lead.write`, which creates leads and reads none. */
const leadFormAccess = { publicScope: 'leads.lead.write' } as const;

const LeadFormChallenge = builder.objectRef<{ algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number }>('LeadFormChallenge').implement({
  description: `An ALTCHA proof-of-work challenge (protocol v1, SHA-256): find the \`number\` from 0 to \`maxnumber\` for which SHA-256(\`salt\` + number), in hex, is \`challenge\`; then send {algorithm, challenge, number, salt, signature} as base64-encoded JSON in \`altcha\`. It expires ${CHALLENGE_LIFETIME_MS / 60_000} minutes after it is issued and is accepted once.`,
  fields: (t) => ({
    algorithm: t.exposeString('algorithm', { description: 'The hash: `SHA-256`.' }),
    challenge: t.exposeString('challenge', { description: 'The hash to find, in hex.' }),
    salt: t.exposeString('salt', { description: 'What the number is appended to before hashing (it carries the expiry).' }),
    signature: t.exposeString('signature', { description: "The server's signature of the challenge, sent back unchanged." }),
    maxnumber: t.int({ description: 'The largest number the challenge may hide.', resolve: (challenge) => challenge.maxnumber ?? 0 }),
  }),
});

const LeadForm = builder.objectRef<Awaited<ReturnType<typeof leadFormOf>>>('LeadForm').implement({
  description: "What a website's lead form renders: the tenant's lead custom fields, and a proof-of-work challenge to solve while the visitor types.",
  fields: (t) => ({
    fields: t.field({
      type: [CustomFieldDefinitionRef],
      ...fixedList(MAX_DEFINITIONS_PER_ENTITY),
      description: "The tenant's custom fields of leads, in display order (`order`, then `key`), after the form's own fields (first name, last name, email, phone, company, message).",
      resolve: (form) => form.fields,
    }),
    challenge: t.field({ type: LeadFormChallenge, description: 'A fresh challenge; fetch the form again for another.', resolve: (form) => form.challenge }),
  }),
});

const LeadFormReceiptRef = builder.objectRef<LeadFormReceipt>('LeadFormReceipt').implement({
  description: 'That a lead form was received: the lead it created, and nothing of what the tenant does with it.',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID', description: 'Id of the lead created.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was received (ISO 8601, UTC).' }),
  }),
});

const LeadFormAttributionInput = builder.inputType('LeadFormAttributionInput', {
  description: 'Where on the host page the lead came from, kept in the lead\'s `sourceAttribution` (only the values given).',
  fields: (t) => ({
    pageUrl: t.string({ description: 'The address of the page the form is on (at most 2000 characters).', validate: optionalText(2000) }),
    referrer: t.string({ description: "The page's referrer (at most 2000 characters).", validate: optionalText(2000) }),
    utm_source: t.string({ description: 'The `utm_source` campaign parameter of the page (at most 200 characters).', validate: optionalText(200) }),
    utm_medium: t.string({ description: 'The `utm_medium` campaign parameter (at most 200 characters).', validate: optionalText(200) }),
    utm_campaign: t.string({ description: 'The `utm_campaign` campaign parameter (at most 200 characters).', validate: optionalText(200) }),
    utm_term: t.string({ description: 'The `utm_term` campaign parameter (at most 200 characters).', validate: optionalText(200) }),
    utm_content: t.string({ description: 'The `utm_content` campaign parameter (at most 200 characters).', validate: optionalText(200) }),
  }),
});

const LeadFormInput = builder.inputType('LeadFormInput', {
  description: "A visitor's lead form. It sets only what a visitor may: the lead starts as `new`, unassigned.",
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'First name, at most 255 characters.', validate: requiredText(255) }),
    lastName: t.string({ required: true, description: 'Last name, at most 255 characters.', validate: requiredText(255) }),
    email: t.field({ type: 'EmailAddress', required: true, description: 'Email address: required here, so the business can answer.', validate: requiredText(320) }),
    phone: t.string({ description: 'Phone number, at most 50 characters.', validate: optionalText(50) }),
    companyName: t.string({ description: 'Company name, at most 255 characters.', validate: optionalText(255) }),
    message: t.string({ description: "The visitor's message, kept as the lead's `notes` (at most 10000 characters).", validate: optionalText(10_000, 'multiline') }),
    customFields: t.field({ type: 'JSONObject', description: customFieldsInputDescription(false) }),
    source: t.field({ type: LeadSourceEnum, description: 'Where the lead came from. Default `web_form`.' }),
    sourceAttribution: t.field({ type: LeadFormAttributionInput, description: 'Page address, referrer and `utm_*` parameters of the host page.' }),
    altcha: t.string({
      description: 'The solved challenge of `leadForm` (see `LeadFormChallenge`), as base64-encoded JSON. Required with a publishable key; a secret key sends none.',
      validate: optionalText(2000),
    }),
    website: t.string({
      description: 'A honeypot: render it hidden from people and leave it empty. When filled, the answer looks like a success but no lead is created.',
      validate: optionalText(2000),
    }),
  }),
});

builder.queryFields((t) => ({
  leadForm: t.field({
    type: LeadForm,
    description: "The tenant's lead form for a website: the custom fields to render and a proof-of-work challenge. For publishable keys with `leads.lead.write`, which may send the form and nothing else of leads.",
    authScopes: leadFormAccess,
    resolve: (_root, _args, ctx) => leadFormOf(ctx),
  }),
}));

const SubmitLeadFormPayload = recordPayload('submitLeadForm', 'receipt', LeadFormReceiptRef);

builder.mutationFields((t) => ({
  submitLeadForm: t.field({
    type: SubmitLeadFormPayload,
    description:
      "Creates a lead from a website's form (status `new`, source `web_form` unless given), with the same checks, `lead.created` event and webhooks as `createLead`, answering only its id. With a publishable key the `altcha` proof of work is required (BAD_USER_INPUT when missing, forged, expired or used before), and each client address may send a few per hour (`RATE_LIMIT_PUBLIC_LEADS_PER_HOUR`, then 429). A secret key (a server relaying its own form) needs no proof.",
    authScopes: leadFormAccess,
    args: { input: t.arg({ type: LeadFormInput, required: true, description: 'The form.' }) },
    ...inputChecks((ctx, input) => checkNewLead(ctx, { customFields: input.customFields as never })),
    resolve: (_root, { input }, ctx) => submitLeadForm(ctx, input),
  }),
}));
