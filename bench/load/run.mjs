// Load and soak, the proof that the console holds as a service: many signed-in clients
// browsing lists and calling the external API while a large user import runs, on loopback,
// with autocannon.
//
//   node bench/load/run.mjs embedded [seconds=15] [connections=200] [importRows=100000]
//     One server on the embedded database (PGlite, a fresh data directory, demo data):
//     1. `connections` clients on the keys list, then on the imports list, `seconds` each;
//     2. Globex's admin browsing Globex's keys list (BENCH_BROWSERS connections, default 4)
//        alone for 5 s, then while Acme's admin imports `importRows` new users.
//   node bench/load/run.mjs postgres [seconds=60] [connections=200] [importRows=1000000]
//     On PostgreSQL (a fresh database per phase on BENCH_DATABASE_URL's server, default
//     postgres://postgres@127.0.0.1:5432/test, dropped after): two API processes and one
//     worker (PROCESS_ROLE=api, api, worker; one shared DATA_DIR for the uploaded files and
//     the signing keys). 1. the import alone; 2. the same import (on a fresh database) while
//     `connections` clients, a quarter on each, load the keys list on API A, the imports list
//     on API B and the external API's workflow list on A and on B for `seconds`.
//
// Every answer's time is kept per route: p50/p99/max of all answers, and by status; errors
// are answers other than 2xx, timeouts (autocannon's 10 s) and socket errors.
// Results also go to bench/results/load-<mode>.json. BENCH_SERVER runs another build of the
// server (a path below the repository root), to compare with.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, root } from '../../scripts/lib.mjs';
import {
  apiCredentials,
  DEMO_ADMIN,
  demoAdminSession,
  followUserImport,
  resultsDir,
  scratchPostgres,
  sleep,
  startWorker as startLibWorker,
  startProcess,
  uploadUserImport,
} from '../lib.mjs';

const mode = process.argv[2] ?? 'embedded';
const embedded = mode === 'embedded';
if (!embedded && mode !== 'postgres')
  throw new Error('usage: node bench/load/run.mjs embedded|postgres [seconds] [connections] [importRows]');
const seconds = Number(process.argv[3] ?? (embedded ? 15 : 60));
const connections = Number(process.argv[4] ?? 200);
const importRows = Number(process.argv[5] ?? (embedded ? 100_000 : 1_000_000));
const browsers = Number(process.env.BENCH_BROWSERS ?? 4);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GLOBEX_ADMIN = { email: 'admin@globex.example', password: DEMO_ADMIN.password };

// The server's build, made again when its sources are newer (as npm test does).
ensureBuilt(['apps/server']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
const serverLog = fs.openSync(process.env.BENCH_SERVER_LOG ?? path.join(work, 'server.log'), 'a');

const baseEnv = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DEMO_DATA: 'true',
  // Hundreds of sign-ins and calls from one address: the limiters run, never refuse.
  SIGN_IN_RATE_LIMIT_MAX: '1000000',
  API_RATE_LIMIT: '1000000000',
};

// BENCH_SERVER: another build of the server to compare with (e.g. one of main's, copied aside).
const serverScript = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const startServer = (env) =>
  startProcess(serverScript, { env: { ...baseEnv, ...env }, pollMs: 100, stdio: ['ignore', serverLog, serverLog] });

/** A worker of the server under test, logging beside the API processes. */
const startWorker = (env) => startLibWorker(serverScript, { env: { ...baseEnv, ...env }, log: serverLog });

function csvOf(rows, prefix) {
  const file = path.join(work, `${prefix}-${rows}.csv`);
  if (!fs.existsSync(file)) {
    spawnSync(process.execPath, [path.join(root, 'bench/user-import/generate.mjs'), String(rows), file, prefix], { stdio: 'ignore' });
  }
  return file;
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] : undefined);
const round = (v) => (v === undefined ? '-' : Math.round(v));

/**
 * Loads one route until `until` resolves (or `duration` seconds pass) and keeps every
 * answer's time by status. Resolves with the figures.
 */
