import { defineConfig } from 'vitest/config';

// The database suites run once per database: TEST_DB=pglite (default) or TEST_DB=postgres
// with TEST_DATABASE_URL (see scripts/test.mjs). Each test file gets its own database.
// *.process.test.ts start real server processes on the embedded database: once is enough.
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: onPostgres ? ['src/**/*.process.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on this 2-core machine, which then
    // idles while a file waits on PostgreSQL, a peer server or a timer. Two keep both busy.
    maxWorkers: 2,
    // A worker imports the server once for all its files, not once per file (two to three
    // seconds each): every file builds its own app on its own database, and the server keeps no
    // state in its modules that one app could leave to the next.
    isolate: false,
    // As the server runs (scripts/start.mjs): no Object.prototype.__proto__ accessor.
    execArgv: ['--disable-proto=delete'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
