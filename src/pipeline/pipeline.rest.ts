import type { RestRoutes } from '../graphql/operations.js';

const stage = 'id pipelineId name color probability position isClosedWon isClosedLost createdAt';

export const pipelineRoutes: RestRoutes = {
  'Query.pipelines': { method: 'GET', path: '/v1/pipeline/pipelines', summary: 'List pipelines with their stages', select: `{ id name createdAt stages { ${stage} } }`, list: { paging: 'page' } },
  'Mutation.createPipeline': { method: 'POST', path: '/v1/pipeline/pipelines', summary: 'Create a pipeline', status: 201, envelope: 'data', select: `{ id name createdAt stages { ${stage} } }` },
  'Query.pipelineStages': { method: 'GET', path: '/v1/pipeline/stages', summary: 'List pipeline stages', select: `{ ${stage} }`, list: { paging: 'page', filters: { pipelineId: 'pipelineId' } } },
  'Mutation.createPipelineStage': { method: 'POST', path: '/v1/pipeline/stages', summary: 'Create a pipeline stage', status: 201, envelope: 'data', select: `{ ${stage} }` },
  'Mutation.updatePipelineStage': { method: 'PATCH', path: '/v1/pipeline/stages/:id', summary: 'Update a pipeline stage', envelope: 'data', select: `{ ${stage} }` },
};
