/**
 * A real S3-protocol server (s3rver) on a free loopback port for tests, with one empty
 * bucket, its objects in a temporary folder:
 *   const s3 = await startS3Peer();
 *   createS3BlobStore({ ...s3.storeOptions, prefix: 'x' })   // in this process
 *   spawn(..., { env: { ...s3.env } })                        // a server process
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3BlobStoreOptions } from '../storage/s3-blob-store.js';

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const TEST_BUCKET = 'console-test';

export async function startS3Peer() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    storeOptions: { bucket: TEST_BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS } satisfies Omit<
      S3BlobStoreOptions,
      'prefix'
    >,
    /** The environment of a server process whose files live in this bucket, under `prefix`. */
    env: (prefix: string) => ({
      BLOB_STORE_URL: `s3://${TEST_BUCKET}/${prefix}`,
      S3_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
