// Cold start of the embedded server: time from process start to the first healthy
// /healthz, and resident memory (now and peak, from /proc), on a first start (empty data
// directory: migrations and demo data) and on later starts (same data).
// Usage: node bench/startup.mjs [runs=3]   (builds first when needed)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled } from '../scripts/lib.mjs';
import { mb, memoryKb, sleep, startProcess } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
ensureInstalled();
ensureBuilt();

async function measure(dataDir) {
  const server = await startProcess('apps/server/dist/main.js', {
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    pollMs: 25,
  });
  await sleep(1000); // let start-up work settle
  const { rss, hwm } = memoryKb(server.pid);
  await server.stop();
  return { readyMs: server.readyMs, rssMb: mb(rss), peakMb: mb(hwm) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
const results = [];
results.push({ start: 'first (empty data dir)', ...(await measure(dataDir)) });
for (let i = 2; i <= runs; i++) results.push({ start: `later #${i - 1}`, ...(await measure(dataDir)) });
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`);
console.log('| start | ready (ms) | RSS after ready (MB) | peak RSS (MB) |');
console.log('|---|---|---|---|');
for (const r of results) console.log(`| ${r.start} | ${r.readyMs} | ${r.rssMb} | ${r.peakMb} |`);
