/**
 * Generating an organization's analytics reports: each type is read a keyset page at a
 * time and streamed as CSV into the blob store (memory holds one page), then recorded
 * under its name `<prefix>-<day>.csv`. A second generation on the same day replaces the
 * files of the first; its old files are removed once the new ones are recorded.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ANALYTICS_REPORT_COLUMNS, ANALYTICS_REPORT_PREFIXES, type AnalyticsReportPrefix, analyticsReportName } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type Clock, systemClock } from '../../deps.js';
import { csvLine } from '../../http/csv.js';
import type { BlobStore } from '../../storage/blob-store.js';
import * as repo from './analytics.repository.js';

export interface GenerateDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  log?: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;

/** Rows per page: one short statement each, so the embedded database stays responsive. */
export function reportPageRows(database: Pick<Database, 'kind'>): number {
  return database.kind === 'postgres' ? 5_000 : 1_000;
}

export class GenerationStopped extends Error {}

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
  const readPage = repo.reportPages[prefix];
  const limit = options.pageRows ?? reportPageRows(deps.database);
  let after: string[] | null = null;
  for (;;) {
    if (options.signal?.aborted) throw new GenerationStopped('The process is stopping.');
    const page = await readPage(deps.database.db, organizationId, after, limit);
    counter.rows += page.rows.length;
    // One chunk per page: fewer, larger writes.
    if (page.rows.length > 0) yield page.rows.map(csvLine).join('');
    if (!page.next) return;
    after = page.next;
    // Let requests in between two pages: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface GenerateOptions {
  /** The process is stopping: end between two pages. */
  signal?: AbortSignal;
  /** Rows per page (tests use a few to cross page ends). */
  pageRows?: number;
}

export interface GeneratedReport {
  name: string;
  rowCount: number;
  sizeBytes: number;
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
    const { replacedBlobKey } = await repo
      .upsertReport(deps.database.db, {
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

/**
 * Runs a queued generation to its end. A failure is thrown for the job's retry and recorded
 * on the generation only at the last try (`lastTry`); until then it stays running, and the
 * retry takes it up again. A stopping process also leaves it running for the next start.
 */
export async function runGeneration(
  deps: GenerateDeps,
  generationId: string,
  options: { signal?: AbortSignal; lastTry?: boolean } = {},
): Promise<'done' | 'gone'> {
  const db = deps.database.db;
  const { clock } = deps;
  const generation = await repo.findGeneration(db, generationId);
  if (!generation || !(await repo.startGeneration(db, generationId, clock.now()))) return 'gone';
  try {
    const written = await generateReports(deps, generation.organizationId, { signal: options.signal });
    await repo.finishGeneration(db, generationId, clock.now(), null);
    deps.log?.info({ organizationId: generation.organizationId, reports: written }, 'analytics reports generated');
    return 'done';
  } catch (err) {
    if (options.lastTry !== false && !(err instanceof GenerationStopped)) {
      await repo.finishGeneration(db, generationId, clock.now(), (err as Error).message);
    }
    throw err;
  }
}

/** Deletes reports (files, then rows) and ended generations older than the retention. */
export async function pruneReports(deps: GenerateDeps, batch = 200): Promise<number> {
  const db = deps.database.db;
  const cutoff = new Date(deps.clock.now().getTime() - deps.config.ANALYTICS_REPORT_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const old = await repo.reportsBefore(db, cutoff, batch);
    for (const r of old) await deps.blobs.remove(r.blobKey);
    await repo.deleteReports(
      db,
      old.map((r) => r.id),
    );
    total += old.length;
    if (old.length < batch) break;
  }
  await repo.deleteGenerationsBefore(db, cutoff);
  return total;
}
