/**
 * What the console writes to disk holds password hashes, sessions, keys and people's files
 * (DATA_DIR: the embedded database, keys/, blobs/, outbox/; backups): its owner's only,
 * 0700 folders and 0600 files, whatever umask the process was started with. A umask only
 * takes bits away from the modes asked for, so each write asks for these modes, a process
 * that holds the data directory narrows its umask for what asks for none, and what PGlite
 * writes with modes of its own (0666) is tightened after it (`privateTree`).
 */
import fs from 'node:fs';
import path from 'node:path';

export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** What this process creates from now on without a mode of its own (PGlite's files) is owner-only. */
export function ownerOnlyUmask(): void {
  process.umask(0o077);
}

/** The folder, made if missing, and owner-only even when an earlier version left it open. */
export function privateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  fs.chmodSync(dir, OWNER_ONLY_DIR);
}

/** The folder and everything under it owner-only: what an earlier run or a permissive umask left open. */
export function privateTree(dir: string): void {
  fs.chmodSync(dir, OWNER_ONLY_DIR);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const inside = path.join(dir, entry.name);
    if (entry.isDirectory()) privateTree(inside);
    else if (entry.isFile()) fs.chmodSync(inside, OWNER_ONLY_FILE);
  }
}
