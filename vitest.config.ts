import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql ships both ESM and CJS; CJS dependencies (graphql-scalars) load the CJS copy, so the
  // tests must too, or graphql sees two "different" GraphQLScalarType classes.
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    include: ['test/**/*.test.ts'],
    // Compiles the server once: tests that start one as a process start `npm start`'s dist/ build.
    globalSetup: ['scripts/build.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    // Each file opens its own database (in-memory PGlite, or a fresh PostgreSQL database).
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
