import type { GraphQLSchema } from 'graphql';
import { Kind } from 'graphql';
import { useSofa } from 'sofa-api';
import type { RestRoutes } from './rest.js';
import { REST_BASE_PATH, sofaRoutes } from './rest.js';
import { routeDocument, selectionJsonSchema } from './rest-documents.js';

type Json = Record<string, unknown>;
type Operation = {
  parameters?: (Json & { name: string; in: string; schema?: Json })[];
  requestBody?: { content: { 'application/json': { schema: { properties?: Record<string, Json> } } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: Json } } }>;
  description?: string;
  security?: Json[];
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The REST surface as OpenAPI 3: SOFA's document for the routed operations, corrected to what the
 * server really does: full `/api` paths, the JSON body as the input object itself, `{data}`
 * envelopes, optional parameters with their defaults, bearer auth and the error answers.
 */
export function buildOpenApi(schema: GraphQLSchema, routes: RestRoutes): Json {
  const router = useSofa({
    basePath: REST_BASE_PATH,
    schema,
    routes: sofaRoutes(routes),
    openAPI: {
      info: {
        title: 'Business Platform API',
        version: '1.0.0',
        description: 'Leads, pipeline deals, companies and contacts, bookings, inspections and invoices. Every request acts for the tenant that owns its API key.',
      },
    },
  });
  const document = structuredClone(router.openAPIDocument) as unknown as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas: Json } };
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [key, route] of Object.entries(routes)) {
    const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
    const method = route.method.toLowerCase();
    const operation = document.paths[openApiPath]?.[method];
    if (!operation) throw new Error(`SOFA produced no operation for ${key}`);
    const [typeName, fieldName] = key.split('.') as [string, string];
    const field = (typeName === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[fieldName];
    const args = field?.args ?? [];
    operation.parameters = operation.parameters
      ?.filter((p) => p.name !== 'input')
      .map((p) => {
        const arg = args.find((a) => a.name === p.name);
        return arg?.defaultValue === undefined ? p : { ...p, required: false, schema: { ...p.schema, default: arg.defaultValue } };
      });
    const input = operation.requestBody?.content['application/json'].schema.properties?.input;
    if (operation.requestBody && input) operation.requestBody.content['application/json'].schema = input;
    const status = String(route.status ?? 200);
    const success = operation.responses[status];
    const routeDoc = field ? routeDocument(typeName, field, route) : undefined;
    const rootSelection = routeDoc?.definitions[0]?.kind === Kind.OPERATION_DEFINITION ? routeDoc.definitions[0].selectionSet.selections[0] : undefined;
    if (success?.content && field && rootSelection?.kind === Kind.FIELD) {
      success.content['application/json'].schema = selectionJsonSchema(schema, field.type, rootSelection.selectionSet);
    }
    if (route.envelope && success?.content) {
      const inner = success.content['application/json'].schema;
      success.content['application/json'].schema = { type: 'object', required: ['data'], properties: { data: inner } };
    }
    if (success) success.description ||= route.status === 201 ? 'Created' : 'OK';
    operation.responses['400'] = errorResponse('Invalid input: `details` names each field and what is wrong with it.');
    operation.responses['401'] = errorResponse('Missing, malformed, unknown, revoked or expired API key.');
    operation.responses['403'] = errorResponse('The key lacks the scope (publishable keys only reach public operations).');
    if (route.path.includes(':') || route.method !== 'GET') operation.responses['404'] = errorResponse('No such record in the tenant of the key.');
    operation.security = [{ bearerAuth: [] }];
    (paths[`${REST_BASE_PATH}${openApiPath}`] ??= {})[method] = operation;
  }
  document.paths = paths;
  delete document.servers;
  document.components = {
    ...document.components,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `sk_live_...` (secret) or `pk_live_...` (publishable).' } },
    schemas: {
      ...document.components.schemas,
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: { type: 'string', description: 'HTTP reason phrase, such as "Bad Request" or "Not Found".' },
          message: { type: 'string', description: 'What went wrong, for people.' },
          details: {
            type: 'array',
            items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
          },
        },
      },
    },
  };
  return document;
}
