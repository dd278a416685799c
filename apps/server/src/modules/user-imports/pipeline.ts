/**
 * One run of an import, phase by phase (decisions.md, "User-import CSV"):
 *   staging     the file from the blob store through the CSV reader into user_import_rows
 *   validating  set-based checks over every row; any error ends it as validation_error
 *   applying    batches of users, each in a transaction with its checkpoint
 *   retrying    the same, for the rows a retry marked
 * The phase and the checkpoint are on the import row, so a run that died is resumed by
 * the next one where it stopped. A run holds a lease on the import while it works.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type UserImportOptions, userImportOptions } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { userImports } from '../../db/schema.js';
import type { Jobs } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type ApplyScope, applyBatch, nextBatch } from './apply.js';
import { FileFormatError, readUserImportCsv } from './csv-reader.js';
import { openStagingSink } from './staging.js';
import * as repo from './user-imports.repository.js';
import { countRowsWithErrors, mergeErrorGroups, rowNumberBounds, validateDuplicates, validateRange, withoutJit } from './validation.js';

export const USER_IMPORT_JOB = 'user-import';
export const USER_IMPORT_INVITATIONS_JOB = 'user-import-invitations';
export const USER_IMPORT_PURGE_JOB = 'user-import-purge';
export const USER_IMPORT_RESUME_JOB = 'user-import-resume';
/** A run of a large import on the embedded database can take a while; pg-boss must not expire it. */
export const USER_IMPORT_JOB_EXPIRE_SECONDS = 6 * 3600;

export interface PipelineDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  jobs?: Jobs;
  log?: FastifyBaseLogger;
}

/**
 * Rows the reader hands over at a time while staging, whatever the apply batch: parsed
 * rows that live across many young-generation collections are promoted and pile up in
 * the old generation until a full one (a 20,000-row batch grew the heap by about 100 MB
 * more over a million rows than this).
 */
export const STAGING_BATCH_ROWS = 1_000;

export function batchRows(deps: Pick<PipelineDeps, 'config' | 'database'>): number {
  return deps.config.USER_IMPORT_BATCH_ROWS ?? (deps.database.kind === 'postgres' ? 20_000 : 2_000);
}

export async function enqueueImport(jobs: Jobs | undefined, importId: string, startAfterSeconds?: number): Promise<void> {
  await jobs?.send(
    USER_IMPORT_JOB,
    { importId },
    { expireInSeconds: USER_IMPORT_JOB_EXPIRE_SECONDS, ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}) },
  );
}

type Outcome = 'finished' | 'busy' | 'gone' | 'stopped';

export interface RunOptions {
  /** Stop (keeping the lease's work resumable) once the import reaches this phase: for tests and tools. */
  stopAt?: 'validating' | 'applying';
  /** The process is stopping: end at the next checkpoint; another run resumes from there. */
  signal?: AbortSignal;
  /** For tests: runs between two apply batches (to disable the organization there, say). */
  afterBatch?: (appliedThrough: number) => Promise<void>;
}

class Stopped extends Error {}
/** The import's organization is disabled: nothing more may be done for it. */
class OrganizationDisabled extends Error {}

/** Runs the import as far as it goes. */
export async function runUserImport(deps: PipelineDeps, importId: string, options: RunOptions = {}): Promise<Outcome> {
  const db = deps.database.db;
  const owner = randomUUID();
  const leaseSeconds = deps.config.USER_IMPORT_LEASE_SECONDS;
  const claimed = await repo.claimImport(db, importId, owner, leaseSeconds);
  if (!claimed) {
    const wait = await repo.leaseWait(db, importId);
    if (wait === undefined) return 'gone';
    // Another run holds it: come back when its hold would end, in case that run died.
    await enqueueImport(deps.jobs, importId, Math.ceil(wait) + 1);
    return 'busy';
  }
  const run = new Run(deps, claimed, owner, options);
  try {
    await run.go();
    return 'finished';
  } catch (err) {
    if (err instanceof repo.LeaseLost) return 'gone';
    if (err instanceof Stopped) return 'stopped';
    throw err;
  } finally {
    // Released on every way out, a stop included: the next run need not wait for the lease to end.
    await repo.releaseImport(db, importId, owner).catch(() => {});
  }
}

