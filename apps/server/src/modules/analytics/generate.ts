/**
 * Generating an organization's analytics reports: each type is read a keyset page at a
 * time and streamed as CSV into the blob store (memory holds one page), then recorded
 * under its name `<prefix>-<day>.csv`. A second generation on the same day replaces the
 * files of the first; its old files are removed once the new ones are recorded.
 *
 * The generations run as jobs (analytics.jobs.ts): one per organization on demand, and the
 * daily run that queues every enabled organization and prunes old reports.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { EventActor } from '@console/contracts';
import { ANALYTICS_REPORT_COLUMNS, ANALYTICS_REPORT_PREFIXES, type AnalyticsReportPrefix, analyticsReportName } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { csvLine } from '../../http/csv.js';
import type { AnalyticsJobs } from '../../jobs/job-names.js';
import type { JobSender } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { AnalyticsRepository } from './analytics.repository.js';

/** Generating the reports of a large organization on the embedded database can take a while. */
export const ANALYTICS_JOB_EXPIRE_SECONDS = 3 * 3600;

const DAY_MS = 86_400_000;

export class GenerationStopped extends Error {}

export interface GenerateDeps {
  repo: AnalyticsRepository;
  blobs: BlobStore;
  clock: Clock;
  /** Rows per page (the database profile's reportPageRows). */
  pageRows: number;
}

export interface GenerateOptions {
  /** The process is stopping: end between two pages. */
  signal?: AbortSignal;
}

export interface GeneratedReport {
  name: string;
  rowCount: number;
  sizeBytes: number;
}

