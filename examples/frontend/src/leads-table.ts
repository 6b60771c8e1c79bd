import type { Client } from '@urql/core';
import { graphql } from './gql/index.js';
import type { LeadOrder, LeadFilter } from './gql/graphql.js';

/** A table of leads: one page at a time, sorted and filtered, moving by cursor either way. */
export const LeadsTableQuery = graphql(`
  query LeadsTable($first: Int, $after: String, $last: Int, $before: String, $orderBy: [LeadOrder!], $filter: LeadFilter) {
    leads(first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy, filter: $filter) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      nodes { id firstName lastName email status source createdAt assignee { id name } }
    }
  }
`);

export interface TablePage {
  rows: { id: string; name: string; email: string | null; status: string; createdAt: string }[];
  total: number;
  next: string | null;
  previous: string | null;
}

export async function leadsPage(client: Client, options: { size: number; orderBy: LeadOrder[]; filter: LeadFilter; after?: string; before?: string }): Promise<TablePage> {
  const paging = options.before ? { last: options.size, before: options.before } : { first: options.size, after: options.after };
  const result = await client.query(LeadsTableQuery, { ...paging, orderBy: options.orderBy, filter: options.filter }).toPromise();
  if (result.error) throw result.error;
  const leads = result.data?.leads;
  if (!leads) return { rows: [], total: 0, next: null, previous: null };
  return {
    rows: leads.nodes.map((lead) => ({ id: lead.id, name: `${lead.firstName} ${lead.lastName}`, email: lead.email ?? null, status: lead.status, createdAt: lead.createdAt })),
    total: leads.totalCount,
    next: leads.pageInfo.hasNextPage ? (leads.pageInfo.endCursor ?? null) : null,
    previous: leads.pageInfo.hasPreviousPage ? (leads.pageInfo.startCursor ?? null) : null,
  };
}

/** The newest qualified referrals, as a screen would ask for them. */
export const qualifiedReferrals = (client: Client) =>
  leadsPage(client, { size: 25, orderBy: [{ field: 'CREATED_AT', direction: 'DESC' }], filter: { status: ['qualified'], source: ['referral'] } });
