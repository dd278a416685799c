/**
 * Background jobs on the database itself (pg-boss), the same on PGlite and PostgreSQL:
 * retries, locking and schedules survive restarts and are shared by every replica.
 * The one reader of pg-boss's own tables (schema pgboss), beside pg-boss itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { underStartLock } from '../db/migrate.js';

/** pg-boss's tables live in this schema. */
const SCHEMA = 'pgboss';

/**
 * What a handler knows of its job, from pg-boss's own record of it. `retryCount` is the
 * tries before this one; `lastTry` is true when a failure now ends the job for good.
 * `signal` aborts when the process stops: a long handler ends early, leaving its work resumable.
 */
export interface JobRun {
  id: string;
  retryCount: number;
  retryLimit: number;
  lastTry: boolean;
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobRun) => Promise<void>;

/** pg-boss's states of a job; `failed` is a job that used all its tries. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/**
 * A module's jobs: each job's name (its pg-boss queue) and the data it is sent with. Each
 * module declares its own in its `*.jobs.ts`, beside the handlers; jobs/index.ts joins them.
 */
export type JobMap = Record<string, object>;

/** The data of a job that carries none (a scheduled one). */
export type NoData = Record<string, never>;

/** The job `K` of the map `M`: its handler gets that job's data. */
export interface JobDefinition<M extends JobMap, K extends keyof M & string> {
  name: K;
  handler: JobHandler<M[K]>;
  /** Extra tries after a failure. */
  retryLimit?: number;
  /** A cron expression: the job also runs on this schedule. */
  cron?: string;
  /** Runs once when a process starts the workers (to resume work a stopped process left). */
  onStart?: () => Promise<void>;
  /**
   * Runs when the job failed its last try (a poison job): show the failure where the user
   * sees it. Every job ends after its limit whether or not it has one; pg-boss keeps it as
   * `failed` and the queue logs it.
   */
  onGiveUp?: (data: M[K], err: Error) => Promise<void>;
}

/** Definitions of jobs of the map `M`, each name with its own data. */
export type JobDefinitions<M extends JobMap> = { [K in keyof M & string]: JobDefinition<M, K> }[keyof M & string][];

/** What a module needs of the queue to send its own jobs (the queue of every job is one). */
export type JobSender<M extends JobMap> = Pick<Jobs<M>, 'send' | 'latestState'>;

/** The queue of the jobs of the map `M`: a name it does not know, or other data, is a type error. */
export interface Jobs<M extends JobMap> {
  send<K extends keyof M & string>(name: K, data: M[K], options?: PgBoss.SendOptions): Promise<string | null>;
  /** Starts the workers of these definitions in this process. */
  startWorkers(definitions: JobDefinitions<M>): Promise<void>;
  /**
   * The state of the newest job of this queue sent with this `singletonKey`, if any: a
   * sweep that resumes work asks it, so that it neither queues a second run beside one that
   * is waiting (created, or waiting for its next try) nor resumes one that used its tries.
   */
  latestState(name: keyof M & string, singletonKey: string): Promise<JobState | undefined>;
  /** Lets running handlers finish (up to timeoutMs), then stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

export async function createJobs<M extends JobMap>(
  database: Database,
  log: FastifyBaseLogger,
  options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {},
): Promise<Jobs<M>> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    ...(database.profile.jobMaintenanceIntervalSeconds
      ? { maintenanceIntervalSeconds: database.profile.jobMaintenanceIntervalSeconds }
      : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  // One process at a time: on a fresh database pg-boss creates its schema, which replicas starting together raced on.
  await underStartLock(database, () => boss.start());
  // One creation per queue name in this process; concurrent creations of one queue by
  // several replicas can deadlock inside pg-boss, so a deadlock is tried again.
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string, retryLimit = 3) => {
    let pending = created.get(name);
    if (!pending) {
      pending = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await boss.createQueue(name, { name, retryLimit, retryDelay, retryBackoff: retryDelay > 0 });
          } catch (err) {
            if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 50 * attempt));
          }
        }
      })();
      pending.catch(() => created.delete(name));
      created.set(name, pending);
    }
    return pending;
  };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  // Tests set 0: the tries of a failing job follow each other at once.
  const retryDelay = options.retryDelaySeconds ?? 5;
  const stopping = new AbortController();
  /** The handlers running now: stop() waits for them (pg-boss may not, see there). */
  const running = new Set<Promise<void>>();

  async function giveUp<K extends keyof M & string>(def: JobDefinition<M, K>, data: M[K], err: Error, run: JobRun) {
    log.error({ err, job: def.name, jobId: run.id, tries: run.retryCount + 1 }, 'job failed its last try: given up');
    try {
      await def.onGiveUp?.(data, err);
    } catch (hookErr) {
      log.error({ err: hookErr, job: def.name, jobId: run.id }, 'job given up: its failure could not be recorded');
    }
  }

  /** Runs the handler of each job pg-boss handed over (one at a time: batchSize 1). */
  async function handle(def: JobDefinition<M, keyof M & string>, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    for (const job of jobs) {
      const lastTry = job.retryCount >= job.retryLimit;
      const run: JobRun = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, lastTry, signal: stopping.signal };
      try {
        await def.handler(job.data as M[keyof M & string], run);
      } catch (err) {
        if (lastTry) await giveUp(def, job.data as M[keyof M & string], err as Error, run);
        throw err;
      }
    }
  }

  return {
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      return boss.send(name, data, sendOptions ?? {});
    },
    async startWorkers(typed) {
      // Here a job is only known by its name: pg-boss hands back the data it was sent with.
      const definitions = typed as JobDefinition<M, keyof M & string>[];
      for (const def of definitions) await ensureQueue(def.name, def.retryLimit);
      // Before this process takes any job: what a resume finds held or running is not its own.
      for (const def of definitions) await def.onStart?.();
      for (const def of definitions) {
        // includeMetadata: without it pg-boss hands over neither retryCount nor retryLimit.
        await boss.work(def.name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, (jobs) => {
          const run = handle(def, jobs);
          running.add(run);
          return run.finally(() => running.delete(run));
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {});
      }
    },
    async latestState(name, singletonKey) {
      const { rows } = await database.executeSql(
        `SELECT state FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on DESC LIMIT 1`,
        [name, singletonKey],
      );
      return rows[0]?.state as JobState | undefined;
    },
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // pg-boss can count a stopping worker as idle while its handler is still ending, and it
      // records a job's completion without waiting for it: the caller may close the database
      // only once our handlers have ended and a statement queued behind their completions ran.
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      await database.executeSql('SELECT 1').catch(() => undefined);
    },
  };
}

/** Jobs per queue and state (the metrics' console_jobs); none before pg-boss made its tables (a process that never queued). */
export async function jobCounts(database: Database): Promise<{ queue: string; state: string; count: number }[]> {
  const exists = await database.executeSql("select to_regclass('pgboss.job') is not null as present");
  if (!exists.rows[0]?.present) return [];
  const { rows } = await database.executeSql(
    'select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2',
  );
  return rows as { queue: string; state: string; count: number }[];
}
