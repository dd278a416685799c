// SCIM provisioning under load (issue 16): 1,000 SCIM creates, then 1,000 PATCHes, at a
// concurrency of 10, as an identity provider's bulk sync sends them.
//
//   node bench/scim.mjs [users=1000] [concurrency=10] [postgres|embedded=postgres]
//
// Starts the built server (demo data) on a fresh PostgreSQL database of BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/test, dropped after) or on a fresh
// PGlite directory; the demo admin creates a SCIM token on the Provisioning API; then
// `users` POST /scim/v2/Users (each with name, externalId and an employeeNumber) and `users`
// PATCH /scim/v2/Users/{id} (Entra ID's shape: "Replace" of displayName and name.givenName),
// `concurrency` at a time. Prints the rate and the p50/p99/max of each phase; writes
// bench/results/scim-<mode>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from '../scripts/lib.mjs';
import { demoAdminSession, json, postJson, scratchPostgres, startProcess } from './lib.mjs';

const users = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 10);
const mode = process.argv[4] ?? 'postgres';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (run('npm', ['run', 'build', '-w', 'apps/server']) !== 0) process.exit(1);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scim-'));
const scratch = mode === 'postgres' ? await scratchPostgres(adminUrl, 'bench_scim') : undefined;
const server = await startProcess('apps/server/dist/main.js', {
  env: {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    DATA_DIR: work,
    SIGN_IN_RATE_LIMIT_MAX: '1000000',
    ...(scratch && { DATABASE_URL: scratch.url }),
  },
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `count` calls of `call(i)`, `concurrency` at a time; the rate and latencies of those that answered `expected`. */
async function phase(name, count, expected, call) {
  const times = [];
  const failures = {};
  let next = 0;
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
  };
  console.log(
    `| ${name} | ${count} | ${concurrency} | ${result.perSecond} | ${result.p50} | ${result.p99} | ${result.max} | ${JSON.stringify(failures)} |`,
  );
  return result;
}

try {
  const session = await demoAdminSession(server.base);
  const { secret } = await json(await postJson(server.base, '/api/provisioning/tokens', {}, session));
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' };
  const stamp = Date.now().toString(36);
  const ids = [];
  console.log(
    `\nSCIM on ${mode}: ${users} creates, then ${users} PATCHes, ${concurrency} at a time (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
  console.log('| phase | calls | concurrency | per second | p50 ms | p99 | max | refused |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const creates = await phase('POST /Users', users, 201, async (i) => {
    const res = await fetch(`${server.base}/api/scim/v2/Users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        userName: `bench.${stamp}.${i}@scim.example`,
        externalId: `ext-${stamp}-${i}`,
        name: { givenName: 'Bench', familyName: `User ${i}` },
        emails: [{ value: `bench.${stamp}.${i}@scim.example`, type: 'work', primary: true }],
        active: true,
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: `E-${stamp}-${i}` },
      }),
    });
    if (res.status === 201) ids[i] = (await res.clone().json()).id;
    return res;
  });
  const patches = await phase('PATCH /Users/{id}', users, 200, (i) =>
    fetch(`${server.base}/api/scim/v2/Users/${ids[i]}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'displayName', value: `Bench Renamed ${i}` },
          { op: 'Replace', path: 'name.givenName', value: 'Renamed' },
        ],
      }),
    }),
  );
  const out = path.join(root, 'bench', 'results', `scim-${mode}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify({ when: new Date().toISOString(), node: process.version, cores: os.cpus().length, creates, patches }, null, 2)}\n`,
  );
  console.log(
    `\nnode ${process.version}, ${os.cpus().length} cores; load average after ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server.stop();
  await scratch?.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
