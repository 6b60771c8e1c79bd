// The peer's targets: PostGraphile 5 (bench/peer/server.ts) serving the leads page and the nested
// deals page with its own GraphQL queries, reading what the plain handler reads for the bench
// tenant: the same columns, the deals with their company, contact, stage and owner, in the same
// order, with the same page information (`hasNextPage`/`endCursor` for leads, a total for deals).
// Its JSON differs from the product's, so `checkPeer` compares which rows it answers, not values.
import type { Target } from '../load.js';
import { PAGE } from '../suites.js';
import { fetchJson, type Json } from '../verify.js';

export const PEER_NAME = 'PostGraphile 5 (no auth)';

export interface PeerRead {
  target: Target;
  /** The root field whose `nodes` hold the page's rows. */
  field: string;
}

const LEAD_COLUMNS = `rowId firstName lastName email phone companyName status source channelType intent notes assignedTo
  sourceAttribution customFields createdAt updatedAt`;
const DEAL_COLUMNS = `rowId name value probability expectedCloseDate actualCloseDate status lostReason products notes createdAt
  companyByCompanyId { rowId name }
  contactByContactId { rowId firstName lastName }
  pipelineStageByStageId { rowId name color probability isClosedWon isClosedLost }
  userByOwnerId { rowId name }`;

/** The peer's reads of the leads and deals pages of `tenantId`, newest first as the plain handler's. */
export function peerReads(peerBase: string, tenantId: string): PeerRead[] {
  const read = (suite: Target['suite'], field: string, columns: string, pageMembers: string): PeerRead => ({
    field,
    target: {
      name: `${suite}: ${PEER_NAME}`,
      suite,
      server: 'peer',
      url: `${peerBase}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: `{ ${field}(first: ${PAGE}, orderBy: [CREATED_AT_DESC, ROW_ID_DESC], condition: { tenantId: ${JSON.stringify(tenantId)} }) { nodes { ${columns} } ${pageMembers} } }`,
      }),
    },
  });
  return [
    read('leads', 'allLeads', LEAD_COLUMNS, 'pageInfo { hasNextPage endCursor }'),
    read('deals', 'allDeals', DEAL_COLUMNS, 'totalCount'),
  ];
}

const idsOf = (rows: Json | undefined, key: string): string[] | null =>
  Array.isArray(rows) ? rows.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? String(row[key]) : '')) : null;

/**
 * One request to the peer: it must answer 200 without errors, with as many rows as the plain
 * handler's body (`{ data: [...] }`) and the same ids in the same order; throws otherwise. Returns
 * the body, which every warm-up answer must then repeat.
 */
export async function checkPeer({ target, field }: PeerRead, plainBody: Json): Promise<string> {
  const answer = await fetchJson(target.url, { method: target.method, headers: target.headers, body: target.body });
  const body = answer.json as { data?: { [field: string]: { nodes?: Json } | null }; errors?: Json } | null;
  if (answer.status !== 200 || !body?.data?.[field] || body.errors) {
    throw new Error(`${target.name} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  const plainRows = plainBody && typeof plainBody === 'object' && !Array.isArray(plainBody) ? plainBody.data : undefined;
  const expected = idsOf(plainRows, 'id');
  const actual = idsOf(body.data[field]?.nodes, 'rowId');
  if (!expected?.length || !actual || actual.join() !== expected.join()) {
    throw new Error(`${target.name} does not answer the plain handler's rows: ids ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
  }
  return answer.text;
}
