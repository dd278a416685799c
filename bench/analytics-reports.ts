// Analytics report generation for one large organization: how long the three CSV files
// take, the longest statement (on PGlite: the longest a request waits behind the job), the
// event loop's worst delay, and memory: the JavaScript heap's peak above its level before
// the run, at two sizes, to show that it holds a page and not the organization.
// Usage: npx tsx bench/analytics-reports.ts [completions=200000]
//   BENCH_DATABASE_URL=postgres://… adds a run on a scratch database of that server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../apps/server/src/db/client.js';
import { systemClock } from '../apps/server/src/deps.js';
import { createAnalyticsRepository } from '../apps/server/src/modules/analytics/analytics.repository.js';
import { generateReports } from '../apps/server/src/modules/analytics/generate.js';
import { createFolderBlobStore } from '../apps/server/src/storage/blob-store.js';
import { measure, onEachDatabase } from './measure.js';

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

/** The shared statement timings (measure.ts), plus the JavaScript heap's peak above its level after a GC. */
async function measureWithHeap(database: Database, work: () => Promise<unknown>) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  try {
    const outcome = await measure(database, work);
    return { ...outcome, heapPeakAboveStartMB: Math.round((heapPeak - heapBefore) / 1e5) / 10 };
  } finally {
    clearInterval(sampler);
  }
}

await onEachDatabase('bench_analytics', sizes, async (kind, completions, database) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
  try {
    const org = await seed(database, completions);
    const deps = {
      repo: createAnalyticsRepository(database.db),
      blobs: createFolderBlobStore(path.join(dataDir, 'blobs')),
      clock: systemClock,
      // The page the server uses on this database (its profile), as the registry passes it.
      pageRows: database.profile.reportPageRows,
    };
    const outcome = await measureWithHeap(database, () => generateReports(deps, org));
    console.log(JSON.stringify({ database: kind, completions, ...outcome }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
