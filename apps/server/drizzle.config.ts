import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts; they are applied from code at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
