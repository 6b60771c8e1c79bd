import type { Client, RequestPolicy } from '@urql/core';
import { graphql } from './gql/index.js';
import { byField, type FieldErrors } from './form-errors.js';

/** A company's page: its name (the shared fragment), how to reach it, and its newest deals. */
export const CompanyPageQuery = graphql(`
  query CompanyPage($id: UUID!) {
    company(id: $id) {
      ...CompanyName
      phone
      email
      city
      deals(first: 20, orderBy: [{ field: CREATED_AT, direction: DESC }]) {
        totalCount
        nodes { id name value status stage { id name } }
      }
    }
  }
`);

export const RenameCompanyMutation = graphql(`
  mutation RenameCompany($id: UUID!, $name: String!) {
    updateCompany(id: $id, input: { name: $name }) {
      company { ...CompanyName }
      userErrors { field message code }
    }
  }
`);

export interface CompanyPage {
  name: string;
  phone: string | null;
  /** Null for a key that may not read deals (the company itself still shows). */
  deals: { count: number; rows: { id: string; name: string; stage: string; value: string | null }[] } | null;
}

/** The page, or null for a company that does not exist (or is not the key's to read). */
export async function companyPage(client: Client, id: string, requestPolicy?: RequestPolicy): Promise<CompanyPage | null> {
  const result = await client.query(CompanyPageQuery, { id }, { requestPolicy }).toPromise();
  if (result.error) throw result.error;
  const company = result.data?.company;
  if (!company) return null;
  return {
    name: company.name,
    phone: company.phone ?? null,
    deals: company.deals
      ? {
          count: company.deals.totalCount,
          rows: company.deals.nodes.map((deal) => ({ id: deal.id, name: deal.name, stage: deal.stage.name, value: deal.value ?? null })),
        }
      : null,
  };
}

/**
 * Renames a company in one mutation. Its answer carries the company's `id` and new `name`, so
 * Graphcache writes them into the `Company:id` record every screen reads: nothing to refetch.
 */
export async function renameCompany(client: Client, id: string, name: string): Promise<{ name: string } | { errors: FieldErrors }> {
  const result = await client.mutation(RenameCompanyMutation, { id, name }).toPromise();
  if (result.error) return { errors: { form: [result.error.message] } };
  const { company, userErrors } = result.data!.updateCompany;
  return company ? { name: company.name } : { errors: byField(userErrors) };
}
