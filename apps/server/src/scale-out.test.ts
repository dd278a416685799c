/**
 * Scale-out, proved with real processes: two API replicas (A and B, PROCESS_ROLE=api) and a
 * worker (PROCESS_ROLE=worker) started from the sources on loopback, on one fresh PostgreSQL
 * database and one S3 bucket (s3rver), each process with a data directory of its own, so
 * that nothing can pass through a machine's disk:
 *   - a session opened on A works on B, and so do an access key made and an API idToken
 *     issued on A (one PUBLIC_URL for the installation);
 *   - an import uploaded through A is followed on B while the worker applies it; the worker
 *     is killed (SIGKILL) half way and another takes over: exactly the file's users, each
 *     e-mailed one invitation (the outbox is in the bucket);
 *   - a report the worker writes is downloaded through A (and B);
 *   - a key deleted on A is refused by B on the next call;
 *   - every job ran to completion exactly once (pg-boss's job table, the import's counters).
 * PostgreSQL only: the embedded database belongs to one process, so there is nothing to scale.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { CSRF_HEADER, CSRF_HEADER_VALUE, ID_TOKEN_COOKIE } from '@console/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, sqlRows } from './db/client.js';
import { users } from './db/schema.js';
import { createOrganization, createUser, createWorkspace, TEST_PASSWORD } from './test/factories.js';
import { startS3Peer, TEST_BUCKET } from './test/s3-peer.js';
import { freePort, killAllServerProcesses, type ServerProcess, startServerProcess } from './test/server-process.js';
import { createTestDatabase, testDatabaseUrl, testDbKind, withDatabaseName } from './test/test-database.js';
import { until } from './test/until.js';

const onPostgres = testDbKind() === 'postgres';
if (!onPostgres) {
  console.info('scale-out.test.ts skipped: it runs on PostgreSQL only (TEST_DB=postgres); the embedded database belongs to one process');
}
/** One row in four has an e-mail (an invitation is sent); the others only an employee ID. */
const ROWS = 1200;
const PREFIX = `scale-${randomBytes(3).toString('hex')}`;

const dirs: string[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  killAllServerProcesses();
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function fileRows() {
  return Array.from({ length: ROWS }, (_, i) => {
    const id = String(i + 1).padStart(5, '0');
    return i % 4 === 0
      ? { email: `r${id}@scale.example`, employeeId: null, name: `Person ${id}` }
      : { email: null, employeeId: `E${id}`, name: `Worker ${id}` };
  });
}

type Json = Record<string, any>;

/** A client of one replica: JSON calls with the session cookie and the CSRF header of the web app. */
function replica(port: number) {
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async call(
      method: string,
      url: string,
      opts: { cookie?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...opts.headers };
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + url, {
        method,
        headers,
        body: opts.body ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
      });
      const text = await res.text();
      let body: Json = {};
      try {
        body = JSON.parse(text);
      } catch {
        body = { text };
      }
      return { status: res.status, body, text, headers: res.headers };
    },
  };
}

