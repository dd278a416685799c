import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { openDatabase } from './open.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('the data directory', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('is owner-only, with the embedded database in it, new or left readable by an earlier version', async () => {
    const fresh = testConfig({ DATA_DIR: path.join(parent, 'fresh') });
    const database = await openDatabase(fresh);
    await database.close();
    expect(mode(fresh.dataDir)).toBe(0o700);
    expect(mode(fresh.dbDir)).toBe(0o700);

    const older = testConfig({ DATA_DIR: path.join(parent, 'older') });
    fs.mkdirSync(older.dbDir, { recursive: true, mode: 0o777 });
    fs.chmodSync(older.dataDir, 0o755);
    fs.chmodSync(older.dbDir, 0o777);
    const again = await openDatabase(older);
    await again.close();
    expect(mode(older.dataDir)).toBe(0o700);
    expect(mode(older.dbDir)).toBe(0o700);
  });
});
