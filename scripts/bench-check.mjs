// Every benchmark run once at a tiny size, so that a product change that breaks one fails
// `npm test` with the benchmark's name (its figures are not looked at: speed is measured by
// running it at its own size, bench/README.md). Run alone: `node scripts/bench-check.mjs [name…]`.
// Benchmarks on PostgreSQL use TEST_DATABASE_URL's server (scratch databases made there and
// dropped); without it they are skipped, with the reason printed. Those needing a browser use
// the system Chromium at their smallest scope (Lighthouse itself is not run: `npx` would fetch
// it); without Chromium they are skipped likewise. Figures go to a temporary folder, never over
// the committed bench/results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const tsx = (file, ...args) => ['node', ['--import', 'tsx', file, ...args]];
const node = (file, ...args) => ['node', [file, ...args]];

/**
 * Each benchmark entry: `name`, its tiny `command` ([program, args]), the `env` it adds, and
 * whether it needs PostgreSQL (`postgres`: 'only' skips it without; 'optional' runs its
 * embedded part then) or Chromium (`browser`).
 */
export function benchmarks(postgres = process.env.TEST_DATABASE_URL) {
  const both = postgres ? 'pglite,postgres' : 'pglite';
  return [
    { name: 'startup', command: node('bench/startup.mjs', '1') },
    {
      name: 'external-api',
      command: node('bench/external-api.mjs', '1', '2'),
      env: { BENCH_ROUNDS: '1', BENCH_DATABASES: postgres ? '' : 'pglite' },
      postgres: 'optional',
    },
    { name: 'web-bundle', command: node('bench/web-bundle.mjs') },
    { name: 'lighthouse', command: node('bench/lighthouse.mjs', '0'), browser: true },
    { name: 'reference-first-screen', command: node('bench/reference-first-screen.mjs', '1'), browser: true },
    { name: 'people', command: node('bench/people.mjs', '1000', '5'), postgres: 'only' },
    { name: 'events', command: node('bench/events.mjs', '2000', '5'), postgres: 'only' },
    { name: 'request-log', command: node('bench/request-log.mjs', '2000', '5'), postgres: 'only' },
    { name: 'scim embedded', command: node('bench/scim.mjs', '20', '2', 'embedded'), env: { BENCH_WARMUP: '5' } },
    { name: 'scim postgres', command: node('bench/scim.mjs', '20', '2', 'postgres'), env: { BENCH_WARMUP: '5' }, postgres: 'only' },
    { name: 'webhooks', command: node('bench/webhooks.mjs', '20', '20', '50'), postgres: 'only' },
    { name: 'load embedded', command: node('bench/load/run.mjs', 'embedded', '1', '4', '200') },
    { name: 'load postgres', command: node('bench/load/run.mjs', 'postgres', '1', '4', '200'), postgres: 'only' },
    { name: 'user-import', command: node('bench/user-import/run.mjs', '200', both), postgres: 'optional' },
    {
      name: 'analytics-reports',
      // Without its 64 MB heap cap: the check is that it runs; whether generation fits the cap is
      // what its own run measures (bench/README.md).
      command: ['node', ['--expose-gc', '--import', 'tsx', 'bench/analytics-reports.ts', '400']],
      postgres: 'optional',
    },
    { name: 'events-overhead', command: tsx('bench/events-overhead.ts', '5'), env: { BENCH_WARMUP: '2' }, postgres: 'only' },
    { name: 'housekeeping', command: tsx('bench/housekeeping.ts', '200'), postgres: 'optional' },
    { name: 'organizations', command: tsx('bench/organizations.ts', '20', '200', '50'), postgres: 'optional' },
    { name: 'sign-in-timing', command: tsx('bench/sign-in-timing.ts', '2'), postgres: 'optional' },
    { name: 'sso-sign-ins', command: tsx('bench/sso-sign-ins.ts', '3', '2'), postgres: 'only' },
  ];
}

/** Files of bench/ that are not run alone: shared code, and what a benchmark starts itself. */
export const HELPERS = ['lib.mjs', 'measure.ts', 'bare-server.mjs', 'webhooks-events.ts', 'user-import/generate.mjs'];

/** The .mjs and .ts files of bench/ and its folders that neither the list nor HELPERS name: a new benchmark must join one. */
export function unlisted() {
  const listed = new Set([
    ...HELPERS,
    ...benchmarks('postgres://listed').map((b) => b.command[1].find((a) => a.startsWith('bench/')).slice(6)),
  ]);
  const dir = path.join(root, 'bench');
  const files = fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return [e.name];
    if (!e.isDirectory() || e.name === 'node_modules' || e.name === 'results') return [];
    return fs.readdirSync(path.join(dir, e.name)).map((f) => `${e.name}/${f}`);
  });
  return files.filter((f) => /\.(mjs|ts)$/.test(f) && !f.endsWith('.d.ts') && !listed.has(f));
}

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Runs benchmark `b` as `check` runs a command (a name, and whether it passed); a reason
 * instead when it cannot run here.
 */
export function skipReason(b, postgres = process.env.TEST_DATABASE_URL) {
  if (b.postgres === 'only' && !postgres) return 'needs PostgreSQL: TEST_DATABASE_URL is not set';
  if (b.browser && !fs.existsSync(chromium)) return `needs Chromium: ${chromium} is missing`;
  return undefined;
}

/** Runs one benchmark at its tiny size; true when it exited 0. */
export function runBenchmark(b, resultsDir, postgres = process.env.TEST_DATABASE_URL) {
  const [program, args] = b.command;
  const env = {
    BENCH_RESULTS_DIR: resultsDir,
    CHROME_PATH: chromium,
    ...(postgres ? { BENCH_DATABASE_URL: postgres } : { BENCH_DATABASE_URL: '' }),
    // The servers they start wait for the embedded database as long as a loaded CI machine
    // needs, rather than answering 503 after half a second: the check is of what works.
    DATABASE_QUEUE_WAIT_MS: '120000',
    ...b.env,
  };
  // Ten minutes at most: a benchmark that hangs fails rather than holding the suite. `timeout`
  // signals its whole process group, so the servers and browsers it started go with it.
  return run('timeout', ['--kill-after=10', '600', program, ...args], { env }) === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-check-'));
  let failed = 0;
  for (const f of unlisted()) {
    console.log(`bench/${f}: neither a benchmark of scripts/bench-check.mjs nor a helper`);
    failed++;
  }
  for (const b of benchmarks().filter((x) => only.length === 0 || only.includes(x.name))) {
    const reason = skipReason(b);
    if (reason) {
      console.log(`\n=== bench ${b.name}: skipped, ${reason}`);
      continue;
    }
    console.log(`\n=== bench ${b.name}`);
    const started = performance.now();
    const ok = runBenchmark(b, resultsDir);
    console.log(`=== bench ${b.name}: ${ok ? 'ok' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (!ok) failed++;
  }
  fs.rmSync(resultsDir, { recursive: true, force: true });
  process.exit(failed === 0 ? 0 : 1);
}
