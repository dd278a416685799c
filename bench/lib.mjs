// Shared by the benchmarks that start the built server (startup.mjs, external-api.mjs,
// user-import/run.mjs, load/run.mjs, people.mjs, events.mjs, scim.mjs): a free port, a
// process started until it answers (the built server with demo data among them), its memory
// and CPU time from /proc, the demo admin's console session, an access key with an API
// idToken, a CSV streamed up as an import, a scratch PostgreSQL database (or one a run kept),
// GETs timed one or a few at a time, the results written with the run's machine, and two
// builds measured side by side (BENCH_BEFORE: rounds taking turns, ratios by round).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, root } from '../scripts/lib.mjs';

/** Where runs write their figures: bench/results, or BENCH_RESULTS_DIR (the check of scripts/bench-check.mjs keeps its tiny runs out of the committed ones). */
export const resultsDir = process.env.BENCH_RESULTS_DIR ?? path.join(root, 'bench', 'results');

export const DEMO_ADMIN = { email: 'admin@acme.example', password: 'Demo-Console-2026!' };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts `script` (a path below the repository root) with node on a free port and polls
 * `probe` every `pollMs` until it answers 2xx (on `port` when given, else a free one). `readyMs` runs from the spawn to that answer.
 */
export async function startProcess(script, { env = {}, probe = '/healthz', pollMs = 50, stdio = 'ignore', port: given } = {}) {
  const port = given ?? (await freePort());
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: Node's flags for the processes a benchmark starts (`--cpu-prof --cpu-prof-dir=/tmp/prof`
  // profiles the server under the benchmark's load; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${base}${probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    await sleep(pollMs);
  }
  return {
    child,
    pid: child.pid,
    base,
    readyMs: Math.round(performance.now() - started),
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r();
        child.on('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** The process's resident set now (`VmRSS`) and at its peak (`VmHWM`), in kB (Linux). */
export function memoryKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))[1]);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

export const mb = (kb) => Math.round(kb / 1024);

/** CPU seconds (user + system) the process has used so far; undefined off Linux or when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * The built server (or `script`) with demo data, as production runs it, on a data folder of
 * its own in the temporary directory; sign-ins unlimited, so a benchmark signs in at will.
 * `env` adds to that (DATABASE_URL, other limits). `removeData()` deletes the folder.
 */
export async function startDemoServer({ script = 'apps/server/dist/main.js', dataPrefix = 'bench-', env = {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataPrefix));
  const server = await startProcess(script, {
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', DEMO_DATA: 'true', DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT_MAX: '1000000', ...env },
  });
  return { ...server, dataDir, removeData: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** The JSON answer; a refusal throws with its status and body. */
export async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** POSTs JSON as the web app does (with the CSRF header) and returns the answer, refused or not. */
export const postJson = (base, url, body, headers = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'console', ...headers },
    body: JSON.stringify(body),
  });

/** Signs the demo admin (or another person) in as the web app does; the headers of that console session (cookies and the CSRF header). */
export async function demoAdminSession(base, person = DEMO_ADMIN) {
  const { idToken } = await json(await postJson(base, '/api/auth/sign-in', person));
  const session = await postJson(base, '/api/auth', { idToken, email: person.email });
  await json(session.clone());
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, 'x-requested-with': 'console' };
}

/** Creates an access key with a console session and gets an API idToken: the headers of an external API call. */
export async function apiCredentials(base, session, person = DEMO_ADMIN) {
  const { accessKey } = await json(await postJson(base, '/api/integrations', { name: 'Benchmark', description: 'bench' }, session));
  const token = await json(await postJson(base, '/api/v1/auth/token', person));
  return { apiKey: accessKey, authorization: `Bearer ${token.idToken}` };
}

/** Streams a CSV file up as a user import (multipart/form-data), never holding it in memory; the import's view. */
export function uploadUserImport(base, headers, file) {
  const boundary = `----bench${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="columnSeparator"\r\n\r\n,\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/user-imports', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + fs.statSync(file).size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () =>
          res.statusCode === 201 ? resolve(JSON.parse(body).userImport) : reject(new Error(`${res.statusCode} ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.pipe(req, { end: false });
    stream.on('end', () => req.end(tail));
  });
}

/**
 * Follows a console user import until it ends, confirming it at its summary as the admin does
 * (decision 048: a console upload waits there), through `PUT user-import/{id}/confirm`. Polls
 * every `pollMs`; `onView(view, atSummaryMs so far)` sees each answer. Resolves with the last view and
 * `atSummaryMs`: from the poll that found it waiting to the confirmation's answer, the time a
 * person would spend reading the summary, which a run's end-to-end figure leaves out to stay
 * comparable with the runs before the summary existed (what remains of that wait is at most
 * one poll interval). Answers 503 (the embedded server busy) are polled again.
 */
