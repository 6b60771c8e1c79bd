import type { CodegenConfig } from '@graphql-codegen/cli';

/** How operations are typed: scalars as they travel in JSON, enums as string unions. */
const typed = {
  plugins: ['typescript-operations', 'typed-document-node'],
  config: {
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
    enumsAsTypes: true,
    avoidOptionals: { field: true, inputValue: false },
  },
};

/**
 * Types GraphQL operations against the published schema: the tests' (test/operations/) and the
 * dashboard's (src/dashboard/operations/), each into typed documents their code imports.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  generates: {
    'test/generated/operations.ts': { ...typed, documents: ['test/operations/**/*.graphql'] },
    'src/dashboard/generated/operations.ts': { ...typed, documents: ['src/dashboard/operations/**/*.graphql'] },
  },
};

export default config;
