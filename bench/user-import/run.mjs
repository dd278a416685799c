// User import of a large CSV end to end through the API, on PGlite and on PostgreSQL:
// the server (apps/server/dist/main.js, demo data) is started, the admin signs in, the
// file is streamed up as multipart, and the import is followed until it completes, confirmed
// at its summary as the admin does (the figures leave out the time it waits there).
// Reported: rows/s end to end (upload included), the time of each phase, and the
// server's resident memory (sampled from /proc every 100 ms, and VmHWM). Then, in the
// same run, the same rows are COPYed raw into the staging table user_import_rows and
// into users, for comparison.
//
// Usage: node bench/user-import/run.mjs [rows=1000000] [pglite,postgres]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where a
//   scratch database is created and dropped.
//   BENCH_BEFORE=<another build's apps/server/dist/main.js> (an older commit's, built aside):
//   the builds take turns, BENCH_ROUNDS rounds (default 3), each import on a fresh database
//   (or PGlite folder), rows/s end to end compared round by round; the raw COPYs are left out.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureInstalled } from '../../scripts/lib.mjs';
import {
  benchBuilds,
  demoAdminSession,
  followUserImport,
  mb,
  median,
  memoryKb as memory,
  ratioByRound,
  scratchPostgres,
  sleep,
  startProcess,
  takeTurns,
  uploadUserImport,
} from '../lib.mjs';

const rows = Number(process.argv[2] ?? 1_000_000);
const kinds = (process.argv[3] ?? 'pglite,postgres').split(',');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

ensureInstalled();
const { builds, rounds } = benchBuilds();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-user-import-'));
const csv = path.join(work, 'users.csv');
spawnSync(process.execPath, [new URL('./generate.mjs', import.meta.url).pathname, String(rows), csv], { stdio: 'inherit' });
const csvBytes = fs.statSync(csv).size;

async function startServer(env, script = builds[0].script) {
  // The server's log, for when something goes wrong (BENCH_SERVER_LOG to keep it).
  const log = fs.openSync(process.env.BENCH_SERVER_LOG ?? path.join(work, 'server.log'), 'a');
  try {
    return await startProcess(script, {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'production', DEMO_DATA: 'true', ...env },
      pollMs: 100,
      stdio: ['ignore', log, log],
    });
  } finally {
    fs.closeSync(log); // the server writes to its own copy
  }
}

async function importThroughApi(env, script) {
  const server = await startServer(env, script);
  const { child, base } = server;
  const headers = await demoAdminSession(base);
  await sleep(2000); // let start-up work (demo data, job queues) settle before the baseline
  const baseline = memory(child.pid);
  let peak = baseline.rss;
  // The resident set's peak in each phase (as last polled), to see which one holds memory.
  let phase = 'upload';
  const peakIn = {};
  const sampler = setInterval(() => {
    try {
      const { rss } = memory(child.pid);
      peak = Math.max(peak, rss);
      peakIn[phase] = Math.max(peakIn[phase] ?? 0, rss);
    } catch {}
  }, 100);
  const t0 = performance.now();
  const created = await uploadUserImport(base, headers, csv);
  const uploadedMs = performance.now() - t0;
  const phases = {};
  const { view, atSummaryMs } = await followUserImport(base, headers, created.id, {
    // Times leave out the wait at the summary; its phase is already applying, so "validated
    // by" includes computing the summary.
    onView(seen, waited) {
      phase = seen.phase;
      phases[seen.phase] ??= performance.now() - t0 - waited;
    },
  });
  const totalMs = performance.now() - t0 - atSummaryMs;
  clearInterval(sampler);
  const loadAverage = Number(os.loadavg()[0].toFixed(1));
  const { hwm } = memory(child.pid);
  await server.stop();
  if (view.status !== 'completed') throw new Error(`import ended ${view.status}: ${JSON.stringify(view)}`);
  const peakMbIn = Object.fromEntries(Object.entries(peakIn).map(([k, v]) => [k, mb(v)]));
  return { view, totalMs, uploadedMs, phases, baselineMb: mb(baseline.rss), peakMb: mb(peak), peakMbIn, hwmMb: mb(hwm), loadAverage };
}

/** The same rows, COPYed raw: into the staging table, and (as users) into users. */
async function rawCopies(exec, copyCsv, orgId) {
  const usersFile = path.join(work, 'raw-users.csv');
  // Other e-mails and employee IDs than the imported ones; prepared outside the timing.
  await pipeline(
    fs.createReadStream(csv),
    async function* (source) {
      let rest = '';
      let header = true;
      for await (const chunk of source) {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        let out = '';
        for (const line of lines) {
          if (header) {
            header = false;
            continue;
          }
          const [email, emp, name, role] = line.split(',');
          out += `raw${email},raw${emp},${name},${role}\n`;
        }
        yield out;
      }
    },
    fs.createWriteStream(usersFile),
  );
  await exec(`CREATE SEQUENCE bench_rows;
    ALTER TABLE user_import_rows ALTER COLUMN import_id SET DEFAULT '${randomUUID()}', ALTER COLUMN row_number SET DEFAULT nextval('bench_rows');
    ALTER TABLE users ALTER COLUMN organization_id SET DEFAULT '${orgId}';`);
  let t = performance.now();
  await copyCsv(
    'COPY user_import_rows (email, employee_id, name, role, workspaces, teams, skills) FROM STDIN WITH (FORMAT csv, HEADER true)',
    csv,
  );
  const stagingMs = performance.now() - t;
  t = performance.now();
  await copyCsv('COPY users (email, employee_id, display_name, role) FROM STDIN WITH (FORMAT csv)', usersFile);
  const usersMs = performance.now() - t;
  return { stagingMs, usersMs };
}

