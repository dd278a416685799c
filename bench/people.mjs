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
// bench/results/people.json. Target: the first page and a filtered search under 50 ms p99.
import { ensureBuilt } from '../scripts/lib.mjs';
import {
  benchDatabase,
  demoAdminSession,
  demoOrganizationId,
  FAMILY_NAMES,
  GIVEN_NAMES,
  loadAverage,
  startDemoServer,
  tableSizesMb,
  timeGets,
  writeResults,
} from './lib.mjs';

const users = Number(process.argv[2] ?? 1_000_000);
const calls = Number(process.argv[3] ?? 300);
const concurrency = Number(process.argv[4] ?? 1);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// The server's build, made again when its sources are newer (as npm test does).
ensureBuilt(['apps/server']);
const { default: pg } = await import('pg');
const database = await benchDatabase(adminUrl, 'bench_people');
const reused = database.reused;
const server = await startDemoServer({ dataPrefix: 'bench-people-', env: { DATABASE_URL: database.url } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

const GIVEN = GIVEN_NAMES;
const FAMILY = FAMILY_NAMES;

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
      [organizationId, GIVEN, FAMILY, from, to],
    );
    process.stdout.write(`\r${to.toLocaleString('en')} users (${Math.round((performance.now() - started) / 1000)} s)`);
  }
  console.log();
  await db.query('VACUUM ANALYZE users');
  return Math.round((performance.now() - started) / 1000);
}

/** `calls` GETs of `url(i)` (after 20 unmeasured ones), `concurrency` at a time: its line of the table, and its result. */
async function scenario(name, url, headers) {
  const result = await timeGets(server.base, { name, url, headers, calls, concurrency, rowsOf: (body) => body.people.length });
  console.log(
    `| ${name} | ${calls} | ${concurrency} | ${result.rowsPerCall} | ${result.p50} | **${result.p99}** | ${result.max} | ${JSON.stringify(result.failures)} |`,
  );
  return result;
}

// The start of given and family names, common and rare, bunched in the name order or spread, of 1 to 7 letters.
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
  'ba',
  'w',
  'zo',
  'çel',
  'mary s',
];
const RARE = (i) => `u${(((i + 1) * 7919) % users) + 1}.`;

try {
  const session = await demoAdminSession(server.base);
  const organizationId = await demoOrganizationId(db);
  let fillSeconds = 0;
  if (!reused) {
    console.log(`Filling the demo organization with ${users.toLocaleString('en')} users...`);
    fillSeconds = await fill(organizationId);
  }

  // Cursors of pages deep in the list, to start "next page" calls from.
  const cursors = [];
  let after = null;
  for (let i = 0; i < 200; i++) {
    const page = await (await fetch(`${server.base}/api/people${after ? `?after=${after}` : ''}`, { headers: session })).json();
    after = page.next;
    cursors.push(after);
  }

  console.log(
    `\nPeople on PostgreSQL, ${users.toLocaleString('en')} users in one organization, ${calls} calls a scenario, ${concurrency} at a time (load average ${loadAverage()})\n`,
  );
  console.log('| scenario | calls | concurrency | rows | p50 ms | p99 ms | max ms | refused |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const q = (s) => encodeURIComponent(s);
  const results = [
    await scenario('first page', () => '/api/people', session),
    await scenario('a next page (one of the first 200)', (i) => `/api/people?after=${cursors[i % cursors.length]}`, session),
    await scenario('search the start of a name', (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}`, session),
    await scenario('search a unique e-mail', (i) => `/api/people?q=${RARE(i)}`, session),
    await scenario(
      'source (SCIM, external API, console)',
      (i) => `/api/people?source=${['scim', 'external_api', 'console'][i % 3]}`,
      session,
    ),
    await scenario(
      'search a name and a source',
      (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}&source=${['scim', 'external_api', 'console'][i % 3]}`,
      session,
    ),
    await scenario('status (invited, deactivated)', (i) => `/api/people?status=${['invited', 'deactivated'][i % 2]}`, session),
    await scenario(
      'search the start of a name, next page',
      (i) => `/api/people?q=${q(SEARCHES[i % SEARCHES.length])}&after=${cursors[0]}`,
      session,
    ),
  ];

  const indexes = await tableSizesMb(db, 'users');
  console.log(`\nsizes (MB): ${JSON.stringify(indexes)}`);

  writeResults('people', { users, fillSeconds, concurrency, results, sizes: indexes }, { summary: `filled in ${fillSeconds} s; ` });
} finally {
  await db.end();
  await server.stop();
  await database.release();
  server.removeData();
}
