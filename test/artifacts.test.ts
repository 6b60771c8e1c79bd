import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../codegen.js';
import { renderOpenApiTypes, renderSchemaArtifacts } from '../scripts/artifacts.js';
import { prismaGenerateScratch, root } from '../scripts/prisma-generate.js';

const stale = 'is stale: run `npm run generate` and commit the result';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('generated artifacts', () => {
  it('schema/schema.graphql and schema/openapi.json match the code', () => {
    for (const [path, content] of Object.entries(renderSchemaArtifacts())) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} ${stale}`).toBe(content);
    }
  });

  it('the committed Prisma client matches prisma/schema.prisma', () => {
    const scratch = prismaGenerateScratch();
    const generated = join(scratch, 'src/generated');
    const committed = join(root, 'src/generated');
    const names = (dir: string) => filesUnder(dir).map((f) => relative(dir, f)).sort();
    expect(names(committed)).toEqual(names(generated));
    for (const name of names(generated)) {
      expect(readFileSync(join(committed, name), 'utf8'), `src/generated/${name} ${stale}`).toBe(readFileSync(join(generated, name), 'utf8'));
    }
  });

  it('the OpenAPI types the typed REST client is checked against match schema/openapi.json', async () => {
    const types = await renderOpenApiTypes(readFileSync(join(root, 'schema/openapi.json'), 'utf8'));
    expect(readFileSync(join(root, 'test/generated/openapi.ts'), 'utf8'), `test/generated/openapi.ts ${stale}`).toBe(types);
  });

  it("the typed operations (the tests' and the dashboard's) match the schema", async () => {
    const outputs = await generate({ ...codegenConfig, cwd: root, silent: true }, false);
    expect((outputs as { filename: string }[]).map((output) => output.filename).sort()).toEqual(Object.keys(codegenConfig.generates).sort());
    for (const output of outputs as { filename: string; content: string }[]) expect(readFileSync(join(root, output.filename), 'utf8'), `${output.filename} ${stale}`).toBe(output.content);
  });
});
