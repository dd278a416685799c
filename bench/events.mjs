// The audit trail and the events API on an organization of ten million events: the first page,
// a next page deep in the trail, filtered pages (an action, an area's actions, an actor, a
// target, words of target names, a date range) and the events API, through the real HTTP
// server on PostgreSQL; then the whole trail exported as CSV, with the server's peak memory.
//
//   node bench/events.mjs [events=10000000] [calls=200]
//   BENCH_KEEP_DATABASE=1 node bench/events.mjs ...                  keeps the filled database (its URL is printed)
//   BENCH_REUSE_DATABASE_URL=<that URL> node bench/events.mjs ...    measures it again without filling
//   BENCH_EXPORT=0 node bench/events.mjs ...                         pages only
//
// Starts the built server (demo data) on a fresh PostgreSQL database of BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test, dropped after), adds `events` events
// to the demo organization set-based (generate_series, a million a statement, with the events
// table's secondary indexes dropped and built again after, as a restore would): spread over 400
// days, four at each instant; actions weighted as a busy organization's (sign-ins and SCIM
// writes most, settings rare); 20,000 actors; a user target of 200,000 named from 120 given and
// 150 family names, and an import's or key's second target on some. VACUUM ANALYZE, signs the
// demo admin in, calls each scenario `calls` times after 20 unmeasured calls, one at a time.
// Prints p50/p99/max and the table's and indexes' sizes; writes bench/results/events.json
// (events-before-after.json side by side).
// Target: the first page and filtered pages under 50 ms p99; the export's memory flat.
//
// BENCH_BEFORE=<another build's apps/server/dist/main.js> (an older commit's, built aside):
// both builds serve the same filled database and take turns, BENCH_ROUNDS rounds (default 3),
// each scenario's p50 and p99 compared round by round (bench/lib.mjs, scenariosSideBySide);
// the export, when asked for, is this build's.
import {
  apiCredentials,
  demoAdminSession,
  demoServerOnBenchDatabase,
  FAMILY_NAMES,
  GIVEN_NAMES,
  loadAverage,
  mb,
  memoryKb,
  numberArgs,
  pageCursors,
  scenariosSideBySide,
  tableSizesMb,
  writeResults,
} from './lib.mjs';

const [total, calls] = numberArgs(10_000_000, 200);
const STEP = 1_000_000;

const bench = await demoServerOnBenchDatabase({
  prefix: 'bench_events',
  dataPrefix: 'bench-events-',
  env: { API_RATE_LIMIT: '1000000' },
});
const { server, db } = bench;

/**
 * Actions with their weight in 1,000: sign-ins and SCIM writes most; settings, tokens and
 * disabled organizations rare (organization.setting.changed: 1 in 10,000).
 */
const WEIGHTS = [
  ['session.signed_in', 400],
  ['session.signed_out', 100],
  ['session.sign_in_failed', 60],
  ['scim.user.updated', 150],
  ['scim.user.created', 80],
  ['scim.user.deactivated', 30],
  ['user.updated', 60],
  ['user.created', 40],
  ['user.disabled', 20],
  ['user_import.completed', 15],
  ['user_import.started', 15],
  ['analytics_report.downloaded', 10],
  ['access_key.rolled', 9],
  ['access_key.created', 5],
  ['scim.group.updated', 5],
  ['scim.token.rolled', 0.9],
  ['organization.setting.changed', 0.1],
];
const ACTIONS = WEIGHTS.flatMap(([action, weight]) => Array(Math.round(weight * 10)).fill(action));

/**
 * The demo organization's events, a million a statement; the secondary indexes dropped while
 * filling and built after, each with the statistics target a migration gave its columns (a
 * dropped index loses it, and the search's planning depends on it), as a restore keeps it.
 */
