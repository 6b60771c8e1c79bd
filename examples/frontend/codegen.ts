import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL Code Generator's `client` preset over the published schema: typed documents from the
 * `graphql()` calls in src/, and `persisted-documents.json` (hash → document) to register as the
 * key pair's trusted documents (`npm run cli -- documents register ...`). `urql-introspection`
 * writes the schema's shape (minified) for Graphcache's schema awareness (src/client.ts).
 */
const config: CodegenConfig = {
  schema: '../../schema/schema.graphql',
  documents: ['src/**/*.ts'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { persistedDocuments: true, fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        scalars: {
          UUID: 'string',
          Date: 'string',
          DateTime: 'string',
          DateOrDateTime: 'string',
          EmailAddress: 'string',
          JSONObject: 'Record<string, unknown>',
          Money: 'string',
          Quantity: 'string',
          Rate: 'string',
        },
      },
    },
    'src/gql/introspection.ts': { plugins: ['urql-introspection'], config: { useTypeImports: true } },
  },
};

export default config;
