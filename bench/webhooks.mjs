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
// Writes bench/results/webhooks.json. Target: ≥ 500 deliveries/s and p99 < 2 s for healthy endpoints.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { ensureBuilt, root } from '../scripts/lib.mjs';
import { numberArgs, percentile, resultsDir, scratchPostgres, sleep, startWorker as startLibWorker } from './lib.mjs';

const [burst, steady, steadyRate] = numberArgs(10_000, 3_000, 100);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// The server's build, made again when its sources are newer (as npm test does).
ensureBuilt(['apps/server']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
const serverLog = fs.openSync(path.join(work, 'server.log'), 'a');
const scratch = await scratchPostgres(adminUrl, 'bench_webhooks');

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

const startWorker = () =>
  startLibWorker('apps/server/dist/main.js', {
    env: {
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      DATABASE_URL: scratch.url,
      DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    log: serverLog,
  });

function produce(organizationId, count, perSecond) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/webhooks-events.ts', scratch.url, organizationId, String(count), String(perSecond)], {
      cwd: root,
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

const workers = [];
const results = { burst, steady, steadyRate, date: new Date().toISOString(), load: os.loadavg().map((l) => l.toFixed(1)) };
const client = new pg.Client({ connectionString: scratch.url });
try {
  // The first worker migrates the database; then the second.
  workers.push(await startWorker());
  workers.push(await startWorker());
  await client.connect();
  const [org] = (await client.query(`INSERT INTO organizations (name, client_key) VALUES ('Bench', 'bench') RETURNING id`)).rows;
  const healthy = [await receiver(), await receiver(), await receiver()];
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  for (const r of healthy)
    await client.query('INSERT INTO webhook_endpoints (organization_id, url, secret) VALUES ($1, $2, $3)', [org.id, r.url, secret]);
  // A pump in each worker now, rather than at the next minute's schedule.
  const boss = new PgBoss({ connectionString: scratch.url, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  await boss.send('webhook-deliveries', {});
  await boss.send('webhook-deliveries', {});
  await boss.stop({ graceful: false });
  await until(
    'two pumps',
    async () => {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-deliveries' AND state = 'active'`,
      );
      return rows[0].n >= 2;
    },
    30_000,
  );

  const received = () => healthy.reduce((n, r) => n + r.arrivals.length, 0);
  const phase = async (name, count, perSecond) => {
    const before = healthy.map((r) => r.arrivals.length);
    const started = Date.now();
    const produced = await produce(org.id, count, perSecond);
    await until(`${name}: every delivery`, async () => received() >= before.reduce((a, b) => a + b, 0) + count * 3, 15 * 60_000);
    const arrivals = healthy.flatMap((r, i) => r.arrivals.slice(before[i]));
    const lastAt = Math.max(...arrivals.map((a) => a.at));
    const seconds = (lastAt - started) / 1000;
    results[name] = {
      events: count,
      deliveries: arrivals.length,
      recordedInMs: produced.ms,
      seconds: Number(seconds.toFixed(1)),
      deliveriesPerSecond: Math.round(arrivals.length / seconds),
      eventToDeliveryMs: summary(arrivals),
    };
    console.log(name, JSON.stringify(results[name]));
  };

  await phase('burst', burst, 0);
  await phase('steady', steady, steadyRate);
  const dead = await receiver({ dead: true });
  await client.query('INSERT INTO webhook_endpoints (organization_id, url, secret) VALUES ($1, $2, $3)', [org.id, dead.url, secret]);
  await phase('dead', steady, steadyRate);
  const { rows } = await client.query(
    `SELECT count(*) FILTER (WHERE leased_until > now())::int AS in_flight, count(*)::int AS pending
     FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE w.url = $1 AND d.status = 'pending'`,
    [dead.url],
  );
  results.dead.deadEndpoint = { inFlight: rows[0].in_flight, pending: rows[0].pending };
  console.log('dead endpoint', JSON.stringify(results.dead.deadEndpoint));
  dead.server.closeAllConnections();
  dead.server.close();
  for (const r of healthy) r.server.close();
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'webhooks.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await client.end().catch(() => {});
  for (const w of workers) await w.stop();
  await scratch.drop();
}