export async function followUserImport(base, headers, id, { pollMs = 250, onView = () => {} } = {}) {
  let atSummaryMs = 0;
  for (;;) {
    const res = await fetch(`${base}/api/user-import/${id}`, { headers });
    if (res.status !== 503) {
      const { userImport: view } = await json(res);
      onView(view, atSummaryMs);
      if (view.status === 'awaiting_confirmation') {
        const seen = performance.now();
        await json(await fetch(`${base}/api/user-import/${id}/confirm`, { method: 'PUT', headers }));
        atSummaryMs += performance.now() - seen;
        continue;
      }
      if (view.status !== 'processing') return { view, atSummaryMs };
    }
    await sleep(pollMs);
  }
}

/**
 * A database `<prefix>_<pid>` made on the PostgreSQL server of `adminUrl`, and how to drop it.
 * When that server cannot be reached: an error, or with `optional` a line saying so and
 * undefined (the benchmark then measures PGlite only).
 */
export async function scratchPostgres(adminUrl, prefix, { optional = false } = {}) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    if (!optional) throw err;
    console.error(`PostgreSQL at ${adminUrl} unreachable (${err.message}): PGlite only.`);
    return undefined;
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The database a benchmark fills: BENCH_REUSE_DATABASE_URL, one a run kept (already filled),
 * or a fresh scratch database. `release()` keeps it (and prints its URL) when it was reused or
 * BENCH_KEEP_DATABASE=1, for a look with psql or a run without filling; else drops it.
 */
export async function benchDatabase(adminUrl, prefix) {
  const reusedUrl = process.env.BENCH_REUSE_DATABASE_URL;
  const scratch = reusedUrl ? { url: reusedUrl, drop: async () => undefined } : await scratchPostgres(adminUrl, prefix);
  return {
    url: scratch.url,
    reused: Boolean(reusedUrl),
    async release() {
      if (process.env.BENCH_KEEP_DATABASE === '1' || reusedUrl) console.log(`kept ${scratch.url}`);
      else await scratch.drop();
    },
  };
}

/**
 * A benchmark of the built server (demo data) on a database it fills: builds the server, takes
 * the database (benchDatabase on BENCH_DATABASE_URL's server, named after `prefix`), starts the
 * server on it and connects to it. With BENCH_BEFORE (benchBuilds) the other build is started
 * on the same database after this one (which migrates it first): both read the same rows, so
 * their figures differ by the code alone. `servers`: each build's server, `server` this one's;
 * `rounds` as benchBuilds says. `close()` disconnects, stops the servers, releases the database
 * and removes their data.
 */
export async function demoServerOnBenchDatabase({ prefix, dataPrefix, env = {} }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { builds, rounds } = benchBuilds();
  const { default: pg } = await import('pg');
  const database = await benchDatabase(adminUrl, prefix);
  const servers = [];
  for (const build of builds) {
    servers.push({
      ...build,
      ...(await startDemoServer({ script: build.script, dataPrefix, env: { ...env, DATABASE_URL: database.url } })),
    });
  }
  const [server] = servers;
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return {
    database,
    server,
    servers,
    rounds,
    db,
    /**
     * The demo admin's session (on `server`), and the demo organization filled by `fill(organizationId)` unless
     * the database was kept from an earlier run (filled already): the seconds the filling took.
     */
    async signInAndFill(what, fill) {
      const session = await demoAdminSession(server.base);
      const organizationId = await demoOrganizationId(db);
      if (database.reused) return { session, fillSeconds: 0 };
      console.log(`Filling the demo organization with ${what}...`);
      return { session, fillSeconds: await fill(organizationId) };
    },
    async close() {
      await db.end();
      for (const s of servers) await s.stop();
      await database.release();
      for (const s of servers) s.removeData();
    },
  };
}

/**
 * Scenarios of GETs timed on each of `servers` (demoServerOnBenchDatabase's), `rounds` rounds
 * taking turns (takeTurns). `scenariosOf(server)` gives a server's scenarios, each
 * `{ name, url(i), headers }` (its own sessions and cursors); each is timeGets' `calls` calls,
 * `concurrency` at a time, with `rowsOf`. Prints a line per scenario and round. One server:
 * `{ results }`, the scenarios' results. Two: `{ builds, summary }`, each build's rounds and,
 * per scenario and for the scenarios' p50s summed (a round's typical call of each), this
 * build's figure over the other's by round and their median, printed as a table.
 */
