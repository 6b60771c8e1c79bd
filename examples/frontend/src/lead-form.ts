import type { Client } from '@urql/core';
import { graphql } from './gql/index.js';
import type { CreateLeadInput } from './gql/graphql.js';

export const CreateLeadMutation = graphql(`
  mutation CreateLeadForm($input: CreateLeadInput!) {
    createLead(input: $input) {
      lead { id firstName lastName }
      userErrors { field message code }
    }
  }
`);

/** Every problem of the input at once, by form field (`["input", "email"]` → `email`; `form` for the whole form). */
export type FieldErrors = Record<string, string[]>;

export async function submitLead(client: Client, input: CreateLeadInput): Promise<{ id: string } | { errors: FieldErrors }> {
  const result = await client.mutation(CreateLeadMutation, { input }).toPromise();
  // Authentication, scopes and outages are top-level errors; the form's own problems are data.
  if (result.error) return { errors: { form: [result.error.message] } };
  const { lead, userErrors } = result.data!.createLead;
  if (lead) return { id: lead.id };
  const errors: FieldErrors = {};
  for (const { field, message } of userErrors) (errors[field?.slice(1).join('.') || 'form'] ??= []).push(message);
  return { errors };
}