function loadRoute(name, { url, headers, connections: n, duration, until }) {
  const times = [];
  const byStatus = {};
  let timeouts = 0;
  let socketErrors = 0;
  const instance = autocannon({ url, headers, connections: n, duration: duration ?? 24 * 3600 });
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    byStatus[status] ??= [];
    byStatus[status].push(ms);
  });
  instance.on('reqError', (err) => {
    if (String(err?.code ?? err?.message).includes('TIMEOUT') || /timed? ?out/i.test(err?.message ?? '')) timeouts++;
    else socketErrors++;
  });
  until?.then(() => instance.stop());
  return instance.then((r) => {
    times.sort((a, b) => a - b);
    const statuses = Object.fromEntries(
      Object.entries(byStatus).map(([status, list]) => {
        list.sort((a, b) => a - b);
        return [status, { count: list.length, p50: round(pct(list, 50)), p99: round(pct(list, 99)), max: round(list.at(-1)) }];
      }),
    );
    const ok = Object.entries(byStatus)
      .filter(([s]) => s.startsWith('2'))
      .reduce((sum, [, list]) => sum + list.length, 0);
    return {
      route: name,
      connections: n,
      seconds: Math.round(r.duration * 10) / 10,
      answers: times.length,
      perSecond: Math.round(times.length / r.duration),
      p50: round(pct(times, 50)),
      p95: round(pct(times, 95)),
      p99: round(pct(times, 99)),
      max: round(times.at(-1)),
      ok,
      non2xx: times.length - ok,
      timeouts: Math.max(timeouts, r.timeouts),
      socketErrors,
      statuses,
    };
  });
}

/**
 * Follows the import to its end, confirmed at its summary as the admin does; its view and the
 * seconds from the upload's start, without the time it waited at the summary.
 */
async function followImport(base, headers, id, startedAt) {
  const { view, atSummaryMs } = await followUserImport(base, headers, id, { pollMs: 500 });
  const s = (performance.now() - startedAt - atSummaryMs) / 1000;
  if (view.status !== 'completed') throw new Error(`import ended ${view.status}`);
  return { seconds: Math.round(s * 10) / 10, rowsPerSecond: Math.round(importRows / s), usersCreated: view.usersCreated };
}

async function importWhile(base, session, file, during) {
  const startedAt = performance.now();
  const created = await uploadUserImport(base, session, file);
  const done = followImport(base, session, created.id, startedAt);
  const load = during ? await during(done) : undefined;
  return { import: await done, load };
}

function printRoutes(title, rows) {
  console.log(`\n${title}\n`);
  console.log('| route | connections | answers/s | p50 ms | p95 | p99 | max | 2xx (p99 ms) | other statuses | timeouts | socket errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const other = Object.entries(r.statuses)
      .filter(([s]) => !s.startsWith('2'))
      .map(([s, v]) => `${v.count} × ${s} (p99 ${v.p99} ms)`)
      .join(', ');
    console.log(
      `| ${r.route} | ${r.connections} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.ok} (${r.statuses[200]?.p99 ?? '-'}) | ${other || '0'} | ${r.timeouts} | ${r.socketErrors} |`,
    );
  }
}

async function runEmbedded() {
  const server = await startServer({ DATA_DIR: path.join(work, 'data') });
  try {
    const acme = await demoAdminSession(server.base);
    const globex = await demoAdminSession(server.base, GLOBEX_ADMIN);
    const lists = [];
    for (const route of ['/api/integrations', '/api/user-imports']) {
      await loadRoute('warm-up', { url: `${server.base}${route}`, headers: acme, connections: 10, duration: 2 });
      lists.push(await loadRoute(route, { url: `${server.base}${route}`, headers: acme, connections, duration: seconds }));
      // What the stopped clients left in line is dropped or answered before the next run.
      await sleep(3000);
    }
    printRoutes(`${connections} clients on one list, ${seconds} s each (embedded database)`, lists);

    const globexUrl = `${server.base}/api/integrations`;
    const alone = await loadRoute("Globex's keys list, no import", { url: globexUrl, headers: globex, connections: browsers, duration: 5 });
    const during = await importWhile(server.base, acme, csvOf(importRows, 'u'), (done) =>
      loadRoute(`Globex's keys list during Acme's import of ${importRows} rows`, {
        url: globexUrl,
        headers: globex,
        connections: browsers,
        until: done,
      }),
    );
    printRoutes(`Another organization's list while a ${importRows}-row import runs (embedded database)`, [alone, during.load]);
    console.log(`\nimport: ${during.import.seconds} s, ${during.import.rowsPerSecond} rows/s, ${during.import.usersCreated} users created`);
    return { lists, otherOrganization: { alone, during: during.load }, import: during.import };
  } finally {
    await server.stop();
  }
}

