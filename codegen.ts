import type { CodegenConfig } from '@graphql-codegen/cli';

/** Types the tests' GraphQL operations (test/operations/*.graphql) against the published schema. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/operations/**/*.graphql'],
  generates: {
    'test/generated/operations.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
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
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false },
      },
    },
  },
};

export default config;
