/**
 * Background jobs on the database itself (pg-boss), the same on PGlite and PostgreSQL:
 * retries, locking and schedules survive restarts and are shared by every replica.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/** `signal` aborts when the process stops: a long handler ends early, leaving its work resumable. */
export type JobHandler<T> = (data: T, job: { id: string; retryCount: number; signal: AbortSignal }) => Promise<void>;

export interface JobDefinition<T = unknown> {
  name: string;
  handler: JobHandler<T>;
  /** Extra tries after a failure. */
  retryLimit?: number;
  /** A cron expression: the job also runs on this schedule. */
  cron?: string;
  /** Runs once when a process starts the workers (to resume work a stopped process left). */
  onStart?: () => Promise<void>;
}

export interface Jobs {
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Starts the workers of these definitions in this process. */
  startWorkers(definitions: JobDefinition<any>[]): Promise<void>;
  /** Lets running handlers finish (up to timeoutMs), then stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

export async function createJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // On one embedded database every poll competes with requests; PostgreSQL pools can poll faster.
    ...(database.kind === 'pglite' ? { maintenanceIntervalSeconds: 300 } : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  // One creation per queue name in this process; concurrent creations of one queue by
  // several replicas can deadlock inside pg-boss, so a deadlock is tried again.
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string, retryLimit = 3) => {
    let pending = created.get(name);
    if (!pending) {
      pending = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await boss.createQueue(name, { name, retryLimit, retryDelay: 5, retryBackoff: true });
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
  const stopping = new AbortController();

  return {
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      return boss.send(name, data, sendOptions ?? {});
    },
    async startWorkers(definitions) {
      for (const def of definitions) {
        await ensureQueue(def.name, def.retryLimit);
        await boss.work(def.name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) {
            const meta = job as unknown as { retryCount?: number };
            await def.handler(job.data, { id: job.id, retryCount: meta.retryCount ?? 0, signal: stopping.signal });
          }
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {});
      }
      for (const def of definitions) await def.onStart?.();
    },
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
