// The request log's pages on an organization of ten million calls (docs/decisions/071-request-log.md):
// the first page, a next page deep in the log, each filter alone (a status class, a key, a route,
// a week) and together (a key's errors, a route's successes), on the screen's call and the API's,
// through the real HTTP server on PostgreSQL.
//
//   node bench/request-log.mjs [calls=10000000] [gets=200]
//   BENCH_KEEP_DATABASE=1 node bench/request-log.mjs ...                  keeps the filled database (its URL is printed)
//   BENCH_REUSE_DATABASE_URL=<that URL> node bench/request-log.mjs ...    measures it again without filling
//
// Starts the built server (demo data) on a fresh PostgreSQL database of BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test, dropped after), adds `calls` rows to
// the demo organization's request log set-based (generate_series, a million a statement, the
// secondary indexes dropped and built again after, as a restore would): spread over the 30 days
// the log keeps; 20 keys (one making half the calls); the API's routes, the list routes most;
// 95% 2xx, 4.5% 4xx, 0.5% 5xx. VACUUM ANALYZE, signs the demo admin in, calls each scenario
// `gets` times after 20 unmeasured calls, one at a time. Prints p50/p99/max and the table's and
// indexes' sizes; writes bench/results/request-log.json.
// Target: every page under 50 ms p99.
import * as lib from './lib.mjs';

const [total, gets] = lib.numberArgs(10_000_000, 200);
const STEP = 1_000_000;
const KEYS = 20;

/** The routes integrations call, the lists most. */
const ROUTES = [
  ...Array(30).fill('/v1/users'),
  ...Array(20).fill('/v1/workflows'),
  ...Array(10).fill('/v1/users/:id/skills'),
  ...Array(10).fill('/v1/events'),
  ...Array(5).fill('/v1/workspaces'),
  ...Array(5).fill('/v1/skills'),
  ...Array(5).fill('/v1/user-imports/:id'),
  '/v1/users/:id/disable',
  '/v1/user-imports',
  '/v1/webhooks',
  '/v1/domains',
];

const bench = await lib.demoServerOnBenchDatabase({
  prefix: 'bench_request_log',
  dataPrefix: 'bench-request-log-',
  env: { API_RATE_LIMIT: '1000000' },
});
const { db } = bench;

async function fill(organizationId) {
  const started = performance.now();
  const { rows: indexes } = await db.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'request_log' AND indexname <> 'request_log_pkey' ORDER BY indexname",
  );
  for (const { indexname } of indexes) await db.query(`DROP INDEX ${indexname}`);
  // The keys' ids as the console's are (RFC 9562), which the answers' schemas check.
  const keyIds = Array.from({ length: KEYS }, () => crypto.randomUUID());
  for (let from = 1; from <= total; from += STEP) {
    const to = Math.min(total, from + STEP - 1);
    await db.query(
      `INSERT INTO request_log (organization_id, occurred_at, access_key_id, access_key_name, method, route, status,
                               duration_us, request_id, ip, user_agent, error_code)
       SELECT $1, now() - (i * interval '1 millisecond') * (30.0 * 86400000 / $5::int),
              ($7::uuid[])[1 + k], 'Bench key ' || k,
              CASE WHEN r LIKE '%/disable' OR r = '/v1/user-imports' THEN 'POST' ELSE 'GET' END, r,
              CASE WHEN s < 950 THEN 200 WHEN s < 995 THEN 404 ELSE 500 END,
              1000 + abs(hashint4(i * 5)) % 200000, 'bench-' || i, '10.0.' || (i % 250) || '.' || (i % 200), 'bench/1.0',
              CASE WHEN s < 950 THEN NULL WHEN s < 995 THEN 'USER_NOT_FOUND' ELSE 'INTERNAL' END
       FROM (SELECT i,
                    CASE WHEN i % 2 = 0 THEN 0 ELSE abs(hashint4(i)) % $3::int END AS k,
                    ($2::text[])[1 + abs(hashint4(i * 3)) % array_length($2::text[], 1)] AS r,
                    abs(hashint4(i * 7)) % 1000 AS s
             FROM generate_series($4::int, $6::int) i) g`,
      [organizationId, ROUTES, KEYS, from, total, to, keyIds],
    );
    process.stdout.write(`\r${to.toLocaleString('en')} calls (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  console.log();
  for (const { indexname, indexdef } of indexes) {
    const t0 = performance.now();
    await db.query(indexdef);
    console.log(`${indexname} built in ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  await db.query('VACUUM ANALYZE request_log');
  return Math.round((performance.now() - started) / 1000);
}

/** A server's scenarios: its own session and API credentials, cursors deep in the log, the busy key and a quiet one. */
async function scenariosOf(s) {
  const session = await lib.demoAdminSession(s.base);
  const api = await lib.apiCredentials(s.base, session);
  // A tiny log has fewer pages than asked: the last page's `next` is null, and is left out.
  const cursors = (await lib.pageCursors(s.base, '/api/request-log?limit=200', session, 100)).filter(Boolean);
  const { rows } = await db.query(
    "SELECT DISTINCT access_key_id AS id FROM request_log WHERE access_key_name IN ('Bench key 0', 'Bench key 7')",
  );
  const [busy, quiet] = rows.map((r) => r.id);
  const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString();
  const screen = [
    { name: 'first page', url: () => '/api/request-log' },
    {
      name: 'a next page (one of the first 100 of 200)',
      url: (i) => `/api/request-log${cursors.length > 0 ? `?after=${cursors[i % cursors.length]}` : ''}`,
    },
    { name: 'a status class, common (2xx)', url: () => '/api/request-log?status=2xx' },
    { name: 'a status class, rare (5xx)', url: () => '/api/request-log?status=5xx' },
    { name: 'the busy key', url: () => `/api/request-log?accessKeyId=${busy}` },
    { name: 'a quiet key', url: () => `/api/request-log?accessKeyId=${quiet ?? busy}` },
    { name: "a quiet key's server errors", url: () => `/api/request-log?accessKeyId=${quiet ?? busy}&status=5xx` },
    { name: 'a rare route', url: () => '/api/request-log?route=/v1/domains' },
    { name: "a rare route's refusals", url: () => '/api/request-log?route=/v1/domains&status=4xx' },
    { name: 'a week, 20 days ago', url: () => `/api/request-log?from=${day(27)}&to=${day(20)}` },
  ].map((scenario) => ({ ...scenario, headers: session }));
  return [
    ...screen,
    { name: 'requests API, refusals', url: () => '/api/v1/requests?status=4xx', headers: api },
    { name: 'requests API, a route', url: () => '/api/v1/requests?route=/v1/users/:id/skills', headers: api },
  ];
}

try {
  const { fillSeconds } = await bench.signInAndFill(`${total.toLocaleString('en')} calls`, fill);
  console.log(
    `\nThe request log on PostgreSQL, ${total.toLocaleString('en')} calls in one organization, ${gets} calls a scenario (load average ${lib.loadAverage()})\n`,
  );
  const measured = await lib.scenariosSideBySide(bench.servers, bench.rounds, scenariosOf, {
    calls: gets,
    rowsOf: (body) => body.requests.length,
  });
  const sizes = await lib.tableSizesMb(db, 'request_log');
  console.log(`\nsizes (MB): ${JSON.stringify(sizes)}`);
  lib.writeResults('request-log', { calls: total, fillSeconds, ...measured, sizes }, { summary: `filled in ${fillSeconds} s; ` });
} finally {
  await bench.close();
}
