/** The real app on a fresh test database, for app.inject tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type App, buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { type AppDeps, type Clock, systemClock } from '../deps.js';
import type { AllJobs } from '../jobs/index.js';
import { createJobs } from '../jobs/queue.js';
import { createMailer } from '../mail/mailer.js';
import { createIdTokens } from '../modules/auth/id-token.js';
import type { DnsTxtResolver } from '../modules/domains/domain-verification.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { fakeDnsTxt } from './dns.js';
import { createTestDatabase, type TestDbKind } from './test-database.js';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    config?: Parameters<typeof testConfig>[0];
    clock?: Clock;
    logger?: FastifyBaseLogger;
    /** The logger of background work (deps.log, as main.ts gives it); none when absent. */
    log?: FastifyBaseLogger;
    /** This database whatever TEST_DB says (the embedded database's queue is PGlite's own). */
    databaseKind?: TestDbKind;
    /** The DNS TXT records domain verification reads; none when absent (test/dns.ts). */
    dnsTxt?: DnsTxtResolver;
    /** Extra routes for a test, added before the app is ready (guard tests). */
    extend?: (app: App) => void | Promise<void>;
    /** Which organization verified a domain (an in-memory stand-in for the domains module). */
    verifiedDomains?: AppDeps['verifiedDomains'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  // Suites sign in often from one address; the rate-limit test sets its own limit. The embedded
  // database's 500 ms wait bound is a promise about a production machine's latency: on a test
  // machine whose cores run two test files, a request would meet it between two of its own
  // steps. The suites check behaviour; the bound is tested where a test sets it (queue.test.ts).
  const config = testConfig({
    DATA_DIR: dataDir,
    SIGN_IN_RATE_LIMIT_MAX: '100000',
    DATABASE_QUEUE_WAIT_MS: '10000',
    ...options.config,
  });
  const database = await createTestDatabase({
    kind: options.databaseKind,
    queue: { maxQueued: config.DATABASE_QUEUE_MAX, maxWaitMs: config.DATABASE_QUEUE_WAIT_MS },
  });
  // The folder in the data directory, or the bucket of a BLOB_STORE_URL the test configures.
  const blobs = await createBlobStore(config);
  const silent = (await import('pino')).default({ level: 'silent' });
  // The real queue; its workers run only where a test starts them. No delay between the
  // tries of a failing job: a test of the retry limit ends at once.
  const jobs = await createJobs<AllJobs>(database, silent, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0 });
  const clock = options.clock;
  const idTokens = await createIdTokens(config, clock ? { now: () => clock.now() } : {});
  const mailer = createMailer(config, blobs);
  const deps: AppDeps = {
    config,
    database,
    blobs,
    jobs,
    idTokens,
    mailer,
    log: options.log,
    clock: clock ?? systemClock,
    dnsTxt: options.dnsTxt ?? fakeDnsTxt(),
    verifiedDomains: options.verifiedDomains,
  };
  const app = await buildApp(deps, options.logger ? { logger: options.logger } : {});
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    async close() {
      await app.close();
      mailer.close();
      // Running handlers end first (their signal aborts them): one still running when the
      // database closes fails on it after the test, an unhandled rejection on a busy machine.
      await jobs.stop(30_000);
      blobs.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
