// Throughput and p99 latency of an authenticated external API list call
// (GET /api/v1/workflows?limit=20 with apiKey + bearer idToken) on PGlite and on
// PostgreSQL, each measured right after two bare Fastify routes in the same run: one
// answering {ok:true}, one answering the very bytes the API call answers (the honest
// yardstick: what the same bytes cost without the API's work).
// Usage: node bench/external-api.mjs [seconds=10] [connections=10]; BENCH_ROUNDS (default 3)
// rounds of all the routes, loaded in turn; the API call also as clients send it by default,
// asking for compression.
// Each figure also carries the server process's CPU time per request (user + system, from
// /proc/<pid>/stat on Linux): unlike req/s, it hardly moves when other work loads the machine.
// BENCH_DATABASES=postgres (or pglite) measures one database only.
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is
// used to create and drop a scratch database; unreachable means PGlite only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';
import { apiCredentials, cpuSeconds, demoAdminSession, numberArgs, resultsDir, scratchPostgres, startProcess } from './lib.mjs';

const [seconds, connections] = numberArgs(10, 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// A checkout whose dependencies are in place is not reinstalled (another engineer's node_modules may be shared).
if (!fs.existsSync(path.join(root, 'node_modules/autocannon'))) ensureInstalled();
// Only the server is measured: the web app need not be built.
// The server's build, made again when its sources are newer (as npm test does).
ensureBuilt(['apps/server']);

// BENCH_SERVER: another build of the server to compare with (e.g. an older commit's, built aside).
const serverScript = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';

/** The bare route (answering /bare) or the console (answering /healthz), its errors on this terminal. */
const start = (script, env) =>
  startProcess(script, { env, probe: script.endsWith('bare-server.mjs') ? '/bare' : '/healthz', stdio: ['ignore', 'ignore', 'inherit'] });

/** Signs the demo admin in, creates an access key and gets an API idToken. */
async function credentials(base) {
  return apiCredentials(base, await demoAdminSession(base));
}

/** One measured run (after a warm-up on the first round: JIT, connection pool, leases). */
async function load(url, headers, pid, warmUp) {
  if (warmUp) await autocannon({ url, headers, connections, duration: 2 });
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({ url, headers, connections, duration: seconds });
  const cpuAfter = cpuSeconds(pid);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round(((cpuAfter - cpuBefore) * 1e6) / r.requests.total);
  return { requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99, requests: r.requests.total, cpuUsPerRequest };
}

/** What a browser sends; undici and requests send `gzip, deflate`. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * The bare route and the console (its /healthz, /readyz and the API call) run side by side
 * and are loaded in turn, `rounds` times: each round's API / bare ratio compares runs a few
 * seconds apart, and the median round is reported. On a shared machine, one bare run
 * against one API run half a minute later swung the ratio by 15 points.
 */
async function measure(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const server = await start(serverScript, {
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PROCESS_ROLE: 'api',
    // Far above what the run sends: the limiter still runs (one write per lease), never refuses.
    API_RATE_LIMIT: '1000000000',
    ...env,
  });
  let bare;
  try {
    const headers = await credentials(server.base);
    const apiUrl = `${server.base}/api/v1/workflows?limit=20`;
    // The answer's very bytes, for the bare server's /same-bytes route.
    const body = Buffer.from(await (await fetch(apiUrl, { headers })).arrayBuffer());
    const bodyFile = path.join(dataDir, 'same-bytes.json');
    fs.writeFileSync(bodyFile, body);
    bare = await start('bench/bare-server.mjs', { BARE_BODY_FILE: bodyFile });
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      const warmUp = round === 0;
      runs.push({
        bare: await load(`${bare.base}/bare`, {}, bare.pid, warmUp),
        // The same bytes as the API call answers, from the bare server: what the answer's size alone costs.
        sameBytes: await load(`${bare.base}/same-bytes`, {}, bare.pid, warmUp),
        // The console's own no-op route: the ceiling that its hooks and headers leave.
        healthz: await load(`${server.base}/healthz`, {}, server.pid, warmUp),
        // One `select 1` per request: what a single database round trip costs here.
        readyz: await load(`${server.base}/readyz`, {}, server.pid, warmUp),
        api: await load(apiUrl, headers, server.pid, warmUp),
        // As most HTTP clients call by default (browsers, undici, axios, requests): asking for compression.
        apiCompressed: await load(apiUrl, { ...headers, 'accept-encoding': ACCEPT_ENCODING }, server.pid, warmUp),
      });
    }
    for (const run of runs) {
      run.ratio = run.api.requestsPerSecond / run.bare.requestsPerSecond;
      run.sameBytesRatio = run.api.requestsPerSecond / run.sameBytes.requestsPerSecond;
    }
    // The median round by the same-bytes ratio (the yardstick: target ≥ 50% on PostgreSQL).
    const medianRound = runs.find((run) => run.sameBytesRatio === median(runs.map((r) => r.sameBytesRatio)));
    return {
      ...medianRound,
      bodyBytes: body.length,
      rounds: runs.map((run) => Math.round(100 * run.ratio)),
      sameBytesRounds: runs.map((run) => Math.round(100 * run.sameBytesRatio)),
    };
  } finally {
    await Promise.all([server.stop(), bare?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = os.loadavg();
const rows = [];
const only = process.env.BENCH_DATABASES;
if (!only || only === 'pglite') rows.push({ database: 'PGlite', ...(await measure({})) });
const scratch = !only || only === 'postgres' ? await scratchPostgres(adminUrl, 'bench_api', { optional: true }) : undefined;
if (scratch) {
  try {
    rows.push({ database: 'PostgreSQL', ...(await measure({ DATABASE_URL: scratch.url })) });
  } finally {
    await scratch.drop();
  }
}

console.log(
  `\n${rounds} rounds of ${seconds} s per route, ${connections} connections, node ${process.version}, ${os.cpus().length} cores; the median round's figures\n`,
);
console.log(`load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}\n`);
console.log(
  '| database | bare Fastify req/s (p99 ms) | bare, the same bytes (p99) | console /healthz (p99) | console /readyz: one query (p99) | GET /api/v1/workflows (p99) | API / bare | API / same bytes | each round: bare, same bytes |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
const cell = (m) => `${m.requestsPerSecond} (${m.p99Ms})`;
const cpu = (m) => m.cpuUsPerRequest ?? '?';
for (const r of rows)
  console.log(
    `| ${r.database} | ${cell(r.bare)} | ${cell(r.sameBytes)} | ${cell(r.healthz)} | ${cell(r.readyz)} | ${cell(r.api)} | ${Math.round(100 * r.ratio)}% | ${Math.round(100 * r.sameBytesRatio)}% | ${r.rounds.map((p) => `${p}%`).join(', ')}; ${r.sameBytesRounds.map((p) => `${p}%`).join(', ')} |`,
  );
console.log(`\nthe API call's answer: ${rows[0]?.bodyBytes} bytes of JSON`);
console.log(`\nthe API call with \`accept-encoding: ${ACCEPT_ENCODING}\` (the median round's):\n`);
console.log('| database | req/s (p99 ms) | server CPU µs per call |');
console.log('| --- | --- | --- |');
for (const r of rows) console.log(`| ${r.database} | ${cell(r.apiCompressed)} | ${cpu(r.apiCompressed)} |`);
console.log('\nserver CPU µs per request (user + system):\n');
console.log('| database | bare | same bytes | /healthz | /readyz | GET /api/v1/workflows |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.database} | ${cpu(r.bare)} | ${cpu(r.sameBytes)} | ${cpu(r.healthz)} | ${cpu(r.readyz)} | ${cpu(r.api)} |`);
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, 'external-api.json'),
  `${JSON.stringify({ date: new Date().toISOString(), seconds, connections, rounds, loadBefore, rows }, null, 2)}\n`,
);
