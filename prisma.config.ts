import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations run through scripts/db.ts (WASM engine).
export default defineConfig({
  schema: 'prisma/schema.prisma',
});
