/**
 * Hourly housekeeping: deletes what has ended. Browser sessions and one-time tokens are kept
 * for HOUSEKEEPING_RETENTION_DAYS after they ended, to look into recent sign-ins; rate-limit
 * windows and SSO round trips go as soon as they end, since nothing reads them after.
 *
 * Deletes run in bounded batches, each a short statement: on the embedded database every
 * statement holds the one connection (and the main thread) that requests also need.
 */
import { and, gt, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, sqlRows } from '../../db/client.js';
import { rateLimitHits, scimEvents, sessions, ssoLoginStates, userTokens } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { JobDefinition, JobDefinitions, NoData } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

const BATCH_SIZE = 500;
const DAY_MS = 86_400_000;

export type HousekeepingReport = Record<'sessions' | 'userTokens' | 'rateLimitWindows' | 'ssoLoginStates' | 'scimEvents', number>;

/** The auth module's jobs and the data each is sent with. */
export type HousekeepingJobs = { housekeeping: NoData };

/** The auth module's jobs, for the registry (jobs/index.ts). */
export function housekeepingJobs({ deps }: ModuleContext): JobDefinitions<HousekeepingJobs> {
  return [housekeepingJob(deps)];
}

export function housekeepingJob(deps: AppDeps): JobDefinition<HousekeepingJobs, 'housekeeping'> {
  return {
    name: 'housekeeping',
    cron: '7 * * * *',
    retryLimit: 1,
    handler: async () => {
      await runHousekeeping(deps);
    },
  };
}

export async function runHousekeeping(
  deps: Pick<AppDeps, 'config' | 'database' | 'clock'>,
  opts: { batchSize?: number } = {},
): Promise<HousekeepingReport> {
  const { db } = deps.database;
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.HOUSEKEEPING_RETENTION_DAYS * DAY_MS);
  return {
    sessions: await deleteInBatches(
      db,
      sessions,
      sessions.id,
      or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff))!,
      batchSize,
    ),
    // Used or expired, ended before the cutoff. A pending invitation (unused, unexpired) never
    // matches. A used row is also kept until its token expires, because for sign-in links the
    // row is what stops a second use.
    userTokens: await deleteInBatches(
      db,
      userTokens,
      userTokens.id,
      or(lt(userTokens.expiresAt, cutoff), and(lt(userTokens.usedAt, cutoff), lt(userTokens.expiresAt, now)))!,
      batchSize,
    ),
    // An ended window counts as no row at all: the next hit starts a new one.
    rateLimitWindows: await deleteInBatches(db, rateLimitHits, rateLimitHits.key, lte(rateLimitHits.resetAt, now), batchSize),
    // Round trips nobody finished (the tab was closed); finishing checks expiry itself.
    ssoLoginStates: await deleteInBatches(db, ssoLoginStates, ssoLoginStates.stateHash, lt(ssoLoginStates.expiresAt, now), batchSize),
    // What provisioning did, shown on the Provisioning screen: kept as long as ended sessions.
    scimEvents: await deleteInBatches(db, scimEvents, scimEvents.id, lt(scimEvents.at, cutoff), batchSize),
  };
}

/**
 * Walks the table in key order, a page of batchSize keys per statement, and deletes the
 * page's rows that match `ended`. Each statement reads at most one page through the primary
 * key, however large the table and however few rows have ended, and no page is read twice
 * (repeated "delete … limit n" would scan the rows deleted before it again). The DELETE checks
 * `ended` itself, so a row changed meanwhile (a rate-limit window that restarted) is kept.
 */
async function deleteInBatches(db: Db, table: PgTable, key: PgColumn, ended: SQL, batchSize: number): Promise<number> {
  let total = 0;
  let after: string | undefined;
  for (;;) {
    const [page] = await sqlRows<{ last: string | null; deleted: number }>(
      db,
      sql`with page as (
            select ${key} as k from ${table} where ${after === undefined ? sql`true` : gt(key, after)} order by ${key} limit ${batchSize}
          ), gone as (
            delete from ${table} where ${key} in (select k from page) and ${ended} returning 1
          )
          select (select k::text from page order by k desc limit 1) as last, (select count(*)::int from gone) as deleted`,
    );
    total += page.deleted;
    if (page.last === null) return total;
    after = page.last;
    // Let waiting requests in between two pages: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
