/**
 * A real server process from the TypeScript sources (`node --import tsx src/main.ts`), for
 * tests that need several processes (roles, replicas, a worker killed with SIGKILL):
 *   const a = startServerProcess({ PROCESS_ROLE: 'api', PORT: String(port), ... });
 *   await a.healthy(port);                      // an API answers /healthz
 *   await w.seen('user import: batch applied');  // a JSON log line with that message
 *   await a.printed('sign-in-link');             // any output containing this text
 * Processes still running when the test file ends are killed by `killAllServerProcesses`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

const running: ChildProcess[] = [];
const serverDir = path.resolve(import.meta.dirname, '../..');

export function startServerProcess(env: Record<string, string>, name = 'server') {
  // INIT_CWD unset: npm's would make a relative DATA_DIR resolve against the caller's folder.
  const child = spawn(process.execPath, ['--disable-proto=delete', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, INIT_CWD: '', NODE_ENV: 'production', ...env },
  });
  running.push(child);
  const lines: LogLine[] = [];
  const waiters: { msg: string; resolve: (line: LogLine) => void }[] = [];
  let buffered = '';
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d;
    buffered += d;
    let nl = buffered.indexOf('\n');
    while (nl !== -1) {
      const text = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      nl = buffered.indexOf('\n');
      try {
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        for (const w of waiters.filter((w) => w.msg === line.msg)) w.resolve(line);
      } catch {
        /* not a log line (the welcome) */
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d;
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const tail = () => `${name}'s output:\n${output.slice(-3000)}`;
  return {
    child,
    exited,
    lines,
    output: () => output,
    /** The first log line with this message (already written or to come). */
    seen(msg: string, ms = 90_000): Promise<LogLine> {
      const found = lines.find((l) => l.msg === msg);
      if (found) return Promise.resolve(found);
      return new Promise<LogLine>((resolve, reject) => {
        waiters.push({ msg, resolve });
        setTimeout(() => reject(new Error(`no "${msg}" from ${tail()}`)), ms).unref();
        void exited.then(() => setTimeout(() => reject(new Error(`${name} exited before "${msg}": ${tail()}`)), 100));
      });
    },
    /** Resolves once the output (log or welcome) contains `text`. */
    async printed(text: string, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!output.includes(text)) {
        if (Date.now() > deadline) throw new Error(`no "${text}" from ${tail()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    /** Resolves once /healthz answers on this port; rejects if the process ends first. */
    async healthy(port: number, ms = 90_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (exitCode !== undefined) throw new Error(`${name} exited (${exitCode}) before it was healthy: ${tail()}`);
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${name} was not healthy within ${ms} ms: ${tail()}`);
    },
  };
}

export type ServerProcess = ReturnType<typeof startServerProcess>;

/** Runs the console CLI (src/cli.ts) to its end: its exit code and output. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, INIT_CWD: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

export function killAllServerProcesses() {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A port nobody listens on now: runs of the suites may overlap. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