/** The CSV text of one report, a page at a time. */
async function* reportCsv(
  deps: GenerateDeps,
  prefix: AnalyticsReportPrefix,
  organizationId: string,
  counter: { rows: number },
  options: GenerateOptions,
): AsyncGenerator<string> {
  // A BOM: spreadsheets then read the file as UTF-8 (names with accents).
  yield `\uFEFF${csvLine(ANALYTICS_REPORT_COLUMNS[prefix])}`;
  const limit = deps.pageRows;
  let after: string[] | null = null;
  for (;;) {
    if (options.signal?.aborted) throw new GenerationStopped('The process is stopping.');
    const page = await deps.repo.reportPage(prefix, organizationId, after, limit);
    counter.rows += page.rows.length;
    // One chunk per page: fewer, larger writes.
    if (page.rows.length > 0) yield page.rows.map(csvLine).join('');
    if (!page.next) return;
    after = page.next;
    // Let requests in between two pages: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Writes every report type of the organization; answers what was written. */
export async function generateReports(
  deps: GenerateDeps,
  organizationId: string,
  options: GenerateOptions = {},
): Promise<GeneratedReport[]> {
  const now = deps.clock.now();
  const run = randomUUID();
  const written: GeneratedReport[] = [];
  for (const prefix of ANALYTICS_REPORT_PREFIXES) {
    const name = analyticsReportName(prefix, now);
    const blobKey = `reports/${organizationId}/${run}/${name}`;
    const counter = { rows: 0 };
    const { sizeBytes } = await deps.blobs.put(blobKey, Readable.from(reportCsv(deps, prefix, organizationId, counter, options)));
    const { replacedBlobKey } = await deps.repo
      .upsertReport({
        organizationId,
        type: prefix,
        name,
        blobKey,
        sizeBytes,
        rowCount: counter.rows,
        generatedAt: now,
      })
      .catch(async (err) => {
        await deps.blobs.remove(blobKey);
        throw err;
      });
    if (replacedBlobKey) await deps.blobs.remove(replacedBlobKey);
    written.push({ name, rowCount: counter.rows, sizeBytes });
  }
  return written;
}

export interface AnalyticsReportsDeps extends GenerateDeps {
  db: Db;
  jobs: JobSender<AnalyticsJobs>;
  /** ANALYTICS_REPORT_RETENTION_DAYS: reports and ended generations older than this are pruned. */
  retentionDays: number;
  log?: FastifyBaseLogger;
}

/** The reports' generations: queued, run, pruned; built once (registry.ts) for the routes and the jobs. */
export function createAnalyticsReports(deps: AnalyticsReportsDeps) {
  const { repo, jobs, clock } = deps;

  async function sendJob(generationId: string): Promise<void> {
    await jobs.send('analytics-reports', { generationId }, { expireInSeconds: ANALYTICS_JOB_EXPIRE_SECONDS });
  }

  /** Queues a generation of the organization's reports (or answers the one already queued); the request is the actor's event. */
  async function enqueue(organizationId: string, requestedBy: string | null, actor: EventActor = systemActor) {
    const { generation, created } = await deps.db.transaction(async (tx) => {
      const requested = await repo.requestGeneration(organizationId, requestedBy, tx);
      if (requested.created) {
        await recordEvent(tx, {
          action: 'analytics_report.requested',
          organizationId,
          actor,
          targets: [{ type: 'analytics_report', id: requested.generation.id, name: 'analytics reports' }],
        });
      }
      return requested;
    });
    if (created) await sendJob(generation.id);
    return generation;
  }

  /** Deletes reports (files, then rows) and ended generations older than the retention. */
  async function prune(batch = 200): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - deps.retentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const old = await repo.reportsBefore(cutoff, batch);
      for (const r of old) await deps.blobs.remove(r.blobKey);
      await repo.deleteReports(old.map((r) => r.id));
      total += old.length;
      if (old.length < batch) break;
    }
    await repo.deleteGenerationsBefore(cutoff);
    return total;
  }

  return {
    enqueue,
    sendJob,
    prune,

    /** Writes every report of the organization now, outside a generation (tests, tools). */
    generate: (organizationId: string, options: GenerateOptions = {}) => generateReports(deps, organizationId, options),

    /**
     * Runs a queued generation to its end. A failure is thrown for the job's retry and recorded
     * on the generation only at the last try (`lastTry`); until then it stays running, and the
     * retry takes it up again. A stopping process also leaves it running for the next start.
     */
    async run(generationId: string, options: { signal?: AbortSignal; lastTry?: boolean } = {}): Promise<'done' | 'gone'> {
      const generation = await repo.findGeneration(generationId);
      if (!generation || !(await repo.startGeneration(generationId, clock.now()))) return 'gone';
      try {
        const written = await generateReports(deps, generation.organizationId, { signal: options.signal });
        await deps.db.transaction(async (tx) => {
          await repo.finishGeneration(generationId, clock.now(), null, tx);
          await recordEvent(tx, {
            action: 'analytics_report.generated',
            organizationId: generation.organizationId,
            actor: systemActor,
            targets: [{ type: 'analytics_report', id: generationId, name: 'analytics reports' }],
            data: { reports: written.map((r) => ({ name: r.name, rows: r.rowCount })) },
          });
        });
        deps.log?.info({ organizationId: generation.organizationId, reports: written }, 'analytics reports generated');
        return 'done';
      } catch (err) {
        if (options.lastTry !== false && !(err instanceof GenerationStopped)) {
          await repo.finishGeneration(generationId, clock.now(), (err as Error).message);
        }
        throw err;
      }
    },

    /** The daily run: prune, then queue a generation of every enabled organization. */
    async daily(): Promise<{ pruned: number; queued: number }> {
      const pruned = await prune();
      const organizations = await repo.enabledOrganizationIds();
      for (const organizationId of organizations) await enqueue(organizationId, null);
      return { pruned, queued: organizations.length };
    },

    /** When workers start: the generations a stopped process left (their job may be gone), then organizations with no report yet. */
    async resume(): Promise<void> {
      for (const { id } of await repo.activeGenerations()) await sendJob(id);
      for (const organizationId of await repo.organizationsWithoutReports()) await enqueue(organizationId, null);
    },
  };
}

export type AnalyticsReports = ReturnType<typeof createAnalyticsReports>;