async function fill(organizationId) {
  const started = performance.now();
  const { rows: indexes } = await db.query(
    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'events' AND indexname <> 'events_pkey' ORDER BY indexname",
  );
  const { rows: targets } = await db.query(
    `SELECT c.relname AS indexname, a.attnum, a.attstattarget FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_index i ON i.indexrelid = c.oid WHERE i.indrelid = 'events'::regclass AND a.attstattarget > 0`,
  );
  for (const { indexname } of indexes) await db.query(`DROP INDEX ${indexname}`);
  // Ids as the console's are (RFC 9562: a version and a variant), which the answers' schemas check.
  await db.query(`CREATE FUNCTION pg_temp.bench_uuid(t text) RETURNS uuid LANGUAGE sql IMMUTABLE
                  AS $$ SELECT overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$`);
  for (let from = 1; from <= total; from += STEP) {
    const to = Math.min(total, from + STEP - 1);
    await db.query(
      `INSERT INTO events (organization_id, action, actor_type, actor_id, actor_name, actor_ip, actor_user_agent, targets, data, occurred_at)
       SELECT $1, acts[1 + abs(hashint4(i)) % array_length(acts, 1)],
              CASE WHEN i % 10 = 0 THEN 'scim_token' ELSE 'user' END,
              pg_temp.bench_uuid('actor' || (abs(hashint4(i * 3)) % 20000)),
              a.g || ' ' || a.f, '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 (bench)',
              CASE WHEN i % 7 = 0
                THEN jsonb_build_array(jsonb_build_object('type', 'user', 'id', pg_temp.bench_uuid('user' || u)::text, 'name', t.g || ' ' || t.f),
                                       jsonb_build_object('type', 'user_import', 'id', pg_temp.bench_uuid('import' || (i % 5000))::text,
                                                          'name', 'people-' || (i % 5000) || '.csv'))
                ELSE jsonb_build_array(jsonb_build_object('type', 'user', 'id', pg_temp.bench_uuid('user' || u)::text, 'name', t.g || ' ' || t.f))
              END,
              CASE WHEN i % 50 = 0 THEN jsonb_build_object('before', i % 3, 'after', i % 5) ELSE '{}'::jsonb END,
              now() - ((i / 4) * interval '1 second') * (400.0 * 86400 / ($6::int / 4))
       FROM (SELECT i, abs(hashint4(i * 7)) % 200000 AS u, $2::text[] AS gs, $3::text[] AS fs, $4::text[] AS acts
             FROM generate_series($5::int, $7::int) i) s,
            LATERAL (SELECT gs[1 + abs(hashint4(u)) % array_length(gs, 1)] AS g, fs[1 + abs(hashint4(-u)) % array_length(fs, 1)] AS f) t,
            LATERAL (SELECT gs[1 + abs(hashint4(i * 3)) % 20000 % array_length(gs, 1)] AS g,
                            fs[1 + abs(hashint4(i * 3)) % 20000 % array_length(fs, 1)] AS f) a`,
      [organizationId, GIVEN_NAMES, FAMILY_NAMES, ACTIONS, from, total, to],
    );
    process.stdout.write(`\r${to.toLocaleString('en')} events (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  console.log();
  for (const { indexname, indexdef } of indexes) {
    const t0 = performance.now();
    await db.query(indexdef);
    for (const t of targets.filter((t) => t.indexname === indexname)) {
      await db.query(`ALTER INDEX ${indexname} ALTER COLUMN ${t.attnum} SET STATISTICS ${t.attstattarget}`);
    }
    console.log(`${indexname} built in ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  await db.query('VACUUM ANALYZE events');
  return Math.round((performance.now() - started) / 1000);
}

/** The whole trail as CSV, read as a client would; the server's resident memory sampled as it streams. */
async function exportAll(headers) {
  const before = memoryKb(server.pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryKb(server.pid).rss);
  }, 200);
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/events/export?format=csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const result = {
    status: res.status,
    rows: lines - 1,
    mb: Math.round(bytes / 1048576),
    seconds: Math.round(seconds),
    rowsPerSecond: Math.round((lines - 1) / seconds),
    rssBeforeMb: mb(before.rss),
    rssPeakMb: mb(peak),
    hwmMb: mb(memoryKb(server.pid).hwm),
  };
  console.log(`export: ${JSON.stringify(result)}`);
  return result;
}

