import type { Client } from '@urql/core';
import { graphql } from './gql/index.js';
import type { CreateLeadInput } from './gql/graphql.js';

export const CreateLeadMutation = graphql(`
  mutation CreateLeadForm($input: CreateLeadInput!) {
    createLead(input: $input) { id firstName lastName }
  }
`);

/** Every problem of the input at once, by form field (`["input", "email"]` → `email`). */
export type FieldErrors = Record<string, string[]>;

export async function submitLead(client: Client, input: CreateLeadInput): Promise<{ id: string } | { errors: FieldErrors }> {
  const result = await client.mutation(CreateLeadMutation, { input }).toPromise();
  const created = result.data?.createLead;
  if (created) return { id: created.id };
  const errors: FieldErrors = {};
  for (const error of result.error?.graphQLErrors ?? []) {
    const details = (error.extensions.details as { field: string; message: string }[] | undefined) ?? [{ field: '', message: error.message }];
    for (const { field, message } of details) {
      const key = field.replace(/^input\.?/, '') || 'form';
      (errors[key] ??= []).push(message);
    }
  }
  return { errors };
}