async function benchPglite() {
  const dataDir = path.join(work, 'pglite');
  const result = await importThroughApi({ DATA_DIR: dataDir });
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { citext, pg_trgm } });
  const [{ id: orgId }] = (await db.query("SELECT organization_id AS id FROM users WHERE email = 'admin@acme.example'")).rows;
  const raw = await rawCopies(
    (text) => db.exec(text),
    async (text, file) => db.query(text.replace('FROM STDIN', "FROM '/dev/blob'"), [], { blob: await fs.openAsBlob(file) }),
    orgId,
  );
  await db.close();
  return { ...result, ...raw };
}

async function benchPostgres() {
  const scratch = await scratchPostgres(adminUrl, 'bench_ui');
  try {
    const result = await importThroughApi({ DATABASE_URL: scratch.url, DATA_DIR: path.join(work, 'pg-data') });
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const [{ id: orgId }] = (await client.query("SELECT organization_id AS id FROM users WHERE email = 'admin@acme.example'")).rows;
    const raw = await rawCopies(
      (text) => client.query(text),
      (text, file) => pipeline(fs.createReadStream(file), client.query(copyFrom(text))),
      orgId,
    );
    await client.end();
    return { ...result, ...raw };
  } finally {
    await scratch.drop();
  }
}

/** One import through the API of `build` on a fresh database of `kind`, without the raw COPYs. */
async function importOnly(kind, build) {
  if (kind === 'pglite') return importThroughApi({ DATA_DIR: fs.mkdtempSync(path.join(work, 'pglite-')) }, build.script);
  const scratch = await scratchPostgres(adminUrl, `bench_ui_${build.name}`);
  try {
    return await importThroughApi({ DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(work, 'pg-data-')) }, build.script);
  } finally {
    await scratch.drop();
  }
}

const rate = (ms) => Math.round(rows / (ms / 1000)).toLocaleString('en');
const s = (ms) => (ms / 1000).toFixed(1);

if (builds.length > 1) {
  const compared = [];
  for (const kind of kinds) {
    const runs = builds.map((build) => ({ ...build, results: [] }));
    await takeTurns(runs, rounds, async (build, round) => {
      const r = await importOnly(kind, build);
      build.results.push(r);
      console.log(`${kind}, ${build.name}, round ${round}: ${s(r.totalMs)} s, ${rate(r.totalMs)} rows/s, load average ${r.loadAverage}`);
    });
    const [now, before] = runs;
    const perSecond = (r) => rows / (r.totalMs / 1000);
    compared.push({
      kind,
      this: Math.round(median(now.results.map(perSecond))),
      before: Math.round(median(before.results.map(perSecond))),
      ratio: ratioByRound(now.results, before.results, perSecond),
    });
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} cores, ${rows} rows, ${(csvBytes / 1e6).toFixed(1)} MB; this = ${builds[0].script}, before = ${builds[1].script}; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| database | this rows/s | before rows/s | this / before by round | median |');
  console.log('|---|---|---|---|---|');
  for (const c of compared) console.log(`| ${c.kind} | ${c.this} | ${c.before} | ${c.ratio.rounds.join(', ')} | **${c.ratio.median}** |`);
  process.exit(0);
}

const results = [];
for (const kind of kinds) {
  console.log(`\n${kind}: importing ${rows} rows (${(csvBytes / 1e6).toFixed(1)} MB)...`);
  const r = kind === 'pglite' ? await benchPglite() : await benchPostgres();
  results.push({ kind, ...r });
  console.log(
    JSON.stringify({ kind, ...r, view: undefined, counts: { rowsApplied: r.view.rowsApplied, usersCreated: r.view.usersCreated } }),
  );
}
fs.rmSync(work, { recursive: true, force: true });

console.log(
  `\nnode ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${rows} rows, ${(csvBytes / 1e6).toFixed(1)} MB, load average now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(
  '| database | end to end (s) | rows/s | upload (s) | staged by (s) | validated by (s) | applied by (s) | raw COPY → user_import_rows (rows/s) | end to end / raw COPY | raw COPY → users (rows/s) | end to end / raw COPY → users | server RSS before → peak (MB) | growth (MB) | VmHWM (MB) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.kind} | ${s(r.totalMs)} | ${rate(r.totalMs)} | ${s(r.uploadedMs)} | ${r.phases.validating ? s(r.phases.validating) : '-'} | ${r.phases.applying ? s(r.phases.applying) : '-'} | ${s(r.totalMs)} | ${rate(r.stagingMs)} | ${Math.round((100 * r.stagingMs) / r.totalMs)}% | ${rate(r.usersMs)} | ${Math.round((100 * r.usersMs) / r.totalMs)}% | ${r.baselineMb} → ${r.peakMb} | ${r.peakMb - r.baselineMb} | ${r.hwmMb} |`,
  );
}
