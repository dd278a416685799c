/**
 * A lock file in the embedded database directory. Two processes writing one PGlite
 * directory corrupt it, so the second one must refuse to start.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The lock's file, in the directory it locks; it holds the owner's pid. */
export const LOCK_FILE = '.console.lock';

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirectoryLock(dir: string): DirectoryLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DirectoryLockedError(dir, pid);
      // A stale lock left by a process that died: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
