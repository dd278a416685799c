// SCIM provisioning under load (issues 16 and 25): creates, then PATCHes, at a concurrency
// of 10, as an identity provider's bulk sync sends them. Each create carries the whole
// profile Okta and Entra ID send: the name's parts, a work e-mail apart from userName and a
// home one, work and mobile phone, a work address, title, language, locale, time zone, roles,
// and the enterprise extension with employee number, cost center, organization, division,
// department and a manager (by id).
//
//   node bench/scim.mjs [users=1000] [concurrency=10] [postgres|embedded=postgres]
//
// Starts the built server (demo data) on a fresh PostgreSQL database of BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test, dropped after) or on a fresh
// PGlite directory; the demo admin creates a SCIM token on the Provisioning API and one
// user to be everyone's manager; then `users` POST /scim/v2/Users and `users` PATCH
// /scim/v2/Users/{id} (Entra ID's shape: "Replace" of displayName and name.givenName),
// `concurrency` at a time. Prints the rate and the p50/p99/max of each phase; writes
// bench/results/scim-<mode>.json.
//
// BENCH_SERVER: the build to measure (default apps/server/dist/main.js, built first).
// BENCH_BEFORE: another build to compare with (an older commit's, built aside): both run
// side by side, each on its own fresh database, and take turns, BENCH_ROUNDS rounds
// (default 3 with BENCH_BEFORE, else 1), the first of each round alternating; each round
// sends new users. The older build gets the same requests and keeps what it knew of them.
// Before the first round each build serves BENCH_WARMUP creates (default 100), not counted.
// Besides calls per second, each phase gives the CPU time per call of the server process and,
// on PostgreSQL, of the database's backends serving it (/proc/<pid>/stat, Linux): on a
// machine other work loads, the rate moves by half from run to run, the CPU per call hardly.
import {
  benchBuilds,
  cpuSeconds,
  demoAdminSession,
  json,
  loadAverage,
  median,
  percentile,
  postJson,
  ratioByRound,
  scratchPostgres,
  startDemoServer,
  takeTurns,
  writeResults,
} from './lib.mjs';

const users = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 10);
const mode = process.argv[4] ?? 'postgres';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { builds, rounds } = benchBuilds();
const warmup = Number(process.env.BENCH_WARMUP ?? 100);

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** Server and database CPU of a phase, µs per call. */
const cpuUs = (r) => (r.serverCpuUs ?? 0) + (r.databaseCpuUs ?? 0);

/** CPU seconds of the server process and of the database backends connected to its database. */
async function cpuOf(s) {
  const database = new Map();
  if (s.database) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'", [
        s.database,
      ]);
      for (const { pid } of rows) database.set(pid, cpuSeconds(pid) ?? 0);
    } finally {
      await client.end();
    }
  }
  return { server: cpuSeconds(s.pid), database };
}

/** CPU µs per call between two readings; backends that began in between count whole. */
function cpuPerCall(before, after, calls) {
  const server = before.server === undefined || after.server === undefined ? undefined : after.server - before.server;
  let database = 0;
  for (const [pid, seconds] of after.database) database += seconds - (before.database.get(pid) ?? 0);
  const us = (seconds) => (seconds === undefined ? undefined : Math.round((seconds * 1e6) / calls));
  return { serverCpuUs: us(server), databaseCpuUs: after.database.size > 0 ? us(database) : undefined };
}

/** A user with every attribute of Okta's and Entra ID's default mappings. */
function profile(key, i, managerId) {
  return {
    schemas: [USER, ENTERPRISE],
    userName: `bench.${key}@scim.example`,
    externalId: `ext-${key}`,
    name: { givenName: 'Bench', familyName: `User ${i}`, formatted: `Bench User ${i}`, middleName: 'Q', honorificPrefix: 'Ms.' },
    displayName: `Bench User ${i}`,
    nickName: 'Bench',
    title: 'Line Operator',
    userType: 'Employee',
    preferredLanguage: 'en-US',
    locale: 'en-US',
    timezone: 'America/Chicago',
    emails: [
      { value: `bench.${key}@work.example`, type: 'work', primary: true },
      { value: `bench.${key}@home.example`, type: 'home' },
    ],
    phoneNumbers: [
      { value: '+1 312 555 0100', type: 'work', primary: true },
      { value: '+1 312 555 0199', type: 'mobile' },
    ],
    addresses: [
      {
        type: 'work',
        formatted: '100 Plant Road, Chicago, IL 60601, US',
        streetAddress: '100 Plant Road',
        locality: 'Chicago',
        region: 'IL',
        postalCode: '60601',
        country: 'US',
        primary: true,
      },
    ],
    roles: [{ value: 'operator', primary: true }],
    active: true,
    [ENTERPRISE]: {
      employeeNumber: `E-${key}`,
      costCenter: 'CC-100',
      organization: 'Acme Manufacturing',
      division: 'Operations',
      department: 'Assembly',
      manager: { value: managerId },
    },
  };
}

