import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BlobStore, createFolderBlobStore } from './blob-store.js';
import { sweepTemporaryBlobs, TEMPORARY_FILE_MAX_AGE_MS } from './blob-sweep.jobs.js';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

// What both stores do is in blob-store.contract.test.ts; here what only the folder does.
describe('the folder blob store', () => {
  let root: string;
  let blobs: BlobStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-'));
    blobs = createFolderBlobStore(path.join(root, 'blobs'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes files and their folders owner-only, from a buffer or a stream', async () => {
    await blobs.put('user-imports/org/a.csv', 'email\n');
    await blobs.put('reports/org/b.csv', Readable.from(['x,y\n']));
    for (const file of ['user-imports/org/a.csv', 'reports/org/b.csv']) expect(mode(path.join(root, 'blobs', file))).toBe(0o600);
    for (const dir of ['', 'user-imports', 'user-imports/org', 'reports/org']) expect(mode(path.join(root, 'blobs', dir))).toBe(0o700);
  });

  it('sweeps the temporary file of an upload a crash left, and keeps one in progress', async () => {
    const now = new Date('2026-05-01T12:00:00Z');
    await blobs.put('user-imports/org/done.csv', 'email\n');
    const dir = path.join(root, 'blobs', 'user-imports', 'org');
    const old = path.join(dir, 'crashed.csv.123.tmp');
    const fresh = path.join(dir, 'uploading.csv.456.tmp');
    fs.writeFileSync(old, 'half');
    fs.writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(now.getTime() - 2 * TEMPORARY_FILE_MAX_AGE_MS);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    const aMinuteAgo = new Date(now.getTime() - 60_000);
    fs.utimesSync(fresh, aMinuteAgo, aMinuteAgo);

    expect(await sweepTemporaryBlobs({ blobs, clock: { now: () => now } })).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(await blobs.exists('user-imports/org/done.csv')).toBe(true);
  });
});