/** Marks an import that keeps failing as `error`, so that it stops being resumed and can be retried. */
export async function failImport(db: Db, importId: string, message: string): Promise<void> {
  await db
    .update(userImports)
    .set({ status: 'error', finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(eq(userImports.id, importId));
  await repo.insertErrors(db, importId, [{ code: 'IMPORT_FAILED', rows: [], value: message.slice(0, 500) }]);
}

class Run {
  private readonly db: Db;
  private readonly scope: ApplyScope;
  private readonly batch: number;

  constructor(
    private readonly deps: PipelineDeps,
    private row: repo.UserImportRow,
    private readonly owner: string,
    private readonly options: RunOptions,
  ) {
    this.db = deps.database.db;
    this.batch = batchRows(deps);
    this.scope = {
      importId: row.id,
      organizationId: row.organizationId,
      createdBy: row.createdBy,
      options: userImportOptions.parse(row.options ?? {}) as UserImportOptions,
    };
  }

  private checkpoint(values: repo.ImportUpdate = {}, db: Db = this.db) {
    if (this.options.signal?.aborted) throw new Stopped();
    return repo.checkpoint(db, this.row.id, this.owner, this.deps.config.USER_IMPORT_LEASE_SECONDS, values);
  }

  async go() {
    const log = this.deps.log?.child({ userImportId: this.row.id });
    try {
      await this.phases(log);
    } catch (err) {
      if (!(err instanceof OrganizationDisabled)) throw err;
      log?.info('user import: its organization is disabled, stopped');
      await this.endForDisabledOrganization();
    }
  }

  private async phases(log?: FastifyBaseLogger) {
    // A job queued (or resumed, or retried) after the organization was disabled does nothing.
    await this.checkOrganization();
    let phase = this.row.phase;
    if (phase === 'queued' || phase === 'staging') {
      log?.info('user import: reading the file');
      if (!(await this.stage())) return;
      phase = 'validating';
    }
    if (this.options.stopAt === 'validating') return;
    if (phase === 'validating') {
      log?.info('user import: validating');
      if (!(await this.validate())) return;
      phase = 'applying';
    }
    if (this.options.stopAt === 'applying') return;
    if (phase === 'applying' || phase === 'retrying') {
      await this.apply(phase === 'retrying', log);
    }
    await this.finish();
    log?.info('user import: finished');
  }

  /** Throws OrganizationDisabled when it is; in a transaction, it also keeps it from being disabled until the end. */
  private async checkOrganization(db: Db = this.db) {
    if (await repo.organizationDisabled(db, this.row.id)) throw new OrganizationDisabled();
  }

  /**
   * Ends the import as failed with the reason. The users it already wrote are left as the
   * disable left them; the staged rows stay, so the import can be retried (it fails again).
   */
  private async endForDisabledOrganization() {
    await this.db.transaction(async (tx) => {
      await this.checkpoint({ status: 'error', finishedAt: sql`now()` }, tx);
      await repo.recordOrganizationDisabled(tx, this.row.id);
    });
    // The invitations owed from earlier batches are settled (not sent) by the invitations job.
    await this.deps.jobs?.send(USER_IMPORT_INVITATIONS_JOB, { importId: this.row.id });
  }

  /** Reads the whole file into staged rows; false when the file itself is at fault (import over). */
  private async stage(): Promise<boolean> {
    const { db, row } = this;
    await this.checkpoint({ phase: 'staging', startedAt: row.startedAt ?? sql`now()`, rowsRead: 0, rowsTotal: null, rowsWithErrors: 0 });
    await this.purgeStagedRows();
    await repo.deleteErrors(db, row.id);
    const sink = await openStagingSink(this.deps.database, row.id);
    let read = 0;
    let reported = 0;
    try {
      const { rows } = await readUserImportCsv(this.deps.blobs.read(row.blobKey), {
        separator: row.columnSeparator,
        batchRows: Math.min(this.batch, STAGING_BATCH_ROWS),
        onBatch: async (batch) => {
          await sink.write(batch);
          read += batch.length;
          // Progress (and the lease) about as often as an apply batch.
          if (read - reported >= this.batch) {
            reported = read;
            await this.checkpoint({ rowsRead: read });
          }
        },
      });
      await sink.finish();
      // Fresh statistics: without them the planner takes the staged rows for a handful and
      // joins them row by row (quadratic on a large file).
      await db.execute(sql`ANALYZE user_import_rows`);
      await this.checkpoint({ phase: 'validating', rowsRead: rows, rowsTotal: rows });
      return true;
    } catch (err) {
      await sink.abort(err as Error);
      if (!(err instanceof FileFormatError)) throw err;
      await repo.insertErrors(
        db,
        row.id,
        err.errors.map((e) => ({ code: e.code, rows: e.row ? [e.row] : [], value: e.value ?? null })),
      );
      const rowsWithErrors = new Set(err.errors.map((e) => e.row).filter(Boolean)).size;
      await this.endWithValidationErrors(rowsWithErrors);
      return false;
    }
  }

  /** Checks every staged row; false when any is wrong (import over, nothing changed). */
  private async validate(): Promise<boolean> {
    const { db, row } = this;
    await this.checkpoint({ phase: 'validating', rowsWithErrors: 0 });
    await repo.deleteErrors(db, row.id);
    const bounds = await rowNumberBounds(db, row.id);
    let bad = 0;
    if (bounds) {
      // Validation reads more than it writes: twice the batch per query stays short.
      const chunk = this.batch * 2;
      for (let from = bounds.min; from <= bounds.max; from += chunk) {
        bad += await validateRange(db, this.scope, from, from + chunk);
        await this.checkpoint({ rowsWithErrors: bad });
      }
    }
    for (const by of ['email', 'employeeId'] as const) {
      let after: string | undefined = '';
      while (after !== undefined) {
        after = await validateDuplicates(db, row.id, by, after, this.batch * 2);
        await this.checkpoint();
      }
    }
    bad = await countRowsWithErrors(db, row.id);
    if (bad === 0) {
      await this.checkpoint({ phase: 'applying' });
      return true;
    }
    await mergeErrorGroups(db, row.id);
    await this.endWithValidationErrors(bad);
    return false;
  }

  private async endWithValidationErrors(rowsWithErrors: number) {
    await this.checkpoint({ status: 'validation_error', phase: 'done', rowsWithErrors, finishedAt: sql`now()` });
    // Nothing will be applied from these rows; a retry reads the file again.
    await this.purgeStagedRows();
  }

  private async purgeStagedRows() {
    while ((await repo.deleteStagedRows(this.db, this.row.id, this.batch)) > 0) {
      await this.checkpoint();
    }
  }

  private async apply(retry: boolean, log?: FastifyBaseLogger) {
    const fresh = await repo.getImport(this.db, this.row.id);
    let after = retry ? 0 : (fresh?.appliedThrough ?? 0);
    log?.info({ retry, appliedThrough: after }, 'user import: applying');
    const pause = this.deps.config.USER_IMPORT_BATCH_PAUSE_MS;
    for (;;) {
      const next = await nextBatch(this.db, this.row.id, after, this.batch, retry);
      if (!next) break;
      const from = after + 1;
      await this.db.transaction(async (tx) => {
        // The checkpoint first: it fences (lease) and locks the import row for the batch. Then
        // the organization, in the batch's transaction: a disable committed since the last
        // batch stops it, and a disable that comes now waits until this batch is committed.
        await this.checkpoint({}, tx);
        await this.checkOrganization(tx);
        await withoutJit(tx);
        const r = await applyBatch(tx, this.scope, { from, to: next.to, retry });
        await this.checkpoint(
          {
            ...(retry ? {} : { appliedThrough: next.to, rowsApplied: sql`${userImports.rowsApplied} + ${r.rows}` }),
            usersCreated: sql`${userImports.usersCreated} + ${r.created}`,
            usersUpdated: sql`${userImports.usersUpdated} + ${r.updated}`,
            usersFailed: sql`${userImports.usersFailed} + ${r.failed}`,
            rowsWithErrors: sql`${userImports.rowsWithErrors} + ${r.failed}`,
          },
          tx,
        );
      });
      after = next.to;
      log?.debug({ appliedThrough: after }, 'user import: batch applied');
      await this.options.afterBatch?.(after);
      // Lets requests in between batches (PGlite runs queries on the main thread).
      await (pause > 0 ? sleep(pause) : new Promise((r) => setImmediate(r)));
    }
  }

  private async finish() {
    const row = await repo.getImport(this.db, this.row.id);
    if (!row) throw new repo.LeaseLost();
    const failed = row.usersFailed > 0 || row.invitationsFailed > 0;
    await this.checkpoint({ phase: 'done', status: failed ? 'error' : 'completed', finishedAt: sql`now()` });
    await this.deps.jobs?.send(USER_IMPORT_INVITATIONS_JOB, { importId: row.id });
  }
}
