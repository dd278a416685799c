/**
 * The app with BLOB_STORE_URL on a real S3-protocol server (s3rver on loopback), through its
 * routes: an upload streams into the bucket (over the limit: 413 and nothing stored), the
 * import reads it back from there and its file goes once applied; a report is written to the
 * bucket and downloaded under the same signed-link rules (403 forged, 410 expired).
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv, upload } from '../modules/user-imports/user-imports.fixtures.js';
import { createOrganization, createUser, createWorkspace } from '../test/factories.js';
import { startS3Peer, TEST_BUCKET } from '../test/s3-peer.js';
import { type SignedIn, signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createS3BlobStore } from './s3-blob-store.js';

describe('files on S3 (s3rver on loopback)', () => {
  let s3: Awaited<ReturnType<typeof startS3Peer>>;
  let t: TestApp;
  let admin: SignedIn;
  let now = new Date('2026-11-20T10:00:00.000Z');
  /** What the bucket holds under the app's prefix, read by a store of its own. */
  let bucket: ReturnType<typeof createS3BlobStore>;

  /** The object keys under the app's prefix that start with `under`. */
  async function objects(under: string) {
    const client = new S3Client(s3.storeOptions);
    const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: `app/${under}` }));
    client.destroy();
    return (page.Contents ?? []).map((o) => o.Key);
  }

  beforeAll(async () => {
    s3 = await startS3Peer();
    const env = s3.env('app');
    // The SDK's own credential chain, as in production.
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY });
    t = await createTestApp({ config: { ...env, USER_IMPORT_MAX_BYTES: '1000' }, clock: { now: () => now } });
    bucket = createS3BlobStore({ ...s3.storeOptions, prefix: 'app' });
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id);
    await createWorkspace(t.database.db, org.id, { name: 'Assembly' });
    admin = await signIn(t, user.email!);
  });
  afterAll(async () => {
    await t?.close();
    bucket?.close();
    await s3?.close();
  });

  it('is the store of the app', () => {
    expect(t.deps.blobs.kind).toBe('s3');
  });

  it('answers 413 to an upload over the limit and stores nothing; imports a file that fits, read back from the bucket', async () => {
    const row = 'someone@big.example,Some One,Assembly\n';
    const big = await upload(t, admin.headers, `email,name,workspaces\n${row.repeat(100)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxBytes: 1000 } });

    expect(await objects('user-imports/')).toEqual([]);

    const done = await importCsv(t, admin.headers, 'employeeId,name,workspaces\nE-ana,Ana,Assembly\nE-bo,Bo,Assembly\n');
    expect(done).toMatchObject({ status: 'completed', rowsApplied: 2, usersCreated: 2 });
    const [stored] = await t.database.executeSql('SELECT blob_key FROM user_imports WHERE id = $1', [done.id]).then((r) => r.rows);
    expect(await objects('user-imports/')).toEqual([`app/${stored.blob_key}`]);
    // Settled (the invitations job does it once none is owed), an applied import's file goes (decision 019): from the bucket too.
    await t.app.services.userImportPipeline.settle(done.id);
    expect(await objects('user-imports/')).toEqual([]);
  });

  it('writes reports to the bucket and serves them through signed links only', async () => {
    await t.app.services.analyticsReports.generate(admin.user.organizationId as string);
    const list = await t.app.inject({ url: '/api/analytics-data-download?prefix=users', headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    const [link] = (list.json() as { urls: { url: string; rowCount: number }[] }).urls;
    expect(link.rowCount).toBe(3);

    const file = await t.app.inject({ url: link.url, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.body).toContain('E-ana');
    const [report] = await t.database
      .executeSql("SELECT blob_key FROM reports WHERE name LIKE 'users-%' AND organization_id = $1", [admin.user.organizationId])
      .then((r) => r.rows);
    expect(Buffer.concat(await bucket.read(String(report.blob_key)).toArray()).toString('utf8')).toBe(file.body);

    const forged = await t.app.inject({ url: link.url.replace(/signature=[^&]+/, 'signature=AAAA'), headers: admin.headers });
    expect(forged.statusCode).toBe(403);
    now = new Date(now.getTime() + 24 * 3_600_000);
    const expired = await t.app.inject({ url: link.url, headers: admin.headers });
    expect(expired.statusCode).toBe(410);
  });
});