/** Runs `count` calls of `call(i)`, `concurrency` at a time; the rate and latencies of those that answered `expected`. */
async function phase(s, label, name, count, expected, call) {
  const times = [];
  const failures = {};
  let next = 0;
  const cpuBefore = await cpuOf(s);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        const res = await call(i);
        const ms = performance.now() - t0;
        await res.arrayBuffer();
        if (res.status === expected) times.push(ms);
        else failures[res.status] = (failures[res.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuPerCall(cpuBefore, await cpuOf(s), count);
  times.sort((a, b) => a - b);
  const result = {
    phase: name,
    calls: count,
    ok: times.length,
    failures,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(times.length / seconds),
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    max: Math.round(times.at(-1)),
    ...cpu,
  };
  console.log(
    `| ${label} | ${name} | ${count} | ${concurrency} | ${result.perSecond} | ${result.p50} | ${result.p99} | ${result.max} | ${cpu.serverCpuUs ?? '?'} | ${cpu.databaseCpuUs ?? '?'} | ${JSON.stringify(failures)} |`,
  );
  return result;
}

/** One build started on its own database, with a SCIM token and the manager everyone gets. */
async function start(build) {
  const scratch = mode === 'postgres' ? await scratchPostgres(adminUrl, `bench_scim_${build.name}`) : undefined;
  const server = await startDemoServer({
    script: build.script,
    dataPrefix: 'bench-scim-',
    env: scratch ? { DATABASE_URL: scratch.url } : {},
  });
  const stop = async () => {
    await server.stop();
    await scratch?.drop();
    server.removeData();
  };
  try {
    const session = await demoAdminSession(server.base);
    const { secret } = await json(await postJson(server.base, '/api/provisioning/tokens', { name: 'Bench identity provider' }, session));
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' };
    const manager = await fetch(`${server.base}/api/scim/v2/Users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ schemas: [USER], userName: `manager.${Date.now().toString(36)}@scim.example`, displayName: 'Bench Manager' }),
    }).then(json);
    const database = scratch && new URL(scratch.url).pathname.slice(1);
    return { ...build, base: server.base, pid: server.pid, database, headers, managerId: manager.id, stop, results: [] };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One round of a build: `count` creates with the whole profile, then a PATCH of each. */
async function measure(s, round, count = users) {
  const stamp = `${Date.now().toString(36)}r${round}`;
  const ids = [];
  const label = round === 0 ? `${s.name}, warm-up` : `${s.name}, round ${round}`;
  const creates = await phase(s, label, 'POST /Users', count, 201, async (i) => {
    const res = await fetch(`${s.base}/api/scim/v2/Users`, {
      method: 'POST',
      headers: s.headers,
      body: JSON.stringify(profile(`${stamp}.${i}`, i, s.managerId)),
    });
    if (res.status === 201) ids[i] = (await res.clone().json()).id;
    return res;
  });
  const patches = await phase(s, label, 'PATCH /Users/{id}', count, 200, (i) =>
    fetch(`${s.base}/api/scim/v2/Users/${ids[i]}`, {
      method: 'PATCH',
      headers: s.headers,
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'displayName', value: `Bench Renamed ${i}` },
          { op: 'Replace', path: 'name.givenName', value: 'Renamed' },
        ],
      }),
    }),
  );
  if (round > 0) s.results.push({ round, creates, patches });
}

const servers = [];
try {
  for (const build of builds) servers.push(await start(build));
  console.log(
    `\nSCIM on ${mode}: ${builds.map((b) => `${b.name} = ${b.script}`).join(', ')}; ${rounds} round(s) of ${users} creates, then ${users} PATCHes, ${concurrency} at a time (load average ${loadAverage()})\n`,
  );
  console.log(
    '| build, round | phase | calls | concurrency | per second | p50 ms | p99 | max | server CPU µs/call | database CPU µs/call | refused |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  if (warmup > 0) for (const s of servers) await measure(s, 0, warmup);
  await takeTurns(servers, rounds, measure);
  const summary = Object.fromEntries(
    servers.map((s) => [
      s.name,
      {
        script: s.script,
        createsPerSecond: median(s.results.map((r) => r.creates.perSecond)),
        patchesPerSecond: median(s.results.map((r) => r.patches.perSecond)),
        createCpuUs: median(s.results.map((r) => cpuUs(r.creates))),
        patchCpuUs: median(s.results.map((r) => cpuUs(r.patches))),
      },
    ]),
  );
  if (servers.length > 1) {
    const [now, before] = servers;
    summary.createsRatio = ratioByRound(now.results, before.results, (r) => r.creates.perSecond);
    summary.patchesRatio = ratioByRound(now.results, before.results, (r) => r.patches.perSecond);
    // What a create costs before over what it costs now: the share of the rate kept where CPU is the limit.
    summary.createsCpuRatio = ratioByRound(before.results, now.results, (r) => cpuUs(r.creates));
    summary.patchesCpuRatio = ratioByRound(before.results, now.results, (r) => cpuUs(r.patches));
    console.log(
      `\ncreates/s, median of rounds: this ${summary.this.createsPerSecond}, before ${summary.before.createsPerSecond}; this / before by round ${summary.createsRatio.rounds.join(', ')} (median ${summary.createsRatio.median})`,
    );
    console.log(
      `CPU per create (server + database), median of rounds: this ${summary.this.createCpuUs} µs, before ${summary.before.createCpuUs} µs; before / this by round ${summary.createsCpuRatio.rounds.join(', ')} (median ${summary.createsCpuRatio.median})`,
    );
    console.log(
      `PATCHes/s, median of rounds: this ${summary.this.patchesPerSecond}, before ${summary.before.patchesPerSecond}; this / before by round ${summary.patchesRatio.rounds.join(', ')} (median ${summary.patchesRatio.median})`,
    );
  }
  writeResults(`scim-${mode}`, {
    users,
    concurrency,
    rounds,
    summary,
    builds: servers.map((s) => ({ name: s.name, script: s.script, results: s.results })),
  });
} finally {
  for (const s of servers) await s.stop();
}
