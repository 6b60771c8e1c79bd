import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations run through scripts/migrations.ts (WASM schema engine).
export default defineConfig({
  schema: 'prisma/schema.prisma',
});