export async function scenariosSideBySide(servers, rounds, scenariosOf, { calls, concurrency = 1, rowsOf }) {
  const runs = [];
  for (const s of servers) runs.push({ name: s.name, script: s.script, base: s.base, scenarios: await scenariosOf(s), rounds: [] });
  console.log('| build, round | scenario | calls | concurrency | rows | p50 ms | p99 ms | max ms | refused |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  await takeTurns(runs, rounds, async (run, round) => {
    const label = runs.length > 1 || rounds > 1 ? `${run.name}, round ${round}` : run.name;
    const results = [];
    for (const { name, url, headers } of run.scenarios) {
      const r = await timeGets(run.base, { name, url, headers, calls, concurrency, rowsOf });
      console.log(
        `| ${label} | ${name} | ${calls} | ${concurrency} | ${r.rowsPerCall} | ${r.p50} | **${r.p99}** | ${r.max} | ${JSON.stringify(r.failures)} |`,
      );
      results.push(r);
    }
    run.rounds.push(results);
  });
  if (runs.length === 1) return { results: runs[0].rounds.at(-1) };
  const [now, before] = runs;
  const p50Sum = (results) => results.reduce((total, r) => total + r.p50, 0);
  const of = (run, value) => median(run.rounds.map(value));
  const row = (name, value) => ({
    scenario: name,
    this: Number(of(now, value).toFixed(1)),
    before: Number(of(before, value).toFixed(1)),
    ratio: ratioByRound(now.rounds, before.rounds, value),
  });
  const summary = [
    ...now.scenarios.flatMap(({ name }, i) => [row(`${name}, p50`, (r) => r[i].p50), row(`${name}, p99`, (r) => r[i].p99)]),
    row('p50s summed', p50Sum),
  ];
  console.log(`
this = ${now.script}, before = ${before.script}; ms, median of ${rounds} rounds
`);
  console.log('| scenario | this | before | this / before by round | median |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of summary)
    console.log(`| ${r.scenario} | ${r.this} | ${r.before} | ${r.ratio.rounds.join(', ')} | **${r.ratio.median}** |`);
  return { builds: runs.map(({ name, script, rounds: results }) => ({ name, script, rounds: results })), summary };
}

/** The `next` cursors of the first `count` pages of `path` (a list paged by its `after`), to start "next page" calls from. */
export async function pageCursors(base, path, headers, count) {
  const cursors = [];
  let after = null;
  for (let i = 0; i < count; i++) {
    const page = await (await fetch(`${base}${path}${after ? `${path.includes('?') ? '&' : '?'}after=${after}` : ''}`, { headers })).json();
    after = page.next;
    cursors.push(after);
  }
  return cursors;
}

/**
 * Scenario `name`: `calls` GETs of `url(i)` on `base` after `warmUp` unmeasured ones,
 * `concurrency` at a time. Its result: how many answered 200, how many each other status,
 * the rows a 200 held on average (`rowsOf(body)`) and the p50, p99 and slowest of the 200s,
 * in ms.
 */
export async function timeGets(base, { name, url, headers, calls, rowsOf, warmUp = 20, concurrency = 1 }) {
  for (let i = 0; i < warmUp; i++) await (await fetch(`${base}${await url(i)}`, { headers })).arrayBuffer();
  const times = [];
  const failures = {};
  let rows = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < calls; i = next++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${await url(i)}`, { headers });
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status === 200) {
          times.push(ms);
          rows += rowsOf(body);
        } else failures[res.status] = (failures[res.status] ?? 0) + 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const ms = (value) => Number((value ?? 0).toFixed(1));
  return {
    scenario: name,
    calls,
    ok: times.length,
    failures,
    rowsPerCall: Math.round(rows / Math.max(1, times.length)),
    p50: ms(percentile(times, 50)),
    p99: ms(percentile(times, 99)),
    max: ms(times.at(-1)),
  };
}

/** The demo organization's id (the demo admin's), read with the client `db` from the database a benchmark fills. */
export async function demoOrganizationId(db) {
  const { rows } = await db.query('SELECT organization_id FROM users WHERE email = $1', [DEMO_ADMIN.email]);
  return rows[0].organization_id;
}

/** The size in MB of `table` and of each of its indexes, by name, on the client `db`. */
export async function tableSizesMb(db, table) {
  const res = await db.query(
    `SELECT c.relname AS name, round(pg_relation_size(c.oid) / 1048576.0) AS mb FROM pg_class c
      WHERE c.oid = $1::regclass OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = $1::regclass) ORDER BY 2 DESC`,
    [table],
  );
  return Object.fromEntries(res.rows.map((r) => [r.name, Number(r.mb)]));
}

/** Given and family names for set-based fills (people.mjs, events.mjs): common ones, a few accented. */
export const GIVEN_NAMES =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica
  Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly
  Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie
  Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen
  Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra
  Frank Rachel Raymond Carolyn Patrick Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth José Olivia Zoë Łukasz
  Agnès Ana Mateo Sofía Hiroshi Mei Priya Chen Oluwaseun Fatima`
    .trim()
    .split(/\s+/);
