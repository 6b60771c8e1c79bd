import type { RestRoutes } from '../graphql/operations.js';

// The specification's shapes: list items carry summaries of the nested objects, the detail more.
const stage = 'stage { id name color probability isClosedWon isClosedLost }';
const dealFields = 'id name value probability expectedCloseDate actualCloseDate status lostReason products { name quantity unitPrice } notes createdAt';
const listItem = `${dealFields} company { id name } contact { id firstName lastName } ${stage} owner { id name }`;
const activity = 'id type description activityDate user { id name email role }';
const detail = `${dealFields} customFields updatedAt company { id name phone email } contact { id firstName lastName email phone role } ${stage} site { id name address city state } owner { id name email } activities(first: 20) { nodes { ${activity} } }`;

export const dealRoutes: RestRoutes = {
  'Query.deals': { method: 'GET', path: '/v1/pipeline/deals', summary: 'List deals', select: `{ ${listItem} }`, list: { paging: 'page', filters: { stageId: 'stageId', status: 'status', companyId: 'companyId', ownerId: 'ownerId' } } },
  'Mutation.createDeal': { method: 'POST', path: '/v1/pipeline/deals', summary: 'Create a deal', status: 201, envelope: 'data', select: `{ ${detail} }` },
  'Query.deal': { method: 'GET', path: '/v1/pipeline/deals/:id', summary: 'Get a deal', envelope: 'data', select: `{ ${detail} }` },
  'Mutation.updateDeal': { method: 'PATCH', path: '/v1/pipeline/deals/:id', summary: 'Update or move a deal', envelope: 'data', select: `{ ${detail} }` },
  'Mutation.logDealActivity': { method: 'POST', path: '/v1/pipeline/deals/:dealId/activities', summary: 'Log an activity on a deal', status: 201, envelope: 'data', select: `{ ${activity} }` },
};
