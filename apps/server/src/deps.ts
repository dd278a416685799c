/** What the app and its modules are built from; tests build the same with a test database. */

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import type { AllJobs } from './jobs/job-names.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './mail/mailer.js';
import type { IdTokens } from './modules/auth/id-token.js';
import type { DnsTxtResolver } from './modules/domains/domain-verification.js';
import type { VerifiedDomains } from './modules/sso-connections/verified-domains.js';
import type { BlobStore } from './storage/blob-store.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  config: Config;
  database: Database;
  /** The background jobs' queue; only a worker process starts their workers (main.ts). */
  jobs: Jobs<AllJobs>;
  blobs: BlobStore;
  /** Issues and verifies the idTokens the server signs. */
  idTokens: IdTokens;
  /** Outgoing e-mail (SMTP, or the outbox folder). */
  mailer: Mailer;
  /** Every "now" of the server comes from here (tests set the time). */
  clock: Clock;
  /** Changes of organizations' data, for in-memory caches; buildApp starts one when absent. */
  changes?: ChangeFeed;
  /** For background work outside a request (jobs); requests log through request.log. */
  log?: FastifyBaseLogger;
  /** The TXT look-ups that verify domains; Node's resolver when absent (tests hand records in memory). */
  dnsTxt?: DnsTxtResolver;
  /** Which organization verified a domain (single sign-on's routing and first arrival); none verified when absent. */
  verifiedDomains?: VerifiedDomains;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built from; the guards reach the database and clock through it. */
    deps: AppDeps;
  }
}
