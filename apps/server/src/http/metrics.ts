/**
 * Prometheus metrics (docs/operations.md, "Metrics"; decision 033): one prom-client Registry
 * per app, built once in registry.ts (never prom-client's global one, so that a test process
 * builds several apps), and `GET /metrics` behind a bearer token (METRICS_TOKEN). Without
 * the token configured the route answers 404, as an unknown path does.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { jobCounts } from '../jobs/queue.js';
import { AppError, NotFound } from './errors.js';

/** Route label of a request that matched no route: one series, however many URLs are probed. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics(database: Database) {
  const registry = new Registry();
  // Process and runtime metrics, among them the event loop's lag (nodejs_eventloop_lag_*):
  // PGlite and JSON work run on the main thread, so lag is what slows every request.
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern (not the raw URL), method and status; its _count gives the request rate',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const importRowsApplied = new Counter({
    name: 'console_user_import_rows_applied_total',
    help: 'CSV rows of user imports applied by this process (a worker or an "all" process)',
    registers: [registry],
  });

  new Gauge({
    name: 'console_jobs',
    help: 'Background jobs by queue and state, shared by every process on the database (pg-boss)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await jobCounts(database);
      for (const r of rows) this.set({ queue: r.queue, state: r.state }, r.count);
    },
  });

  // node-postgres's pool on PostgreSQL; the embedded database is one connection, always open.
  new Gauge({
    name: 'console_db_pool_connections',
    help: 'Database connections of this process by state: total (open), idle, and waiting (queries waiting for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { pool } = database;
      if (!pool) {
        this.set({ state: 'total' }, 1);
        return;
      }
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'console_db_pool_max',
    help: 'Largest number of database connections this process opens (DATABASE_POOL_SIZE; 1 on the embedded database)',
    labelNames: ['database'] as const,
    registers: [registry],
    collect() {
      this.set({ database: database.kind }, database.pool?.options.max ?? 1);
    },
  });

  return { registry, httpDuration, importRowsApplied };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Times every answer (errors and 404s too) under its route pattern. */
export function recordRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const digest = (text: string) => hash('sha256', text, 'buffer');

/** `GET /metrics`: the Prometheus text of `metrics`, for a caller with `Authorization: Bearer <token>`. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  const wanted = token ? digest(token) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wanted) throw new NotFound(`No route ${request.method} ${request.url}`);
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as hashes: equal lengths for timingSafeEqual, and no timing clue to the token.
    if (!given || !timingSafeEqual(digest(given), wanted)) {
      throw new AppError(401, 'UNAUTHENTICATED', 'The metrics need the configured bearer token (METRICS_TOKEN).', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
