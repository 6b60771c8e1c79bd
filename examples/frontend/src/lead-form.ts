import type { Client } from '@urql/core';
import { graphql } from './gql/index.js';
import type { CreateLeadInput } from './gql/graphql.js';
import { byField, type FieldErrors } from './form-errors.js';

export const CreateLeadMutation = graphql(`
  mutation CreateLeadForm($input: CreateLeadInput!) {
    createLead(input: $input) {
      lead { id firstName lastName }
      userErrors { field message code }
    }
  }
`);

export async function submitLead(client: Client, input: CreateLeadInput): Promise<{ id: string } | { errors: FieldErrors }> {
  const result = await client.mutation(CreateLeadMutation, { input }).toPromise();
  // Authentication, scopes and outages are top-level errors; the form's own problems are data.
  if (result.error) return { errors: { form: [result.error.message] } };
  const { lead, userErrors } = result.data!.createLead;
  return lead ? { id: lead.id } : { errors: byField(userErrors) };
}