describe.skipIf(!onPostgres)('scale-out: two API replicas and a worker on PostgreSQL and S3 (runs only with TEST_DB=postgres)', () => {
  it('shares sessions, imports, reports and key deletions between processes, and survives a killed worker', async () => {
    // When each step ended, printed at the end: where the time of this long test goes.
    const started = Date.now();
    const marks: string[] = [];
    const mark = (step: string) => marks.push(`${step} ${((Date.now() - started) / 1000).toFixed(1)}s`);
    // --- One bucket, one fresh database, an organization with its admin.
    const s3 = await startS3Peer();
    cleanups.push(() => s3.close());
    const database: Database = await createTestDatabase();
    cleanups.push(() => database.close());
    const db = database.db;
    const [{ name: dbName }] = await sqlRows<{ name: string }>(db, sql`SELECT current_database() AS name`);
    const org = await createOrganization(db);
    const admin = await createUser(db, org.id, { email: `admin-${randomUUID()}@scale.example` });
    await createWorkspace(db, org.id, { name: 'Plant' });

    // --- The processes: what replicas must share is shared through the environment only.
    const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const shared = {
      DATABASE_URL: withDatabaseName(testDatabaseUrl(), dbName),
      DATABASE_POOL_SIZE: '4',
      ...s3.env(PREFIX),
      ID_TOKEN_PRIVATE_KEYS: signingKey,
      DOWNLOAD_URL_SECRET: randomBytes(32).toString('base64url'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      USER_IMPORT_BATCH_ROWS: '50',
      USER_IMPORT_BATCH_PAUSE_MS: '40',
      USER_IMPORT_LEASE_SECONDS: '3',
      USER_IMPORT_INVITATIONS_PER_SECOND: '1000',
    };
    const dataDir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'console-scale-'));
      dirs.push(d);
      return d;
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // One public address for the installation, as behind a load balancer (docs/operations.md):
    // idTokens are issued for it, whichever replica issues or checks them. A's, here.
    const publicUrl = `http://127.0.0.1:${portA}`;
    const api = (port: number, name: string) =>
      startServerProcess({ ...shared, PROCESS_ROLE: 'api', PORT: String(port), PUBLIC_URL: publicUrl, DATA_DIR: dataDir() }, name);
    const worker = (name: string) =>
      startServerProcess({ ...shared, PROCESS_ROLE: 'worker', LOG_LEVEL: 'debug', DATA_DIR: dataDir() }, name);
    const processA = api(portA, 'API A');
    const processB = api(portB, 'API B');
    let worker1: ServerProcess | undefined = worker('worker 1');
    await Promise.all([processA.healthy(portA), processB.healthy(portB), worker1.seen('ready')]);
    const [A, B] = [replica(portA), replica(portB)];
    mark('three processes up');

    // --- A session opened on A is a session on B.
    const signIn = await A.call('POST', '/api/auth/sign-in', { json: { email: admin.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
    const session = await A.call('POST', '/api/auth', { json: { idToken: signIn.body.idToken, email: admin.email } });
    expect(session.status).toBe(200);
    const cookieValue = session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith(`${ID_TOKEN_COOKIE}=`));
    expect(cookieValue).toBeDefined();
    const cookie = cookieValue!;
    expect((await B.call('GET', '/api/integrations')).status).toBe(401);
    const keysOnB = await B.call('GET', '/api/integrations', { cookie });
    expect(keysOnB.status).toBe(200);
    expect(keysOnB.body.integrations).toEqual([]);

    // --- A key made on A and an idToken issued by A call the external API on B (B now holds them in its caches).
    const made = await A.call('POST', '/api/integrations', { cookie, json: { name: 'LMS', description: 'Nightly sync' } });
    expect(made.status).toBe(201);
    const apiKey: string = made.body.accessKey;
    const token = await A.call('POST', '/api/v1/auth/token', { json: { email: admin.email, password: TEST_PASSWORD } });
    expect(token.status).toBe(200);
    const external = { apikey: apiKey, authorization: `Bearer ${token.body.idToken}` };
    const workspacesOnB = await B.call('GET', '/api/v1/workspaces', { headers: external });
    expect(workspacesOnB.status).toBe(200);
    expect(workspacesOnB.text).toContain('Plant');

    // --- An import uploaded through A (streamed into the bucket), followed on B while the worker applies it.
    const rows = fileRows();
    const csv = `email,employeeId,name,workspaces\n${rows.map((r) => `${r.email ?? ''},${r.employeeId ?? ''},${r.name},Plant`).join('\n')}\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const upload = await A.call('POST', '/api/user-imports', { cookie, body: form });
    expect(upload.status).toBe(201);
    const importId: string = upload.body.userImport.id;
    const seenOnB: Json[] = [];
    const followOnB = async () => {
      const res = await B.call('GET', `/api/user-import/${importId}`, { cookie });
      expect(res.status).toBe(200);
      seenOnB.push(res.body.userImport);
      return res.body.userImport as Json;
    };
    // It waits at its summary (decision 048): the admin confirms it on A.
    await until('the summary', async () => ((await followOnB()).status === 'awaiting_confirmation' ? true : undefined), 90_000);
    const confirmed = await A.call('PUT', `/api/user-import/${importId}/confirm`, { cookie });
    expect(confirmed.status).toBe(200);

    // Killed with SIGKILL once it has applied a batch: its lease is left behind, its job stays active.
    const firstBatch = await worker1.seen('user import: batch applied');
    expect(firstBatch.appliedThrough).toBeLessThan(ROWS);
    worker1.child.kill('SIGKILL');
    await worker1.exited;
    worker1 = undefined;
    mark('worker 1 killed');
    const halfWay = await followOnB();
    expect(halfWay).toMatchObject({ status: 'processing', phase: 'applying' });
    expect(halfWay.rowsApplied).toBeGreaterThan(0);
    expect(halfWay.rowsApplied).toBeLessThan(ROWS);

    const worker2 = worker('worker 2');

    // --- Meanwhile: a key deleted on A is refused by B on its very next call (decision 009's change feed).
    const removed = await A.call('DELETE', `/api/integration/${made.body.integration.id}`, { cookie });
    expect(removed.status).toBe(200);
    const refused = await B.call('GET', '/api/v1/workspaces', { headers: external });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_INVALID');

    // --- The second worker takes the import over once the first one's lease has lapsed, and finishes it.
    const resumed = await worker2.seen('user import: applying');
    mark('worker 2 resumed the import');
    expect(resumed.appliedThrough).toBeGreaterThan(0);
    const done = await until(
      'the import completed, as B shows it',
      async () => {
        const view = await followOnB();
        return view.status === 'completed' && view.invitationsPending === 0 ? view : undefined;
      },
      90_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}; B shows ${JSON.stringify(seenOnB.at(-1))}; ${marks.join(', ')}`);
    });
    mark('import completed');
    expect(done).toMatchObject({
      phase: 'done',
      rowsApplied: ROWS,
      usersCreated: ROWS,
      usersUpdated: 0,
      usersFailed: 0,
      invitationsSent: rows.filter((r) => r.email).length,
      invitationsFailed: 0,
    });
    // B showed it moving: applied rows never went back, and grew after the worker was killed.
    const applied = seenOnB.map((v) => v.rowsApplied as number);
    expect(applied).toEqual([...applied].sort((x, y) => x - y));
    expect(applied.at(-1)).toBeGreaterThan(halfWay.rowsApplied);

    // Exactly the file's users, once each.
    const imported = await db
      .select({ email: users.email, employeeId: users.employeeId, name: users.displayName })
      .from(users)
      .where(and(eq(users.organizationId, org.id), ne(users.id, admin.id)));
    const key = (u: { email: string | null; employeeId: string | null; name: string }) => `${u.email}|${u.employeeId}|${u.name}`;
    expect(imported.map(key).sort()).toEqual(rows.map(key).sort());

    // One invitation e-mail per new user with an e-mail, in the bucket's outbox (written by the workers).
    const client = new S3Client({ ...s3.storeOptions });
    cleanups.push(() => client.destroy());
    const outboxKeys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: `${PREFIX}/outbox/`, ContinuationToken }));
      outboxKeys.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    const recipients: string[] = [];
    for (let i = 0; i < outboxKeys.length; i += 25) {
      const batch = outboxKeys.slice(i, i + 25).map(async (Key) => {
        const text = await (await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key }))).Body!.transformToString();
        return /^To: (.+)$/m.exec(text)?.[1].trim() ?? '';
      });
      recipients.push(...(await Promise.all(batch)));
    }
    expect(recipients.sort()).toEqual(rows.flatMap((r) => (r.email ? [r.email] : [])).sort());

    // --- A report generated by the worker, downloaded through A (and B: the signing secret is shared).
    const requested = await A.call('POST', '/api/analytics-data-download', { cookie });
    expect(requested.status).toBe(202);
    const generationId: string = requested.body.generation.id;
    await until('the report generation completed', async () => {
      const res = await B.call('GET', `/api/analytics-data-download/generations/${generationId}`, { cookie });
      return res.body.generation?.status === 'completed' ? true : undefined;
    });
    mark('report generated');
    const list = await A.call('GET', '/api/analytics-data-download?prefix=users', { cookie });
    expect(list.status).toBe(200);
    const [report] = list.body.urls as Json[];
    expect(report.rowCount).toBe(ROWS + 1);
    const fromA = await A.call('GET', String(report.url), { cookie });
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get('content-type')).toMatch(/text\/csv/);
    const reportLines = fromA.text.trim().split('\n');
    expect(reportLines).toHaveLength(ROWS + 2);
    expect(fromA.text).toContain('r00001@scale.example');
    expect(fromA.text).toContain('E00002');
    const fromB = await B.call('GET', String(report.url), { cookie });
    expect(fromB.text).toBe(fromA.text);

    // --- Every job done exactly once, by pg-boss's record.
    const jobs = await sqlRows<{ name: string; state: string; n: number }>(
      db,
      sql`SELECT name, state, count(*)::int AS n FROM pgboss.job
          WHERE (name = 'user-import' AND singleton_key = ${importId})
             OR (name = 'analytics-reports' AND data->>'generationId' = ${generationId})
          GROUP BY name, state ORDER BY name, state`,
    );
    // The import: one run validated it and stopped at its summary, one completed it after the
    // confirmation; the killed worker's run is left active (pg-boss expires it later, and it then finds nothing to do).
    expect(jobs).toEqual([
      { name: 'analytics-reports', state: 'completed', n: 1 },
      { name: 'user-import', state: 'active', n: 1 },
      { name: 'user-import', state: 'completed', n: 2 },
    ]);
    const [counts] = await sqlRows<{ generations: number; reports: number; invitations: number; sent: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM report_generations WHERE organization_id = ${org.id} AND status <> 'completed')::int AS generations,
          (SELECT count(*) FROM reports WHERE organization_id = ${org.id})::int AS reports,
          (SELECT count(*) FROM user_import_invitations WHERE import_id = ${importId})::int AS invitations,
          (SELECT count(*) FROM user_import_invitations WHERE import_id = ${importId} AND status = 'sent')::int AS sent`,
    );
    expect(counts).toEqual({ generations: 0, reports: 3, invitations: done.invitationsSent, sent: done.invitationsSent });
    // The key's changes, recorded once each (made on A, deleted on A, used on B: use is no event).
    const recorded = await sqlRows<{ action: string; n: number }>(
      db,
      sql`SELECT action, count(*)::int AS n FROM events WHERE organization_id = ${org.id} AND action LIKE 'access_key.%' GROUP BY action ORDER BY action`,
    );
    expect(recorded).toEqual([
      { action: 'access_key.created', n: 1 },
      { action: 'access_key.deleted', n: 1 },
    ]);

    for (const p of [processA, processB, worker2]) p.child.kill('SIGTERM');
    expect(await Promise.all([processA.exited, processB.exited, worker2.exited])).toEqual([0, 0, 0]);
    mark('stopped');
    console.info(`scale-out steps: ${marks.join(', ')}`);
  }, 150_000);
});
