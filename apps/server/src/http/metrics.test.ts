/**
 * GET /metrics (http/metrics.ts): refused without the configured bearer token, absent (404)
 * without one configured, and Prometheus text with the families docs/operations.md lists,
 * which count what the app did: requests under their route pattern, jobs, applied rows.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProbeApp } from '../app.js';
import { importCsv } from '../modules/user-imports/user-imports.fixtures.js';
import { createOrganization, createUser } from '../test/factories.js';
import { signIn } from '../test/sign-in.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the Prometheus text format (0.0.4): every line is a HELP, a TYPE or a
 * sample of a family declared before it; anything else fails the test.
 */
function parsePrometheus(text: string) {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const familyOf = (name: string) =>
    types.has(name) ? name : [...types.keys()].find((f) => ['_bucket', '_sum', '_count'].some((s) => name === f + s));
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    // Values as Prometheus reads them (Go's ParseFloat: NaN in any case; prom-client writes "Nan").
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]Inf)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    if (!familyOf(sample[1])) throw new Error(`a sample of no declared family: ${line}`);
    const labels: Record<string, string> = {};
    for (const m of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]] = m[2];
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('GET /metrics', () => {
  let t: TestApp;
  let bare: TestApp;
  const scrape = async (app = t) => {
    const res = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN } });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('answers 404, like an unknown path, when no token is configured', async () => {
    const res = await bare.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a caller without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text with every documented family', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types } = parsePrometheus(res.body);
    expect(Object.fromEntries([...types].filter(([name]) => !name.startsWith('process_') && !name.startsWith('nodejs_')))).toEqual({
      http_request_duration_seconds: 'histogram',
      console_user_import_rows_applied_total: 'counter',
      console_jobs: 'gauge',
      console_db_pool_connections: 'gauge',
      console_db_pool_max: 'gauge',
    });
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    const { samples } = parsePrometheus(res.body);
    // The pool's size on PostgreSQL (the test database's pool is smaller than DATABASE_POOL_SIZE's default); one connection embedded.
    expect(find(samples, 'console_db_pool_max', { database: t.database.kind })[0]?.value).toBe(t.database.pool?.options.max ?? 1);
    expect(find(samples, 'console_db_pool_connections', { state: 'total' })[0]?.value).toBeGreaterThanOrEqual(1);
  });

  it('times requests under their route pattern, never the raw URL', async () => {
    const id = '0190b8f6-0000-7000-8000-00000000abcd';
    await t.app.inject({ url: '/api/app-config' });
    await t.app.inject({ url: '/api/app-config' });
    await t.app.inject({ method: 'DELETE', url: `/api/integration/${id}` });
    await t.app.inject({ url: '/api/no-such-route/123' });
    const { body } = await scrape();
    const { samples } = parsePrometheus(body);
    const count = (labels: Record<string, string>) => find(samples, 'http_request_duration_seconds_count', labels)[0]?.value;
    expect(count({ method: 'GET', route: '/api/app-config', status_code: '200' })).toBe(2);
    expect(count({ method: 'DELETE', route: '/api/integration/:id', status_code: '401' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // The buckets are cumulative: the +Inf bucket holds every request of the series.
    expect(find(samples, 'http_request_duration_seconds_bucket', { route: '/api/app-config', le: '+Inf' })[0]?.value).toBe(2);
    expect(body).not.toContain(id);
    expect(body).not.toContain('no-such-route');
  });

  it('counts jobs by queue and state, and the rows user imports applied', async () => {
    // No worker runs in this process: they stay created.
    await t.deps.jobs.send('housekeeping', {});
    await t.deps.jobs.send('housekeeping', {});
    const org = await createOrganization(t.database.db);
    const admin = await createUser(t.database.db, org.id);
    const { headers } = await signIn(t, admin.email!);
    const done = await importCsv(t, headers, 'email,name\nm1@metrics.example,One\nm2@metrics.example,Two\nm3@metrics.example,Three\n');
    expect(done.status).toBe('completed');

    const { samples } = parsePrometheus((await scrape()).body);
    expect(find(samples, 'console_jobs', { queue: 'housekeeping', state: 'created' })[0]?.value).toBe(2);
    expect(find(samples, 'console_user_import_rows_applied_total', {})[0]?.value).toBe(3);
  });

  it("serves a worker's probes and metrics, and nothing else, on its probe app", async () => {
    const probes = await buildProbeApp(t.deps, { logger: pino({ level: 'silent' }) });
    try {
      expect((await probes.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await probes.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', database: t.database.kind });
      expect((await probes.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect((await probes.inject({ url: '/api/app-config' })).statusCode).toBe(404);
      const res = await probes.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const { samples } = parsePrometheus(res.body);
      expect(find(samples, 'http_request_duration_seconds_count', { route: '/healthz', status_code: '200' })[0]?.value).toBe(1);
    } finally {
      await probes.close();
    }
  });
});
