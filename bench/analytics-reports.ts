// Analytics report generation for one large organization: how long the three CSV files
// take, the longest statement (on PGlite: the longest a request waits behind the job), the
// event loop's worst delay, and memory: the JavaScript heap's peak above its level before
// the run, at two sizes, to show that it holds a page and not the organization.
// Usage: npx tsx bench/analytics-reports.ts [completions=200000]
//   BENCH_DATABASE_URL=postgres://… adds a run on a scratch database of that server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { testConfig } from '../apps/server/src/config.js';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { generateReports } from '../apps/server/src/modules/analytics/generate.js';
import { createFolderBlobStore } from '../apps/server/src/storage/blob-store.js';

const largest = Number(process.argv[2] ?? 200_000);
const sizes = [Math.round(largest / 4), largest];

/** An organization with completions/10 users, 200 workflows, `completions` completions and 5 skills per user. */
async function seed(database: Database, completions: number): Promise<string> {
  const run = (text: string) => database.executeSql(text, []);
  const users = Math.max(10, Math.round(completions / 10));
  const [{ id: org }] = (await run(`insert into organizations (name, client_key) values ('Bench', 'bench') returning id`)).rows as {
    id: string;
  }[];
  await run(`insert into workspaces (organization_id, name) values ('${org}', 'Assembly')`);
  await run(`insert into workflows (organization_id, workspace_id, title)
             select '${org}', (select id from workspaces), 'Workflow ' || g || ', "quoted" =1+1' from generate_series(1, 200) g`);
  await run(`insert into users (organization_id, email, employee_id, display_name, role)
             select '${org}', 'user' || g || '@bench.example', 'E-' || g, 'User ' || g, 'viewer' from generate_series(1, ${users}) g`);
  await run(`insert into skills (organization_id, name) select '${org}', 'Skill ' || g from generate_series(1, 5) g`);
  await run(`insert into user_skills (user_id, skill_id, progress) select u.id, s.id, 50 from users u cross join skills s`);
  await run(`insert into completions (organization_id, user_id, workflow_id, completed_at, time_spent_seconds, score)
             select '${org}', u.a[1 + g % ${users}], w.a[1 + g % 200], now() - (g || ' minutes')::interval, 60 + g % 600,
                    case when g % 2 = 0 then g % 100 end
             from generate_series(1, ${completions}) g
             cross join (select array_agg(id order by id) a from users) u
             cross join (select array_agg(id order by id) a from workflows) w`);
  await run('analyze');
  return org;
}

async function measure(database: Database, work: () => Promise<unknown>) {
  const driver = (database.pglite ?? database.pool) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = driver.query;
  const statements: number[] = [];
  let slowest = { ms: 0, text: '' };
  driver.query = async (...args) => {
    const started = performance.now();
    try {
      return await query.apply(driver, args);
    } finally {
      const ms = performance.now() - started;
      statements.push(ms);
      if (ms > slowest.ms)
        slowest = {
          ms,
          text: String((args[0] as { text?: string })?.text ?? args[0])
            .replace(/\s+/g, ' ')
            .slice(0, 90),
        };
    }
  };
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const result = await work();
  const totalMs = Math.round(performance.now() - started);
  delay.disable();
  clearInterval(sampler);
  driver.query = query;
  statements.sort((a, b) => a - b);
  return {
    totalMs,
    statements: statements.length,
    longestStatementMs: Math.round(statements.at(-1) ?? 0),
    longestStatement: slowest.text,
    worstEventLoopDelayMs: Math.round(delay.max / 1e6),
    heapPeakAboveStartMB: Math.round((heapPeak - heapBefore) / 1e5) / 10,
    result,
  };
}

async function onDatabase(kind: string, open: () => Promise<{ database: Database; drop?: () => Promise<void> }>) {
  for (const completions of sizes) {
    const { database, drop } = await open();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
    try {
      await migrateDatabase(database);
      const org = await seed(database, completions);
      const deps = { config: testConfig({ DATA_DIR: dataDir }), database, blobs: createFolderBlobStore(path.join(dataDir, 'blobs')) };
      const outcome = await measure(database, () => generateReports(deps, org));
      console.log(JSON.stringify({ database: kind, completions, ...outcome }));
    } finally {
      await database.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await onDatabase('pglite', async () => ({ database: await openPglite() }));
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  await onDatabase('postgres', async () => {
    const name = `bench_analytics_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      database: await openPostgres(u.toString()),
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database ${name}`);
        await c.end();
      },
    };
  });
}
