// Webhook delivery on PostgreSQL with two worker processes (docs/decisions/055-webhook-delivery.md):
// events recorded through the console's recorder fan out to 3 endpoints of one organization,
// real HTTP receivers on 127.0.0.1; the built server's workers (PROCESS_ROLE=worker) deliver.
//
//   node bench/webhooks.mjs [burst=10000] [steady=3000] [steadyPerSecond=100]
//
// Three phases, each on the same database and workers:
//   burst   `burst` events recorded as fast as the database takes them (10 a transaction):
//           deliveries per second from the first event to the last delivery, and the
//           event-to-delivery times (which a backlog dominates);
//   steady  `steady` events at `steadyPerSecond` a second (3 deliveries each): p50/p99 from
//           event to delivery when the workers keep up;
//   dead    the same steady load with a fourth endpoint that never answers (each attempt
//           waits out the 15 s timeout): the healthy endpoints' p50/p99 beside it.
// Writes bench/results/webhooks.json (webhooks-before-after.json side by side). Target: ≥ 500 deliveries/s and p99 < 2 s for healthy endpoints.
//
// BENCH_BEFORE=<another build's apps/server/dist/main.js> (an older commit's, built aside):
// each build gets its own database, workers and receivers, and the builds take turns,
// BENCH_ROUNDS rounds (default 3) of the burst and the steady phases (events recorded by the
// build's own checkout's recorder), compared round by round; the dead phase is left out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import {
  benchBuilds,
  median,
  numberArgs,
  percentile,
  ratioByRound,
  resultsDir,
  resultsFile,
  scratchPostgres,
  sleep,
  startWorker as startLibWorker,
  takeTurns,
} from './lib.mjs';

const [burst, steady, steadyRate] = numberArgs(10_000, 3_000, 100);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { builds, rounds } = benchBuilds();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
const serverLog = fs.openSync(path.join(work, 'server.log'), 'a');

/** A receiver that answers 200 at once and notes when each event arrived, or never answers. */
async function receiver({ dead = false } = {}) {
  const arrivals = [];
  const server = http.createServer((req, res) => {
    if (dead) return; // never answers: the sender's timeout ends each attempt
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrivals.push({ id: req.headers['webhook-id'], at, ms: at - Date.parse(body.timestamp) });
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, arrivals, server };
}

const startWorker = (build, databaseUrl) =>
  startLibWorker(build.script, {
    env: {
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    log: serverLog,
  });

/** Records `count` events at `perSecond` with the recorder of the build's own checkout. */
function produce(s, count, perSecond) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/webhooks-events.ts', s.url, s.organizationId, String(count), String(perSecond)], {
      cwd: s.root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`producer exited ${code}`)),
    );
  });
}

