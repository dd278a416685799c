/**
 * Hourly housekeeping: deletes what has ended. Browser sessions and one-time tokens are kept
 * for HOUSEKEEPING_RETENTION_DAYS after they ended, to look into recent sign-ins; rate-limit
 * windows, SSO round trips and idempotency keys go as soon as they end, since nothing reads them after.
 *
 * Deletes run in bounded batches, each a short statement (housekeeping.repository.ts): on
 * the embedded database every statement holds the one connection (and the main thread) that
 * requests also need.
 */
import type { Config } from '../../config.js';
import type { Clock } from '../../deps.js';
import type { HousekeepingJobs } from '../../jobs/job-names.js';
import type { JobDefinition, JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';
import type { HousekeepingRepository } from './housekeeping.repository.js';

const BATCH_SIZE = 500;
const DAY_MS = 86_400_000;

export type HousekeepingReport = Record<
  'sessions' | 'userTokens' | 'rateLimitWindows' | 'ssoLoginStates' | 'scimEvents' | 'idempotencyKeys' | 'requestLog',
  number
>;

/** The auth module's jobs, for the registry (jobs/index.ts). */
export function housekeepingJobs({ services }: ModuleContext): JobDefinitions<HousekeepingJobs> {
  return [housekeepingJob(services.housekeeping)];
}

export function housekeepingJob(housekeeping: Housekeeping): JobDefinition<HousekeepingJobs, 'housekeeping'> {
  return {
    name: 'housekeeping',
    cron: '7 * * * *',
    retryLimit: 1,
    handler: async () => {
      await housekeeping.run();
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

export function createHousekeeping(deps: {
  repo: HousekeepingRepository;
  clock: Clock;
  config: Pick<Config, 'HOUSEKEEPING_RETENTION_DAYS'>;
  /** The external API's idempotency keys whose day ended, deleted by the repository that owns them (the root hands it in). */
  deleteExpiredIdempotencyKeys: (now: Date, batchSize: number) => Promise<number>;
  /** The request log's delete of the calls older than it keeps (the request-log module's, the one owner of its table). */
  purgeRequestLog: () => Promise<number>;
}) {
  return { run: () => runHousekeeping(deps) };
}

async function runHousekeeping(deps: Parameters<typeof createHousekeeping>[0]): Promise<HousekeepingReport> {
  const { repo, clock, config } = deps;
  const now = clock.now();
  const cutoff = new Date(now.getTime() - config.HOUSEKEEPING_RETENTION_DAYS * DAY_MS);
  return {
    sessions: await repo.deleteEndedSessions(cutoff, BATCH_SIZE),
    userTokens: await repo.deleteEndedUserTokens(cutoff, now, BATCH_SIZE),
    rateLimitWindows: await repo.deleteEndedRateLimitWindows(now, BATCH_SIZE),
    ssoLoginStates: await repo.deleteExpiredSsoLoginStates(now, BATCH_SIZE),
    // What provisioning did, shown on the Provisioning screen: kept as long as ended sessions.
    scimEvents: await repo.deleteScimEventsBefore(cutoff, BATCH_SIZE),
    // A kept answer is of no use once its day is over: a repeat then runs as a new call.
    idempotencyKeys: await deps.deleteExpiredIdempotencyKeys(now, BATCH_SIZE),
    // The external API's calls, kept their own 30 days (docs/decisions/071-request-log.md).
    requestLog: await deps.purgeRequestLog(),
  };
}
