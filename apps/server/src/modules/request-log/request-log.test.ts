/**
 * The request log end to end through app.inject, on either database (TEST_DB): every call
 * made with a known access key appears with its route's pattern, status, duration, request id
 * and error code; calls without a known key do not; another organization sees none of it; no
 * secret, credential, query value or body is stored; filters and keyset pages; one call's
 * details on the screen and through the API; the retention's purge.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.js';
import { createOrganization, createUser } from '../../test/factories.js';
import { createAccessKey, idTokenFor, type SignedIn, signIn } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { RequestLogRecord } from './request-log.repository.js';

type Page = { requests: Entry[]; next: string | null };
type Entry = {
  id: string;
  occurredAt: string;
  accessKey: { id: string; name: string };
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  errorCode: string | null;
};

const DAY_MS = 86_400_000;

describe('request log', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let key: { id: string; secret: string };
  let otherKey: { id: string; secret: string };
  let token = '';
  let otherToken = '';
  let orgId = '';
  let viewerId = '';

  async function call(opts: InjectOptions & { apiKey?: string; bearer?: string }) {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (opts.apiKey !== undefined) headers.apikey = opts.apiKey;
    if (opts.bearer !== undefined) headers.authorization = `Bearer ${opts.bearer}`;
    const { apiKey: _k, bearer: _b, ...rest } = opts;
    return t.app.inject({ ...rest, headers });
  }
  /** What the buffer holds is written (the recorder writes it within a second by itself). */
  const written = () => t.app.services.requestLogRecorder.flush();
  const list = async (who: SignedIn, query = '') => {
    const res = await t.app.inject({ url: `/api/request-log${query}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const storedRows = async () =>
    (await t.database.executeSql('select row_to_json(r)::text as j from request_log r')).rows.map((r) => String(r.j)).join('\n');

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { db } = t.database;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    orgId = org.id;
    const adminUser = await createUser(db, org.id, { displayName: 'Ada Admin' });
    const otherUser = await createUser(db, other.id);
    viewerId = (await createUser(db, org.id, { role: 'viewer' })).id;
    admin = await signIn(t, adminUser.email!);
    otherAdmin = await signIn(t, otherUser.email!);
    const made = await createAccessKey(t, admin.headers, 'Nightly HR sync');
    key = { id: made.integration.id, secret: made.accessKey };
    const otherMade = await createAccessKey(t, otherAdmin.headers, 'Other sync');
    otherKey = { id: otherMade.integration.id, secret: otherMade.accessKey };
    token = await idTokenFor(t, adminUser.email!);
    otherToken = await idTokenFor(t, otherUser.email!);
  });
  afterAll(() => t?.close());

  it('records each call made with a known key: its route pattern, status, duration, request id and error code', async () => {
    const ok = await call({
      url: '/api/v1/users?q=secret-query-value',
      apiKey: key.secret,
      bearer: token,
      headers: { 'user-agent': 'hr-sync/1.0' },
    });
    expect(ok.statusCode).toBe(200);
    const missing = await call({ url: `/api/v1/users/${crypto.randomUUID()}/skills`, apiKey: key.secret, bearer: token });
    expect(missing.statusCode).toBe(404);
    const invalid = await call({
      method: 'POST',
      url: '/api/v1/users',
      apiKey: key.secret,
      bearer: token,
      payload: { email: 'not an e-mail', displayName: 'Body Secret' },
    });
    expect(invalid.statusCode).toBe(400);
    // The key is known, the token is not sent: refused, and logged for the key's organization.
    const noToken = await call({ url: '/api/v1/workspaces', apiKey: key.secret });
    expect(noToken.statusCode).toBe(401);
    await written();

    const { requests } = await list(admin, '?limit=10');
    expect(requests.map((r) => [r.method, r.route, r.status, r.errorCode])).toEqual([
      ['GET', '/v1/workspaces', 401, 'TOKEN_MISSING'],
      ['POST', '/v1/users', 400, 'VALIDATION_ERROR'],
      ['GET', '/v1/users/:id/skills', 404, 'USER_NOT_FOUND'],
      ['GET', '/v1/users', 200, null],
    ]);
    const first = requests[3];
    expect(first.accessKey).toEqual({ id: key.id, name: 'Nightly HR sync' });
    expect(first.requestId).toBe(ok.headers['x-request-id']);
    expect(first.userAgent).toBe('hr-sync/1.0');
    expect(first.ip).toBe('127.0.0.1');
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first.occurredAt)).toBeLessThanOrEqual(clock.now().getTime());
    expect(requests[2].requestId).toBe(missing.headers['x-request-id']);
  });

  it('does not log calls whose key is not known, nor the token endpoint', async () => {
    const before = (await list(admin, '?limit=200')).requests.length;
    expect((await call({ url: '/api/v1/users', bearer: token })).statusCode).toBe(401);
    expect((await call({ url: '/api/v1/users', apiKey: 'ak_nope', bearer: token })).statusCode).toBe(401);
    await written();
    expect((await list(admin, '?limit=200')).requests).toHaveLength(before);
  });

  it('stores no secret, credential, query value or body', async () => {
    await written();
    const stored = await storedRows();
    expect(stored).toContain('/v1/users');
    for (const secret of [key.secret, token, 'secret-query-value', 'Body Secret', 'not an e-mail']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('shows an organization only its own calls, on the screen and through the API', async () => {
    expect((await call({ url: '/api/v1/skills', apiKey: otherKey.secret, bearer: otherToken })).statusCode).toBe(200);
    await written();
    const theirs = await list(otherAdmin, '?limit=200');
    expect(theirs.requests.map((r) => r.accessKey.id)).toEqual([otherKey.id]);
    const ours = await list(admin, '?limit=200');
    expect(ours.requests.some((r) => r.accessKey.id === otherKey.id)).toBe(false);

    // One call by its id: the owner's, never another organization's.
    const mine = ours.requests[0];
    const details = await t.app.inject({ url: `/api/request-log/${mine.id}`, headers: admin.headers });
    expect(details.statusCode).toBe(200);
    expect((details.json() as { request: Entry }).request).toEqual(mine);
    expect((await t.app.inject({ url: `/api/request-log/${mine.id}`, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect((await call({ url: `/api/v1/requests/${mine.id}`, apiKey: otherKey.secret, bearer: otherToken })).statusCode).toBe(404);

    // Through the API, with the organization's own key.
    const api = await call({ url: '/api/v1/requests?status=4xx', apiKey: key.secret, bearer: token });
    expect(api.statusCode).toBe(200);
    const page = api.json() as Page;
    expect(page.requests.length).toBeGreaterThan(0);
    expect(page.requests.every((r) => r.status >= 400 && r.status < 500 && r.accessKey.id === key.id)).toBe(true);
    const one = await call({ url: `/api/v1/requests/${page.requests[0].id}`, apiKey: key.secret, bearer: token });
    expect((one.json() as { request: Entry }).request).toEqual(page.requests[0]);
  });

  it('filters by status class, key, route and time, and pages by keyset', async () => {
    await written();
    const all = (await list(admin, '?limit=200')).requests;
    const errors = (await list(admin, '?status=4xx&limit=200')).requests;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors).toEqual(all.filter((r) => r.status >= 400 && r.status < 500));
    expect((await list(admin, '?status=2xx&limit=200')).requests).toEqual(all.filter((r) => r.status < 300));
    expect((await list(admin, '?status=5xx')).requests).toEqual([]);
    expect((await list(admin, `?accessKeyId=${key.id}&limit=200`)).requests).toEqual(all);
    expect((await list(admin, `?accessKeyId=${otherKey.id}`)).requests).toEqual([]);
    expect((await list(admin, '?route=/v1/users&limit=200')).requests).toEqual(all.filter((r) => r.route === '/v1/users'));
    expect((await list(admin, `?route=/v1/users&accessKeyId=${key.id}&status=2xx`)).requests).toEqual(
      all.filter((r) => r.route === '/v1/users' && r.status === 200),
    );
    const future = new Date(clock.now().getTime() + 60_000).toISOString();
    expect((await list(admin, `?from=${future}`)).requests).toEqual([]);
    expect((await list(admin, `?to=${future}&limit=200`)).requests).toEqual(all);

    // One a page, each starting where the last ended.
    const walked: Entry[] = [];
    let after: string | null = null;
    do {
      const page: Page = await list(admin, `?limit=1${after ? `&after=${after}` : ''}`);
      walked.push(...page.requests);
      after = page.next;
    } while (after);
    expect(walked).toEqual(all);
    // The same walk by key (a merge of one range per status class).
    const byKey: Entry[] = [];
    after = null;
    do {
      const page: Page = await list(admin, `?accessKeyId=${key.id}&limit=2${after ? `&after=${after}` : ''}`);
      byKey.push(...page.requests);
      after = page.next;
    } while (after);
    expect(byKey).toEqual(all);
  });

  it('refuses hostile filters with a 400 and reads nothing', async () => {
    const forged = Buffer.from('{"__proto__":{"polluted":1}}').toString('base64url');
    for (const query of [
      `?after=${forged}`,
      `?after=${Buffer.from(JSON.stringify(['2026-02-30T10:00:00.000000Z', viewerId])).toString('base64url')}`,
      '?status=3xx',
      '?route=/v1/users%00',
      '?route=/etc/passwd',
      '?limit=1e308',
      '?from=0000-01-01T00:00:00Z',
      '?accessKeyId=__proto__',
    ]) {
      const res = await t.app.inject({ url: `/api/request-log${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.app.inject({ url: `/api/request-log?after=${forged}`, headers: admin.headers });
    expect(res.json().code).toBe('REQUEST_LOG_CURSOR_INVALID');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps calls 30 days: the hourly housekeeping deletes older ones', async () => {
    await written();
    const record = (daysAgo: number): RequestLogRecord => ({
      organizationId: orgId,
      occurredAt: new Date(clock.now().getTime() - daysAgo * DAY_MS),
      accessKeyId: key.id,
      accessKeyName: 'Nightly HR sync',
      method: 'GET',
      route: '/v1/workflows',
      status: 200,
      durationUs: 900,
      requestId: `old-${daysAgo}`,
      ip: null,
      userAgent: null,
      errorCode: null,
    });
    await t.database.db.insert(s.requestLog).values([record(31), record(45), record(29)]);
    const before = (await list(admin, '?limit=200')).requests.length;
    const report = await t.app.services.housekeeping.run();
    expect(report.requestLog).toBe(2);
    const after = (await list(admin, '?limit=200')).requests;
    expect(after).toHaveLength(before - 2);
    expect(after.map((r) => r.requestId)).toContain('old-29');
    expect((await t.app.services.housekeeping.run()).requestLog).toBe(0);
    // A month later, every call of the tests, of either organization, has gone.
    const { rows } = await t.database.executeSql('select count(*)::int as n from request_log');
    offsetMs = 31 * DAY_MS;
    expect((await t.app.services.housekeeping.run()).requestLog).toBe(Number(rows[0].n));
    expect((await t.database.executeSql('select count(*)::int as n from request_log')).rows[0].n).toBe(0);
    offsetMs = 0;
  });
});