// Common words and rare ones, whole names and parts of names, of people and of import files;
// names typed with their accents and without them, in either case (the search folds both).
const WORDS = [
  'smith',
  'maria',
  'ana',
  'nguyen',
  'josé',
  'jose',
  'oliv',
  'kowalski',
  'rebecca torres',
  'people-42.csv',
  'çelik',
  'CELIK',
  'muller',
  'ostergaard',
  'mary smith',
];

/** A server's scenarios: its own session and API credentials; cursors of pages deep in the trail; actors and targets of every frequency. */
async function scenariosOf(s) {
  const session = await demoAdminSession(s.base);
  const api = await apiCredentials(s.base, session);
  const cursors = await pageCursors(s.base, '/api/events?limit=200', session, 100);
  const actors = (await db.query('SELECT DISTINCT actor_id FROM events WHERE actor_id IS NOT NULL LIMIT 50')).rows.map((r) => r.actor_id);
  const targets = (await db.query(`SELECT DISTINCT targets->0->>'id' AS id FROM events ORDER BY 1 LIMIT 50`)).rows.map((r) => r.id);
  const apiIds = (await db.query('SELECT id FROM events ORDER BY occurred_at DESC LIMIT 50 OFFSET 100000')).rows.map((r) => r.id);
  const q = (text) => encodeURIComponent(text);
  const day = (d) => new Date(Date.now() - d * 86_400_000).toISOString();
  const trail = [
    { name: 'first page', url: () => '/api/events' },
    { name: 'a next page (one of the first 100 of 200)', url: (i) => `/api/events?after=${cursors[i % cursors.length]}` },
    { name: 'one action, common (scim.user.updated)', url: () => '/api/events?actions=scim.user.updated' },
    { name: 'one action, rare (organization.setting.changed)', url: () => '/api/events?actions=organization.setting.changed' },
    { name: "an area's actions (user.*, 3 actions)", url: () => '/api/events?actions=user.created,user.updated,user.disabled' },
    { name: 'an actor', url: (i) => `/api/events?actorId=${actors[i % actors.length]}` },
    { name: 'an actor and an action', url: (i) => `/api/events?actorId=${actors[i % actors.length]}&actions=session.signed_in` },
    { name: 'a target (a user)', url: (i) => `/api/events?targetId=${targets[i % targets.length]}` },
    { name: 'words of target names', url: (i) => `/api/events?q=${q(WORDS[i % WORDS.length])}` },
    { name: 'a week, 200 days ago', url: () => `/api/events?from=${day(207)}&to=${day(200)}` },
  ].map((scenario) => ({ ...scenario, headers: session }));
  return [
    ...trail,
    { name: 'events API, newest first', url: () => '/api/v1/events', headers: api },
    {
      name: 'events API, oldest first after an event',
      url: (i) => `/api/v1/events?order=oldest&after=${apiIds[i % apiIds.length]}`,
      headers: api,
    },
  ];
}

try {
  const { session, fillSeconds } = await bench.signInAndFill(`${total.toLocaleString('en')} events`, fill);

  console.log(
    `\nThe audit trail on PostgreSQL, ${total.toLocaleString('en')} events in one organization, ${calls} calls a scenario (load average ${loadAverage()})\n`,
  );
  const measured = await scenariosSideBySide(bench.servers, bench.rounds, scenariosOf, { calls, rowsOf: (body) => body.events.length });
  const indexes = await tableSizesMb(db, 'events');
  console.log(`\nsizes (MB): ${JSON.stringify(indexes)}`);
  const exported = process.env.BENCH_EXPORT === '0' ? undefined : await exportAll(session);

  writeResults(
    'events',
    { events: total, fillSeconds, ...measured, exported, sizes: indexes },
    { summary: `filled in ${fillSeconds} s; ` },
  );
} finally {
  await bench.close();
}
