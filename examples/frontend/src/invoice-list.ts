import type { Client, RequestPolicy } from '@urql/core';
import { graphql } from './gql/index.js';
import type { InvoiceStatus } from './gql/graphql.js';

/** Invoices to chase: the given statuses, soonest due first (invoices without a due date last). */
export const InvoicesByDueDateQuery = graphql(`
  query InvoicesByDueDate($status: [InvoiceStatus!], $first: Int = 25) {
    invoices(filter: { status: $status }, orderBy: [{ field: DUE_DATE, direction: ASC }], first: $first) {
      totalCount
      nodes { id invoiceNumber status dueDate totalAmount balanceDue company { ...CompanyName } }
    }
  }
`);

export interface InvoiceRow {
  number: string;
  company: string;
  dueDate: string | null;
  balanceDue: string;
}

export async function invoicesByDueDate(client: Client, status: InvoiceStatus[], requestPolicy?: RequestPolicy): Promise<InvoiceRow[]> {
  const result = await client.query(InvoicesByDueDateQuery, { status }, { requestPolicy }).toPromise();
  if (result.error) throw result.error;
  return (result.data?.invoices.nodes ?? []).map((invoice) => ({
    number: invoice.invoiceNumber,
    company: invoice.company.name,
    dueDate: invoice.dueDate ?? null,
    balanceDue: invoice.balanceDue,
  }));
}
