import type { GraphQLSchema } from 'graphql';
import type { CORSOptions } from 'graphql-yoga';
import { declaredScopes } from '../graphql/access.js';
import { routeField, routePattern, type RestRoutes } from './rest.js';

/**
 * CORS answers. The public operations (those a publishable key may call: the booking widget's
 * resources, availability and booking) answer any origin, without credentials, since a website
 * calls them from the guest's browser with its publishable key. Every other path keeps Yoga's
 * default.
 */
export function corsPolicy(schema: GraphQLSchema, routes: RestRoutes) {
  const publicRoutes = Object.entries(routes)
    .filter(([key]) => declaredScopes(routeField(schema, key))?.publicScope)
    .map(([, route]) => ({ pattern: routePattern(route), method: route.method }));
  return (request: Request): CORSOptions => {
    const { pathname } = new URL(request.url);
    const methods = publicRoutes.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
    if (!methods.length) return {};
    return { origin: '*', credentials: false, methods, allowedHeaders: ['Authorization', 'Content-Type'], maxAge: 600 };
  };
}
