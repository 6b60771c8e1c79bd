import type { RestRoutes } from '../graphql/operations.js';

export const customFieldRoutes: RestRoutes = {
  'Query.customFieldDefinitions': {
    method: 'GET',
    path: '/custom-fields',
    summary: "List an entity's custom field definitions",
    envelope: 'data',
    select: '{ key label type required options order }',
  },
};
