import { printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';
import { buildOpenApi } from '../src/http/openapi.js';
import { restRoutes } from '../src/http/routes.js';

/** The published schema artifacts, by path relative to the project root, rendered from the code. */
export function renderSchemaArtifacts(): Record<string, string> {
  return {
    'schema/schema.graphql': `${printSchema(schema)}\n`,
    'schema/openapi.json': `${JSON.stringify(buildOpenApi(schema, restRoutes), null, 2)}\n`,
  };
}
