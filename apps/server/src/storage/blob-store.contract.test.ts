/**
 * One contract for both blob stores: the folder (the embedded default) and S3, the latter
 * against a real S3-protocol server (s3rver) on loopback. What callers rely on: whole files
 * or nothing, replaced in place, missing files as ENOENT, keys checked, stores apart.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { startS3Peer } from '../test/s3-peer.js';
import { type BlobStore, createFolderBlobStore } from './blob-store.js';
import { createBlobStore } from './create-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

let s3: Awaited<ReturnType<typeof startS3Peer>>;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-contract-'));
const closers: (() => void)[] = [];
beforeAll(async () => {
  s3 = await startS3Peer();
});
afterAll(async () => {
  for (const close of closers) close();
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Each implementation makes independent stores by name (a folder, a prefix of the bucket). */
const implementations: [string, (name: string) => BlobStore][] = [
  ['folder', (name) => createFolderBlobStore(path.join(root, name))],
  [
    'S3 (s3rver on loopback)',
    (name) => {
      const store = createS3BlobStore({ ...s3.storeOptions, prefix: `contract/${name}` });
      closers.push(store.close);
      return store;
    },
  ],
];

const text = (stream: Readable) => new Response(Readable.toWeb(stream) as ReadableStream).text();
async function digest(stream: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
/** `mb` megabytes of varied bytes, in 64 KB chunks, then optionally a failure. */
function generated(mb: number, failAtEnd = false) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < mb * 16; i++) yield Buffer.alloc(64 * 1024, i % 251);
      if (failAtEnd) throw new Error('connection reset');
    })(),
  );
}
async function readError(stream: Readable): Promise<NodeJS.ErrnoException | undefined> {
  try {
    await text(stream);
  } catch (err) {
    return err as NodeJS.ErrnoException;
  }
  return undefined;
}

describe.each(implementations)('the %s blob store', (_name, make) => {
  it('stores a string, a buffer and a stream, answers their sizes and reads them back', async () => {
    const blobs = make('basic');
    expect(await blobs.put('user-imports/org/a.csv', 'email\nana@example.com\n')).toEqual({ sizeBytes: 22 });
    expect(await blobs.put('videos/b.mp4', Buffer.from([0, 1, 2, 255]))).toEqual({ sizeBytes: 4 });
    expect(await blobs.put('reports/org/c.csv', Readable.from(['x,y\n', 'é,1\n']))).toEqual({ sizeBytes: 9 });
    expect(await text(blobs.read('user-imports/org/a.csv'))).toBe('email\nana@example.com\n');
    expect([...(await Buffer.concat(await blobs.read('videos/b.mp4').toArray()))]).toEqual([0, 1, 2, 255]);
    expect(await text(blobs.read('reports/org/c.csv'))).toBe('x,y\né,1\n');
    expect(await blobs.exists('reports/org/c.csv')).toBe(true);
    expect(await blobs.exists('reports/org/d.csv')).toBe(false);
  });

  it('streams a file larger than one upload part through, whole', async () => {
    const blobs = make('large');
    // 20 MB: three parts of a multipart upload on S3.
    expect(await blobs.put('user-imports/org/big.csv', generated(20))).toEqual({ sizeBytes: 20 * 1024 * 1024 });
    expect(await digest(blobs.read('user-imports/org/big.csv'))).toBe(await digest(generated(20)));
  });

  it('replaces a file written again', async () => {
    const blobs = make('replace');
    await blobs.put('reports/org/r.csv', 'old,old,old\n');
    await blobs.put('reports/org/r.csv', Readable.from(['new\n']));
    expect(await text(blobs.read('reports/org/r.csv'))).toBe('new\n');
  });

  it('keeps nothing of a stream that fails, small or past one upload part', async () => {
    const blobs = make('failed');
    await expect(blobs.put('user-imports/org/small.csv', generated(1, true))).rejects.toThrow('connection reset');
    await expect(blobs.put('user-imports/org/large.csv', generated(12, true))).rejects.toThrow('connection reset');
    expect(await blobs.exists('user-imports/org/small.csv')).toBe(false);
    expect(await blobs.exists('user-imports/org/large.csv')).toBe(false);
  });

  it('fails the read of a missing file with ENOENT, and removes files (an absent one too)', async () => {
    const blobs = make('remove');
    expect((await readError(blobs.read('reports/org/none.csv')))?.code).toBe('ENOENT');
    await blobs.put('reports/org/gone.csv', 'x');
    await blobs.remove('reports/org/gone.csv');
    await blobs.remove('reports/org/never.csv');
    expect(await blobs.exists('reports/org/gone.csv')).toBe(false);
    expect((await readError(blobs.read('reports/org/gone.csv')))?.code).toBe('ENOENT');
  });

  it('refuses keys that are not relative paths of its own', async () => {
    const blobs = make('keys');
    for (const key of ['../escape.csv', '/etc/passwd', 'a/../../b', '', ' space.csv']) {
      await expect(blobs.put(key, 'x')).rejects.toThrow('Invalid blob key');
      expect(() => blobs.read(key)).toThrow('Invalid blob key');
    }
  });

  it('keeps two stores apart, and sweeps nothing in a store never written to', async () => {
    const [one, two] = [make('one'), make('two')];
    await one.put('reports/org/same.csv', 'one');
    expect(await two.exists('reports/org/same.csv')).toBe(false);
    expect(await two.sweepTemporary(new Date())).toBe(0);
    expect(await one.exists('reports/org/same.csv')).toBe(true);
  });
});

