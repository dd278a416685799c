import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError } from './lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a directory locked by another live process', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, '.console.lock'), String(other.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
      expect(() => acquireDirectoryLock(dir)).toThrow(`in use by another process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.console.lock'), '999999999');
    const lock = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, '.console.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, '.console.lock'))).toBe(false);
  });
});
