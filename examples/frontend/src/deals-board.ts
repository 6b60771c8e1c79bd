import type { Client, RequestPolicy } from '@urql/core';
import { graphql } from './gql/index.js';

/**
 * A pipeline's board: a column per stage, in order, with the stage's deals, each with its
 * company (the shared `CompanyName` fragment), contact and owner.
 */
export const DealsBoardQuery = graphql(`
  query DealsBoard($pipelineId: UUID!, $perStage: Int = 20) {
    pipelineStages(filter: { pipelineId: $pipelineId }, orderBy: [{ field: POSITION, direction: ASC }], first: 50) {
      nodes {
        id
        name
        deals(first: $perStage, orderBy: [{ field: CREATED_AT, direction: DESC }]) {
          totalCount
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
  cards: { id: string; name: string; value: string | null; company: string; contact: string | null; owner: string | null }[];
}

export async function dealsBoard(client: Client, pipelineId: string, requestPolicy?: RequestPolicy): Promise<BoardColumn[]> {
  const result = await client.query(DealsBoardQuery, { pipelineId }, { requestPolicy }).toPromise();
  if (result.error) throw result.error;
  return (result.data?.pipelineStages.nodes ?? []).map((stage) => ({
    stage: stage.name,
    dealCount: stage.deals.totalCount,
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
