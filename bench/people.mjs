// The People screen on an organization of a million users: its first page, the
// pages after it, and searches and filters, through the real HTTP server on PostgreSQL.
//
//   node bench/people.mjs [users=1000000] [calls=300] [concurrency=1]
//   BENCH_KEEP_DATABASE=1 node bench/people.mjs ...                  keeps the filled database (its URL is printed)
//   BENCH_REUSE_DATABASE_URL=<that URL> node bench/people.mjs ...    measures it again without filling
//
// Starts the built server (demo data) on a fresh PostgreSQL database of BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test, dropped after), adds `users`
// users to the demo organization set-based (generate_series: names from 120 given and 150
// family names, some with an initial, a few accented; a unique e-mail each; sources 50% CSV
// import, 30% SCIM, 10% external API, 10% console; 4% disabled, 1% deleted by SCIM, 10%
// invited and never signed in), VACUUM ANALYZE, signs the demo admin in, then calls each
// scenario `calls` times, `concurrency` at a time, after 20 unmeasured calls. Prints the
// p50/p99/max of each and the size of the users table and its indexes; writes
// bench/results/people.json (people-before-after.json side by side). Target: the first page and a filtered search under 50 ms p99.
//
// BENCH_BEFORE=<another build's apps/server/dist/main.js> (an older commit's, built aside):
// both builds serve the same filled database and take turns, BENCH_ROUNDS rounds (default 3),
// each scenario's p50 and p99 compared round by round (bench/lib.mjs, scenariosSideBySide).
import {
  demoAdminSession,
  demoServerOnBenchDatabase,
  FAMILY_NAMES,
  GIVEN_NAMES,
  loadAverage,
  numberArgs,
  pageCursors,
  scenariosSideBySide,
  tableSizesMb,
  writeResults,
} from './lib.mjs';

const [users, calls, concurrency] = numberArgs(1_000_000, 300, 1);

const bench = await demoServerOnBenchDatabase({ prefix: 'bench_people', dataPrefix: 'bench-people-' });
const { db } = bench;

/** The demo organization's users, made in batches of 100,000 rows. */
async function fill(organizationId) {
  const started = performance.now();
  for (let from = 1; from <= users; from += 100_000) {
    const to = Math.min(users, from + 99_999);
    await db.query(
      `INSERT INTO users (organization_id, email, display_name, given_name, family_name, role, source, created_at, updated_at,
                          disabled_at, scim_deleted_at, invited_at, last_login_at, department)
       SELECT $1, 'u' || i || '.' || lower(f) || '@bigcorp.example',
              g || ' ' || CASE WHEN i % 10 < 3 THEN chr(65 + i % 26) || '. ' ELSE '' END || f, g, f,
              CASE WHEN i % 50 = 0 THEN 'workspace_admin' WHEN i % 7 = 0 THEN 'publisher' ELSE 'viewer' END,
              CASE WHEN i % 20 < 10 THEN 'csv_import' WHEN i % 20 < 16 THEN 'scim' WHEN i % 20 < 18 THEN 'external_api' ELSE 'console' END,
              now() - (i % 10000) * interval '1 hour',
              CASE WHEN i % 20 BETWEEN 10 AND 15 THEN now() - (i % 100) * interval '1 hour' END,
              CASE WHEN i % 100 < 5 THEN now() END,
              CASE WHEN i % 100 = 4 THEN now() END,
              CASE WHEN i % 100 BETWEEN 5 AND 14 THEN now() END,
              CASE WHEN i % 100 >= 15 THEN now() - (i % 400) * interval '1 day' END,
              'Department ' || (i % 40)
       FROM (SELECT i, $2::text[] AS gs, $3::text[] AS fs FROM generate_series($4::int, $5::int) i) s,
            LATERAL (SELECT gs[1 + abs(hashint4(i)) % array_length(gs, 1)] AS g,
                            fs[1 + abs(hashint4(-i)) % array_length(fs, 1)] AS f) n`,
      [organizationId, GIVEN_NAMES, FAMILY_NAMES, from, to],
    );
    process.stdout.write(`\r${to.toLocaleString('en')} users (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  console.log();
  await db.query('VACUUM ANALYZE users');
  return Math.round((performance.now() - started) / 1000);
}

// The start of given and family names, common and rare, bunched in the name order or spread, of 1 to 7 letters;
// accented names typed with their accents and without them, in either case (the search folds both).
const SEARCHES = [
  'mar',
  'smith',
  'ana',
  'nguyen',
  'jos',
  'oliv',
  'kowal',
  'rebecca',
  'torres',
  'chen',
  'müller',
  'muller',
  'MULLER',
  'jose',
  'ostergaard',
  'cel',
  'ba',
  'w',
  'zo',
  'çel',
  'mary s',
];
const RARE = (i) => `u${(((i + 1) * 7919) % users) + 1}.`;

/** A server's scenarios: its own session, and cursors of pages deep in the list to start "next page" calls from. */
async function scenariosOf(s) {
  const session = await demoAdminSession(s.base);
  const cursors = await pageCursors(s.base, '/api/people', session, 200);
  const q = (text) => encodeURIComponent(text);
  const source = (i) => ['scim', 'external_api', 'console'][i % 3];
  return [
    { name: 'first page', url: () => '/api/people' },
    { name: 'a next page (one of the first 200)', url: (i) => `/api/people?after=${cursors[i % cursors.length]}` },
    { name: 'search the start of a name', url: (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}` },
    { name: 'search a unique e-mail', url: (i) => `/api/people?q=${RARE(i)}` },
    { name: 'source (SCIM, external API, console)', url: (i) => `/api/people?source=${source(i)}` },
    { name: 'search a name and a source', url: (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}&source=${source(i)}` },
    { name: 'status (invited, deactivated)', url: (i) => `/api/people?status=${['invited', 'deactivated'][i % 2]}` },
    { name: 'search the start of a name, next page', url: (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}&after=${cursors[0]}` },
  ].map((scenario) => ({ ...scenario, headers: session }));
}

try {
  const { fillSeconds } = await bench.signInAndFill(`${users.toLocaleString('en')} users`, fill);

  console.log(
    `\nPeople on PostgreSQL, ${users.toLocaleString('en')} users in one organization, ${calls} calls a scenario, ${concurrency} at a time (load average ${loadAverage()})\n`,
  );
  const measured = await scenariosSideBySide(bench.servers, bench.rounds, scenariosOf, {
    calls,
    concurrency,
    rowsOf: (body) => body.people.length,
  });

  const indexes = await tableSizesMb(db, 'users');
  console.log(`\nsizes (MB): ${JSON.stringify(indexes)}`);

  writeResults('people', { users, fillSeconds, concurrency, ...measured, sizes: indexes }, { summary: `filled in ${fillSeconds} s; ` });
} finally {
  await bench.close();
}
