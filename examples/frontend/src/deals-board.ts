import type { Client, RequestPolicy } from '@urql/core';
import { graphql } from './gql/index.js';

/**
 * A pipeline's board: a column per stage, in order, with the number and value of all its deals
 * and its newest deals, each with its company (the shared `CompanyName` fragment), contact and owner.
 */
export const DealsBoardQuery = graphql(`
  query DealsBoard($pipelineId: UUID!, $perStage: Int = 20) {
    pipelineStages(filter: { pipelineId: $pipelineId }, orderBy: [{ field: POSITION, direction: ASC }], first: 50) {
      nodes {
        id
        name
        deals(first: $perStage, orderBy: [{ field: CREATED_AT, direction: DESC }]) {
          aggregate { id count sum { id value } }
          nodes {
            id
            name
            value
            company { ...CompanyName }
            contact { id firstName lastName }
            owner { id name }
          }
        }
      }
    }
  }
`);

export interface BoardColumn {
  stage: string;
  dealCount: number;
  /** The sum of the stage's deal values (all of them, not only the cards shown), a decimal string. */
  value: string;
  cards: { id: string; name: string; value: string | null; company: string; contact: string | null; owner: string | null }[];
}

export async function dealsBoard(client: Client, pipelineId: string, requestPolicy?: RequestPolicy): Promise<BoardColumn[]> {
  const result = await client.query(DealsBoardQuery, { pipelineId }, { requestPolicy }).toPromise();
  if (result.error) throw result.error;
  return (result.data?.pipelineStages.nodes ?? []).map((stage) => ({
    stage: stage.name,
    dealCount: stage.deals.aggregate.count,
    value: stage.deals.aggregate.sum.value,
    cards: stage.deals.nodes.map((deal) => ({
      id: deal.id,
      name: deal.name,
      value: deal.value ?? null,
      company: deal.company.name,
      contact: deal.contact ? `${deal.contact.firstName} ${deal.contact.lastName}` : null,
      owner: deal.owner?.name ?? null,
    })),
  }));
}
