/** Real server processes (src/main.ts through tsx) for *.process.test.ts suites. */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts the server with this environment over the test's own (stdout and stderr kept in `output`). */
export function startServer(env: Record<string, string>, children?: ChildProcess[]): ServerProcess {
  return runProcess(['src/main.ts'], { LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }, children);
}

/** Runs the console CLI (src/cli.ts) with these arguments and environment. */
export function runCli(args: string[], env: Record<string, string>): ServerProcess {
  return runProcess(['src/cli.ts', ...args], env);
}

function runProcess(args: string[], env: Record<string, string>, children?: ChildProcess[]): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: serverDir, env: { ...process.env, INIT_CWD: '', ...env } });
  children?.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForHealth(port: number, exited: Promise<unknown>) {
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline && !gone) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/** Waits until the process printed `text` (the welcome comes a moment after /healthz answers). */
export async function waitForOutput(server: { output(): string }, text: string) {
  const deadline = Date.now() + 30_000;
  while (!server.output().includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** A port nobody listens on now: runs of these suites may overlap. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