export const FAMILY_NAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
  Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King
  Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans
  Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson
  Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price
  Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson
  Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods
  Washington Kennedy Wells Müller Dubois Silva Santos Oliveira Kowalski Nakamura Østergaard Çelik`
    .trim()
    .split(/\s+/);

/** The machine's load averages (1, 5 and 15 minutes), as a run prints them beside its figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The file of a run's figures in `resultsDir`: `<name>.json`, or `<name>-before-after.json` for two builds side by side (BENCH_BEFORE). */
export const resultsFile = (name) => path.join(resultsDir, `${name}${process.env.BENCH_BEFORE ? '-before-after' : ''}.json`);

/**
 * Writes bench/results/<name>.json (resultsFile): when, on which Node and how many cores, then `fields`;
 * and prints that line with the load average after the run.
 */
export function writeResults(name, fields, { summary = '' } = {}) {
  const out = resultsFile(name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const run = { when: new Date().toISOString(), node: process.version, cores: os.cpus().length };
  fs.writeFileSync(out, `${JSON.stringify({ ...run, ...fields }, null, 2)}\n`);
  console.log(`\nnode ${process.version}, ${os.cpus().length} cores; ${summary}load average after ${loadAverage()}`);
}

/** The value below which `p` percent of `sorted` lie. */
/** The script's numeric arguments in order, each `defaults[i]` when not given. */
export const numberArgs = (...defaults) => defaults.map((value, i) => Number(process.argv[2 + i] ?? value));

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The middle value (the lower of the two middle ones). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * The builds a run measures: this one (BENCH_SERVER, default apps/server/dist/main.js, built
 * first when its sources are newer) and, with BENCH_BEFORE, another build's main.js (an older
 * commit's, built aside in its own checkout), measured side by side. `rounds`: BENCH_ROUNDS,
 * default 3 with BENCH_BEFORE, else 1. Each build's `root` is its checkout (for what a
 * benchmark runs from the build's own sources).
 */
export function benchBuilds() {
  const builds = [{ name: 'this', script: process.env.BENCH_SERVER ?? 'apps/server/dist/main.js' }];
  if (process.env.BENCH_BEFORE) builds.push({ name: 'before', script: process.env.BENCH_BEFORE });
  if (!process.env.BENCH_SERVER) ensureBuilt(['apps/server']);
  for (const build of builds) build.root = path.resolve(root, build.script, '../../../..');
  return { builds, rounds: Number(process.env.BENCH_ROUNDS ?? (builds.length > 1 ? 3 : 1)) };
}

/**
 * Runs `measure(item, round)` for rounds 1 to `rounds`, every item once a round, the first of
 * each round alternating: on a machine other work loads, neither build always runs first.
 */
export async function takeTurns(items, rounds, measure) {
  for (let round = 1; round <= rounds; round++) {
    for (const item of round % 2 === 1 ? items : [...items].reverse()) await measure(item, round);
  }
}

/** `value(now's round) / value(before's round)` for each round, and their median. */
export function ratioByRound(now, before, value) {
  const rounds = now.map((r, i) => Number((value(r) / value(before[i])).toFixed(3)));
  return { rounds, median: median(rounds) };
}

/**
 * A worker process (`PROCESS_ROLE=worker`) of `script`: it has no HTTP, so it is taken as
 * ready once it logs so. Its output goes to the file descriptor `log`.
 */
export async function startWorker(script, { env = {}, log }) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PROCESS_ROLE: 'worker' },
    stdio: ['ignore', 'pipe', log],
  });
  await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (d) => {
      seen += d;
      if (seen.includes('"msg":"ready"')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  child.stdout.on('data', (d) => fs.writeSync(log, d));
  return {
    child,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null) return r();
        child.on('exit', r);
        child.kill('SIGTERM');
      }),
  };
}
