import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    // Each file opens its own database (in-memory PGlite, or a fresh PostgreSQL database).
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
