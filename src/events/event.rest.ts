import type { RestRoutes } from '../graphql/operations.js';

const event = 'id type createdAt data';

export const eventRoutes: RestRoutes = {
  'Query.events': {
    method: 'GET',
    path: '/events',
    summary: 'List events',
    select: `{ ${event} }`,
    list: { paging: 'cursor', cursorParameter: 'after', filters: { type: 'type' }, repeatable: ['type'] },
  },
  'Query.event': { method: 'GET', path: '/events/:id', summary: 'Get an event', envelope: 'data', select: `{ ${event} }` },
};
