// Cold start of the embedded server: time from process start to the first healthy
// /healthz, and resident memory (now and peak, from /proc), on a first start (empty data
// directory: migrations and demo data) and on later starts (same data).
// Usage: node bench/startup.mjs [runs=3]   (builds first when needed)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from '../scripts/lib.mjs';

const runs = Number(process.argv[2] ?? 3);
ensureInstalled();
ensureBuilt();

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const memory = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))[1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};

async function measure(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = Math.round(performance.now() - started);
  await new Promise((r) => setTimeout(r, 1000)); // let start-up work settle
  const mem = memory(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { readyMs, ...mem };
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