async function until(what, probe, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const summary = (arrivals) => {
  const sorted = arrivals.map((a) => a.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
};

/** Each build's database, workers and receivers (start), stopped at the end whatever happened. */
const servers = [];
const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** A build on a database of its own: two workers, an organization with three healthy endpoints, a pump in each worker. */
async function start(build) {
  const s = { ...build, workers: [], healthy: [], rounds: [] };
  servers.push(s);
  s.scratch = await scratchPostgres(adminUrl, `bench_webhooks_${build.name}`);
  s.url = s.scratch.url;
  s.client = new pg.Client({ connectionString: s.url });
  // The first worker migrates the database; then the second.
  s.workers.push(await startWorker(build, s.url));
  s.workers.push(await startWorker(build, s.url));
  await s.client.connect();
  const [org] = (await s.client.query(`INSERT INTO organizations (name, client_key) VALUES ('Bench', 'bench') RETURNING id`)).rows;
  s.organizationId = org.id;
  s.healthy = [await receiver(), await receiver(), await receiver()];
  for (const r of s.healthy)
    await s.client.query('INSERT INTO webhook_endpoints (organization_id, url, secret) VALUES ($1, $2, $3)', [org.id, r.url, secret]);
  // A pump in each worker now, rather than at the next minute's schedule.
  const boss = new PgBoss({ connectionString: s.url, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.send('webhook-deliveries', {});
  await boss.send('webhook-deliveries', {});
  await boss.stop({ graceful: false });
  await until(
    'two pumps',
    async () => {
      const { rows } = await s.client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-deliveries' AND state = 'active'`,
      );
      return rows[0].n >= 2;
    },
    30_000,
  );
  return s;
}

async function stop(s) {
  for (const r of s.healthy) r.server.close();
  await s.client.end().catch(() => {});
  for (const w of s.workers) await w.stop();
  await s.scratch?.drop();
}

/** `count` events at `perSecond` (0: as fast as they are taken), until the healthy endpoints received each: its figures. */
async function phase(s, name, count, perSecond) {
  const received = () => s.healthy.reduce((n, r) => n + r.arrivals.length, 0);
  const before = s.healthy.map((r) => r.arrivals.length);
  const started = Date.now();
  const produced = await produce(s, count, perSecond);
  await until(`${name}: every delivery`, async () => received() >= before.reduce((a, b) => a + b, 0) + count * 3, 15 * 60_000);
  const arrivals = s.healthy.flatMap((r, i) => r.arrivals.slice(before[i]));
  const lastAt = Math.max(...arrivals.map((a) => a.at));
  const seconds = (lastAt - started) / 1000;
  const result = {
    events: count,
    deliveries: arrivals.length,
    recordedInMs: produced.ms,
    seconds: Number(seconds.toFixed(1)),
    deliveriesPerSecond: Math.round(arrivals.length / seconds),
    eventToDeliveryMs: summary(arrivals),
  };
  console.log(builds.length > 1 ? `${s.name}, round ${s.rounds.length + 1}, ${name}` : name, JSON.stringify(result));
  return result;
}

const results = { burst, steady, steadyRate, date: new Date().toISOString(), load: os.loadavg().map((l) => l.toFixed(1)) };
try {
  for (const build of builds) await start(build);
  if (servers.length === 1) {
    const [s] = servers;
    results.burst = await phase(s, 'burst', burst, 0);
    results.steady = await phase(s, 'steady', steady, steadyRate);
    const dead = await receiver({ dead: true });
    await s.client.query('INSERT INTO webhook_endpoints (organization_id, url, secret) VALUES ($1, $2, $3)', [
      s.organizationId,
      dead.url,
      secret,
    ]);
    results.dead = await phase(s, 'dead', steady, steadyRate);
    const { rows } = await s.client.query(
      `SELECT count(*) FILTER (WHERE leased_until > now())::int AS in_flight, count(*)::int AS pending
       FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.url = $1 AND d.status = 'pending'`,
      [dead.url],
    );
    results.dead.deadEndpoint = { inFlight: rows[0].in_flight, pending: rows[0].pending };
    console.log('dead endpoint', JSON.stringify(results.dead.deadEndpoint));
    dead.server.closeAllConnections();
    dead.server.close();
  } else {
    await takeTurns(servers, rounds, async (s) => {
      s.rounds.push({ burst: await phase(s, 'burst', burst, 0), steady: await phase(s, 'steady', steady, steadyRate) });
    });
    const [now, before] = servers;
    const figures = {
      'burst deliveries/s': (r) => r.burst.deliveriesPerSecond,
      'burst recorded in ms': (r) => r.burst.recordedInMs,
      'steady p50 ms': (r) => r.steady.eventToDeliveryMs.p50,
      'steady p99 ms': (r) => r.steady.eventToDeliveryMs.p99,
    };
    results.builds = servers.map(({ name, script, rounds: measured }) => ({ name, script, rounds: measured }));
    results.summary = Object.entries(figures).map(([figure, value]) => ({
      figure,
      this: median(now.rounds.map(value)),
      before: median(before.rounds.map(value)),
      ratio: ratioByRound(now.rounds, before.rounds, value),
    }));
    console.log(`\nthis = ${now.script}, before = ${before.script}; median of ${rounds} rounds\n`);
    console.log('| figure | this | before | this / before by round | median |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of results.summary)
      console.log(`| ${r.figure} | ${r.this} | ${r.before} | ${r.ratio.rounds.join(', ')} | **${r.ratio.median}** |`);
  }
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(resultsFile('webhooks'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  for (const s of servers) await stop(s);
}
