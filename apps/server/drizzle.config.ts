import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the tables of src/db/schema/ (one file per module); they are applied from code at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './src/db/migrations',
});
