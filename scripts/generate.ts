import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { prismaGenerate, root } from './prisma-generate.js';

/**
 * `npm run generate` regenerates every generated artifact in dependency order: the Prisma client
 * and Pothos types (from prisma/schema.prisma); then the GraphQL SDL and the OpenAPI document
 * (from the code, imported only now so it sees the fresh client); then the typed test operations.
 */
prismaGenerate(root);
const { renderOpenApiTypes, renderSchemaArtifacts } = await import('./artifacts.js');
const artifacts = renderSchemaArtifacts();
artifacts['test/generated/openapi.ts'] = await renderOpenApiTypes(artifacts['schema/openapi.json'] ?? '');
for (const [path, content] of Object.entries(artifacts)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}
execFileSync(join(root, 'node_modules/.bin/graphql-codegen'), ['--config', join(root, 'codegen.ts'), '--silent'], { stdio: 'inherit', cwd: root });
process.stdout.write('generated src/generated/, schema/schema.graphql, schema/openapi.json, test/generated/ (operations and OpenAPI types)\n');
