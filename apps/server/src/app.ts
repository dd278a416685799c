/**
 * buildApp(deps): the Fastify instance. main.ts listens with it; tests call app.inject.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EXTERNAL_API_PREFIX } from '@console/contracts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { startChangeFeed } from './db/change-feed.js';
import { pingDatabase } from './db/client.js';
import { asRequest } from './db/queue.js';
import type { AppDeps } from './deps.js';
import { COMPRESSION, sendCompressedOnce } from './http/compressed-once.js';
import { registerErrorHandler } from './http/errors.js';
import { logOptions } from './http/log-redaction.js';
import { type Metrics, metricsRoute, recordRequests } from './http/metrics.js';
import { emptyJsonIsNoBody } from './http/optional-json-body.js';
import { deferredChildLogger } from './http/request-logger.js';
import { apiSecurityHeaders, securityHeaders, securityOptionsFor } from './http/security-headers.js';
import { servedIndexHtml } from './http/web-index.js';
import { wellKnownPlugin } from './modules/auth/auth.routes.js';
import { REFERENCE_ROUTE } from './modules/external-api/reference-page.js';
import { apiModules } from './modules/index.js';
import { createServices } from './registry.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** Methods that change nothing a cache holds. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * TRUST_PROXY trusts the proxies in front of the server (docs/operations.md), that many hops
 * from the connection's peer: the client is the address the outermost one appended to
 * X-Forwarded-For. Fastify's `true` would trust every hop and take the leftmost address, which
 * the caller writes (and so picks its own rate-limit budget); a hop count is refused by
 * Fastify (it trusts nothing), hence the function.
 */
export const trustProxyOf = (config: Pick<AppDeps['config'], 'TRUST_PROXY'>) => {
  const proxies = config.TRUST_PROXY;
  return proxies > 0 ? (_address: string, hop: number) => hop < proxies : false;
};

export async function buildApp(deps: AppDeps, opts: { logger?: FastifyBaseLogger } = {}) {
  const { config } = deps;
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: { level: config.LOG_LEVEL, ...logOptions } }),
    trustProxy: trustProxyOf(config),
    // Keep a caller's request id when it looks like one, so logs join up across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    childLoggerFactory: deferredChildLogger,
  }).withTypeProvider<ZodTypeProvider>();

  // What the caches hold is forgotten when the data changes (db/change-feed.ts).
  if (!deps.changes) {
    const changes = await startChangeFeed(deps.database, opts.logger ?? deps.log);
    deps.changes = changes;
    app.addHook('onClose', () => changes.close());
  }
  // A write's answer leaves once this process's feed has heard the write: the caller's next
  // request, here, is never answered from what the caches held before it (decision 039).
  // Callback-style: a read, nearly every call, passes without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (READS.has(request.method) || !deps.changes) return done(null, payload);
    deps.changes.caughtUp().then(() => done(null, payload), done);
  });
  // The auth guards (http/guards.ts) reach the config through `deps` and the sessions
  // service through `services`; jobs of the same process (main.ts) use these services too.
  app.decorate('deps', deps);
  const services = createServices(deps);
  app.decorate('services', services);
  recordRequests(app, services.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // An empty body typed as JSON is no body, on every route (http/optional-json-body.ts).
  emptyJsonIsNoBody(app);

  // On the embedded database, a request's statements keep one place in its queue, taken in
  // order of arrival (db/queue.ts). First of all hooks: the guards already query.
  // A request whose client has gone by its turn is not run.
  if (deps.database.queue) {
    app.addHook('onRequest', (request, _reply, done) => asRequest(done, () => request.raw.socket?.destroyed === true));
  }

  // Every response, errors and 404s included, carries security headers (worked out once,
  // http/security-headers.ts: documents get helmet's, API answers a short set) and its
  // request id. HSTS and upgrade-insecure-requests only when the console is served over https.
  const documentHeaders = securityHeaders(securityOptionsFor(config.PUBLIC_URL));
  const apiHeaders = apiSecurityHeaders(documentHeaders);
  const apiPath = `${config.API_BASE_PATH}/`;
  const referencePath = `${config.API_BASE_PATH}${EXTERNAL_API_PREFIX}${REFERENCE_ROUTE}`;
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    const headers = url.startsWith(apiPath) && !url.startsWith(referencePath) ? apiHeaders : documentHeaders;
    const res = reply.raw;
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i][0], headers[i][1]);
    res.setHeader('x-request-id', request.id);
    done();
  });

  await app.register(cookie);

  registerProbes(app, deps, services.metrics);

  await app.register(wellKnownPlugin, { deps, services });
  await app.register(
    async (api) => {
      // API answers of 1 KB or more are compressed when the client accepts it (brotli at
      // quality 4, gzip), streams too (CSV downloads); media (video) is left alone. Bodies
      // sent to us are not decompressed. The web app's files come precompressed (serveWebApp),
      // answers sent again from memory compressed once (http/compressed-once.ts).
      await api.register(compress, { ...COMPRESSION, globalDecompression: false });
      for (const mod of apiModules) await api.register(mod, { deps, services });
      // Unknown API paths answer with the JSON envelope, never the SPA.
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` }),
      );
    },
    { prefix: config.API_BASE_PATH },
  );

  await serveWebApp(app, config.WEB_DIST_DIR, config.API_BASE_PATH);
  return app;
}

/**
 * Outside the API base path, for the platform: liveness, readiness and the metrics
 * (docs/operations.md). A worker process serves these alone (buildProbeApp).
 */
function registerProbes(app: FastifyInstance, deps: AppDeps, metrics: Metrics) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(deps.database);
      return { status: 'ok', database: deps.database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
    }
  });
  metricsRoute(app, metrics, deps.config.METRICS_TOKEN);
}

/**
 * A worker process's HTTP: only the probes and the metrics (its jobs' counters live in it),
 * listened to when METRICS_TOKEN is set. It builds the services the worker's jobs use.
 */
export async function buildProbeApp(deps: AppDeps, opts: { logger: FastifyBaseLogger }) {
  const app = Fastify({ loggerInstance: opts.logger, trustProxy: trustProxyOf(deps.config) });
  const services = createServices(deps);
  app.decorate('deps', deps);
  app.decorate('services', services);
  registerErrorHandler(app);
  recordRequests(app, services.metrics);
  registerProbes(app, deps, services.metrics);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` }),
  );
  return app;
}

/**
 * The built SPA with history fallback: any other GET that wants HTML gets index.html, read
 * once and told the API's base path (http/web-index.ts). Files are sent as the `.br` or `.gz`
 * copy the web build made beside them when the client accepts it (with `Vary:
 * accept-encoding`); those copies, source maps and Vite's manifest are not served as files
 * of their own.
 */
async function serveWebApp(app: FastifyInstance, dir: string, apiBasePath: string) {
  const index = dir ? path.join(dir, 'index.html') : '';
  if (!index || !fs.existsSync(index)) {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: path.resolve(dir),
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html is served from memory, with the API's base path in it (below).
    globIgnore: ['index.html', '**/*.br', '**/*.gz', '**/*.map'],
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be fresh.
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = servedIndexHtml(index, apiBasePath);
  html(); // read now: an unreadable page fails the start, not the first visit
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    sendCompressedOnce(request, reply.header('cache-control', 'no-cache'), html(), 'text/html; charset=utf-8');
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml) return sendIndex(request, reply);
    return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` });
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