/** Two API processes and a worker on a fresh database; `fn` gets them; all stopped and dropped after. */
async function withCluster(prefix, fn) {
  const scratch = await scratchPostgres(adminUrl, prefix);
  // One public address for the cluster, as behind a load balancer: the idTokens one API
  // process issues (their issuer is PUBLIC_URL) are then accepted by the other.
  const env = { DATABASE_URL: scratch.url, DATA_DIR: path.join(work, prefix), PUBLIC_URL: 'http://console.bench.test' };
  const stops = [];
  try {
    // The first process migrates and loads the demo data; then the others start.
    const a = await startServer({ ...env, PROCESS_ROLE: 'api' });
    stops.push(a.stop);
    const [b, worker] = await Promise.all([startServer({ ...env, PROCESS_ROLE: 'api' }), startWorker(env)]);
    stops.push(b.stop, worker.stop);
    return await fn({ a, b });
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    await scratch.drop();
  }
}

async function runPostgres() {
  const file = csvOf(importRows, 'u');
  const alone = await withCluster('bench_load_alone', async ({ a }) => {
    const session = await demoAdminSession(a.base);
    return (await importWhile(a.base, session, file)).import;
  });
  console.log(`\nimport alone: ${alone.seconds} s, ${alone.rowsPerSecond} rows/s`);

  const mixed = await withCluster('bench_load_mix', async ({ a, b }) => {
    const session = await demoAdminSession(a.base);
    const api = await apiCredentials(a.base, session);
    // Other people of the organization browsing: sessions of their own.
    const browsing = await demoAdminSession(b.base);
    const quarter = Math.max(1, Math.round(connections / 4));
    const warm = (url, headers) => loadRoute('warm-up', { url, headers, connections: 4, duration: 2 });
    await Promise.all([warm(`${a.base}/api/v1/workflows?limit=20`, api), warm(`${b.base}/api/v1/workflows?limit=20`, api)]);
    return importWhile(a.base, session, file, () =>
      Promise.all([
        loadRoute('A: GET /api/integrations (keys list)', {
          url: `${a.base}/api/integrations`,
          headers: browsing,
          connections: quarter,
          duration: seconds,
        }),
        loadRoute('B: GET /api/user-imports (imports list)', {
          url: `${b.base}/api/user-imports`,
          headers: browsing,
          connections: quarter,
          duration: seconds,
        }),
        loadRoute('A: GET /api/v1/workflows?limit=20', {
          url: `${a.base}/api/v1/workflows?limit=20`,
          headers: api,
          connections: quarter,
          duration: seconds,
        }),
        loadRoute('B: GET /api/v1/workflows?limit=20', {
          url: `${b.base}/api/v1/workflows?limit=20`,
          headers: api,
          connections: quarter,
          duration: seconds,
        }),
      ]),
    );
  });
  printRoutes(
    `${connections} clients for ${seconds} s while a ${importRows}-row import runs (PostgreSQL, 2 API processes + 1 worker)`,
    mixed.load,
  );
  const total = mixed.load.reduce((sum, r) => sum + r.answers, 0);
  const errors = mixed.load.reduce((sum, r) => sum + r.non2xx + r.timeouts + r.socketErrors, 0);
  const slower = Math.round((100 * (mixed.import.seconds - alone.seconds)) / alone.seconds);
  console.log(`\nthroughput ${Math.round(total / seconds)} answers/s in all, errors ${errors}`);
  console.log(
    `import under load: ${mixed.import.seconds} s, ${mixed.import.rowsPerSecond} rows/s; alone: ${alone.seconds} s, ${alone.rowsPerSecond} rows/s (${slower}% slower under load)`,
  );
  return {
    routes: mixed.load,
    throughput: Math.round(total / seconds),
    errors,
    importAlone: alone,
    importUnderLoad: mixed.import,
    slowerPercent: slower,
  };
}

const loadBefore = os.loadavg();
try {
  const results = embedded ? await runEmbedded() : await runPostgres();
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} cores; load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, `load-${mode}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), mode, server: serverScript, seconds, connections, importRows, loadBefore, results }, null, 2)}\n`,
  );
} finally {
  fs.closeSync(serverLog);
  fs.rmSync(work, { recursive: true, force: true });
}
