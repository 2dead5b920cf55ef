import { defineConfig } from 'drizzle-kit';

// Options live here, not on the command line: drizzle-kit CLI flags replace this file.
export default defineConfig({
  dialect: 'postgresql',
  // Every feature keeps its tables beside it (features/*/*-schema.ts); src/db/schema.ts holds the catalogue.
  schema: ['./src/db/schema.ts', './src/features/*/*-schema.ts'],
  out: './migrations',
  strict: true,
  verbose: false,
});