describe('the configured blob store', () => {
  it('is the folder DATA_DIR/blobs by default', async () => {
    const blobs = await createBlobStore(testConfig({ DATA_DIR: path.join(root, 'data') }));
    expect(blobs.kind).toBe('folder');
    await blobs.put('reports/org/r.csv', 'x');
    expect(fs.readFileSync(path.join(root, 'data', 'blobs', 'reports', 'org', 'r.csv'), 'utf8')).toBe('x');
  });

  it('is the bucket of BLOB_STORE_URL, path-style at S3_ENDPOINT, with the credentials of the environment', async () => {
    const env = s3.env('configured');
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY });
    const blobs = await createBlobStore(testConfig({ DATA_DIR: path.join(root, 'data'), ...env }));
    closers.push(blobs.close);
    expect(blobs.kind).toBe('s3');
    await blobs.checkReachable();
    await blobs.put('reports/org/r.csv', 'from the configuration');
    const other = createS3BlobStore({ ...s3.storeOptions, prefix: 'configured' });
    closers.push(other.close);
    expect(await text(other.read('reports/org/r.csv'))).toBe('from the configuration');

    const missing = await createBlobStore(testConfig({ ...env, BLOB_STORE_URL: 's3://no-such-bucket/x' }));
    closers.push(missing.close);
    await expect(missing.checkReachable()).rejects.toThrow('BLOB_STORE_URL: the bucket no-such-bucket cannot be reached (no such bucket)');
  });

  it('names BLOB_STORE_URL when it is not an s3:// URL of a valid bucket', () => {
    expect(() => testConfig({ BLOB_STORE_URL: 'https://bucket/x' })).toThrow(/BLOB_STORE_URL: must be s3:\/\/bucket/);
    expect(() => testConfig({ BLOB_STORE_URL: 's3://Bad_Bucket' })).toThrow(/BLOB_STORE_URL: Bad_Bucket: a bucket name/);
    expect(() => testConfig({ BLOB_STORE_URL: 's3://bucket/../x' })).toThrow(/BLOB_STORE_URL: .*a prefix is/);
    expect(testConfig({ BLOB_STORE_URL: 's3://bucket/a/b/' }).BLOB_STORE_URL).toEqual({ bucket: 'bucket', prefix: 'a/b' });
  });
});
