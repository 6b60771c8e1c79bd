import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * GraphQL Code Generator's `client` preset over the published schema: typed documents from the
 * `graphql()` calls in src/, and `persisted-documents.json` (hash → document) to register as the
 * key pair's trusted documents (`npm run cli -- documents register ...`).
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
          EmailAddress: 'string',
          JSONObject: 'Record<string, unknown>',
          Money: 'string',
          Quantity: 'string',
          Rate: 'string',
        },
      },
    },
  },
};

export default config;
