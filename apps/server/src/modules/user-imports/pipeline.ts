/**
 * One run of an import, phase by phase (docs/product.md, "User imports"):
 *   staging     the file from the blob store through the CSV reader into user_import_rows
 *   validating  set-based checks over every row; any error ends it as validation_error
 *   applying    batches of users, each in a transaction with its checkpoint
 *   retrying    the same, for the rows a retry marked
 * The phase and the checkpoint are on the import row, so a run that died is resumed by
 * the next one where it stopped. A run holds a lease on the import while it works.
 *
 * The pipeline is built once (registry.ts) and is also what the jobs (user-imports.jobs.ts)
 * run: the import, the purge of a removed one, its invitations and the resume sweep.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FileEncoding, type UserImportOptions, userImportOptions } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.js';
import type { UserImportJobs } from '../../jobs/job-names.js';
import type { JobSender } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordEvent, systemActor } from '../events/record.js';
import { CSV_FORMAT_CODES, type FileError, FileFormatError, readUserImportCsv } from './csv-reader.js';
import { type InviteUser, type SendOptions, sendImportInvitations } from './invitations.js';
import { purgeImport } from './purge.js';
import { expireImportFiles, settleImport } from './retention.js';
import { type ApplyScope, applyBatch, countOrganizationUsers, nextBatch, probesUsers } from './set-based/apply.js';
import type { ForeignEmailBound } from './set-based/foreign-emails.js';
import { analyzeStagedRows, openStagingSink, userStatisticsFollower, usersKnownToPlanner } from './set-based/staging.js';
import { summarizeStagedRows } from './set-based/summary.js';
import {
  countRowsWithErrors,
  mergeErrorGroups,
  rowNumberBounds,
  validateDuplicates,
  validateRange,
  withoutJit,
} from './set-based/validation.js';
import type { UserImportErrorsRepository } from './user-import-errors.repository.js';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import { LeaseLost, type UserImportLeasesRepository } from './user-import-leases.repository.js';
import type { UserImportRowsRepository } from './user-import-rows.repository.js';
import { batchProgress, dbNow, type ImportUpdate, type UserImportRow, type UserImportsRepository } from './user-imports.repository.js';

/** A run of a large import on the embedded database can take a while; pg-boss must not expire it. */

/**
 * The event of an import's end, in the transaction that ends it: the console (a background
 * job) ends it, naming the import with its counts (the rows stay in its own report).
 */
function recordImportEnd(
  tx: Tx,
  row: Pick<UserImportRow, 'id' | 'organizationId' | 'filename'>,
  action: 'user_import.completed' | 'user_import.failed',
  data: Record<string, unknown>,
): Promise<void> {
  return recordEvent(tx, {
    action,
    organizationId: row.organizationId,
    actor: systemActor,
    targets: [{ type: 'user_import', id: row.id, name: row.filename }],
    data,
  });
}

export const USER_IMPORT_JOB_EXPIRE_SECONDS = 6 * 3600;

export interface PipelineDeps {
  /** Its executor, and its connection for staging (COPY). */
  database: Database;
  imports: UserImportsRepository;
  leases: UserImportLeasesRepository;
  errors: UserImportErrorsRepository;
  invitations: UserImportInvitationsRepository;
  rows: UserImportRowsRepository;
  blobs: BlobStore;
  jobs: JobSender<UserImportJobs>;
  /** Rows per staging and apply batch (and per purge chunk): USER_IMPORT_BATCH_ROWS, else the database profile's importBatchRows. */
  batchRows: number;
  /** How long a run's hold on an import lasts without a checkpoint (USER_IMPORT_LEASE_SECONDS). */
  leaseSeconds: number;
  /** A pause between two apply batches (USER_IMPORT_BATCH_PAUSE_MS). */
  batchPauseMs: number;
  /** Told the rows of each applied batch, once committed (the metrics' counter). */
  onRowsApplied?: (rows: number) => void;
  log?: FastifyBaseLogger;
  /** Bounds and traces what validation tells of other organizations' e-mails (set-based/foreign-emails.ts). */
  boundForeignEmails: ForeignEmailBound;
  /** The provider's staff domain (STAFF_EMAIL_DOMAIN): a row of its addresses is an error. */
  staffEmailDomain: string;
}

/**
 * Rows the reader hands over at a time while staging, whatever the apply batch: parsed
 * rows that live across many young-generation collections are promoted and pile up in
 * the old generation until a full one, so a small hand-over keeps the heap flat however
 * large the apply batch (bench/history.md, "Staging batch").
 */
export const STAGING_BATCH_ROWS = 1_000;

export async function enqueueImport(jobs: JobSender<UserImportJobs>, importId: string, startAfterSeconds?: number): Promise<void> {
  await jobs.send(
    'user-import',
    { importId },
    {
      // The import's id as the job's key: the resume sweep asks the queue about the import's runs (jobs.latestState).
      singletonKey: importId,
      expireInSeconds: USER_IMPORT_JOB_EXPIRE_SECONDS,
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    },
  );
}

type Outcome = 'finished' | 'busy' | 'gone' | 'stopped';

export interface RunOptions {
  /** The process is stopping: end at the next checkpoint; another run resumes from there. */
  signal?: AbortSignal;
  /**
   * The run's name for its hold, the job's id: a run that fails keeps its hold, so that the
   * resume sweep does not start a second run while the queue waits to try this job again,
   * and the job's next try takes the hold back. Without it, every way out releases the hold.
   */
  owner?: string;
}

const fileErrorInput = (e: FileError) => ({ code: e.code, rows: e.row ? [e.row] : [], value: e.value ?? null });

class Stopped extends Error {}
/** The import's organization is disabled: nothing more may be done for it. */
class OrganizationDisabled extends Error {}

export function createUserImportPipeline(deps: PipelineDeps) {
  const { imports, leases, invitations, rows, jobs } = deps;
  const retention = { imports, invitations, rows, blobs: deps.blobs, chunk: deps.batchRows };

  return {
    /** Runs the import as far as it goes. */
    async run(importId: string, options: RunOptions = {}): Promise<Outcome> {
      const owner = options.owner ?? randomUUID();
      let keepHold = false;
      const claimed = await leases.claimImport(importId, owner, deps.leaseSeconds);
      if (!claimed) {
        const wait = await leases.leaseWait(importId);
        if (wait === undefined) return 'gone';
        // Another run holds it: come back when its hold would end, in case that run died.
        await enqueueImport(jobs, importId, Math.ceil(wait) + 1);
        return 'busy';
      }
      const run = new Run(deps, claimed, owner, options);
      try {
        await run.go();
        return 'finished';
      } catch (err) {
        if (err instanceof LeaseLost) return 'gone';
        if (err instanceof Stopped) return 'stopped';
        keepHold = options.owner !== undefined;
        throw err;
      } finally {
        // Released on every other way out, a stop included: the next run need not wait for the lease to end.
        if (!keepHold) await leases.releaseImport(importId, owner).catch(() => {});
      }
    },

    /**
     * Marks an import that keeps failing as `error`, so that it stops being resumed and can be
     * retried. Only a processing one: a second call (the job's give-up, then the sweep) or a
     * removed import changes nothing.
     */
    async fail(importId: string, message: string): Promise<void> {
      await deps.database.db.transaction(async (tx) => {
        const values = { status: 'error', finishedAt: dbNow(), leaseOwner: null, leaseUntil: null };
        if (!(await imports.updateImportWhere(importId, 'processing', values, tx))) return;
        await deps.errors.insertErrors(importId, [{ code: 'IMPORT_FAILED', rows: [], value: message.slice(0, 500) }], tx);
        const row = await imports.getImport(importId, tx);
        if (row) await recordImportEnd(tx, row, 'user_import.failed', { reason: 'import_failed' });
      });
    },

    /** Queues a run of the import (after a while, when given). */
    enqueue: (importId: string, startAfterSeconds?: number) => enqueueImport(jobs, importId, startAfterSeconds),

    /** Drops what an ended import no longer needs (retention.ts): after its invitations are settled. */
    settle: (importId: string) => settleImport(retention, importId),

    /** Drops the files of imports that ended more than `days` ago (retention.ts). */
    expireFiles: (days: number) => expireImportFiles(retention, days),

    /** Removes what is left of a removed import (purge.ts). */
    purge: (importId: string, signal?: AbortSignal) =>
      purgeImport({ imports, invitations, rows, blobs: deps.blobs, chunk: deps.batchRows }, importId, signal),

    /** Sends the invitations the import owes, for a while (invitations.ts); answers whether some are still owed. */
    sendInvitations: (importId: string, invite: InviteUser, opts: SendOptions) =>
      sendImportInvitations({ imports, invitations }, importId, invite, opts),

    /** What a stopped worker left: imports no run holds, invitations nobody sends, removed imports not yet purged. */
    orphanedImports: () => leases.orphanedImports(),
    importsOwingInvitations: () => invitations.importsOwingInvitations(),
    removedImports: () => imports.removedImports(),
    /** Imports a run holds, with the seconds its hold has left. */
    heldImports: () => leases.heldImports(),
    /** Ends every hold: only for a process that knows the holders died. */
    dropAllLeases: () => leases.dropAllLeases(),
  };
}

export type UserImportPipeline = ReturnType<typeof createUserImportPipeline>;

class Run {
  private readonly db: Db;
  private readonly scope: ApplyScope;
  private readonly batch: number;
  private readonly applyRows: number;

  constructor(
    private readonly deps: PipelineDeps,
    private row: UserImportRow,
    private readonly owner: string,
    private readonly options: RunOptions,
  ) {
    this.db = deps.database.db;
    this.batch = deps.batchRows;
    this.applyRows = Math.min(this.batch, deps.database.profile.importApplyRowsMax);
    this.scope = {
      importId: row.id,
      organizationId: row.organizationId,
      createdBy: row.createdBy,
      options: userImportOptions.parse(row.options ?? {}) as UserImportOptions,
    };
  }

  private checkpoint(values: ImportUpdate = {}, db: Db = this.db) {
    if (this.options.signal?.aborted) throw new Stopped();
    return this.deps.leases.checkpoint(this.row.id, this.owner, this.deps.leaseSeconds, values, db);
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
    if (phase === 'validating') {
      log?.info('user import: validating');
      const next = await this.validate();
      if (next === 'ended') return;
      if (next === 'awaiting') {
        log?.info('user import: validated, waiting for a confirmation');
        return;
      }
      phase = 'applying';
    }
    if (phase === 'applying' || phase === 'retrying') {
      await this.apply(phase === 'retrying', log);
    }
    await this.finish();
    log?.info('user import: finished');
  }

  /** Throws OrganizationDisabled when it is; in a transaction, it also keeps it from being disabled until the end. */
  private async checkOrganization(db: Db = this.db) {
    if (await this.deps.imports.organizationDisabled(this.row.id, db)) throw new OrganizationDisabled();
  }

  /**
   * Ends the import as failed with the reason. The users it already wrote are left as the
   * disable left them; the staged rows stay, so the import can be retried (it fails again).
   */
  private async endForDisabledOrganization() {
    await this.db.transaction(async (tx) => {
      await this.checkpoint({ status: 'error', finishedAt: dbNow() }, tx);
      await this.deps.imports.recordOrganizationDisabled(this.row.id, tx);
      await recordImportEnd(tx, this.row, 'user_import.failed', { reason: 'organization_disabled' });
    });
    // The invitations owed from earlier batches are settled (not sent) by the invitations job.
    await this.deps.jobs.send('user-import-invitations', { importId: this.row.id });
  }

  /** Reads the whole file into staged rows; false when the file itself is at fault (import over). */
  private async stage(): Promise<boolean> {
    const { db, row } = this;
    await this.checkpoint({ phase: 'staging', startedAt: row.startedAt ?? dbNow(), rowsRead: 0, rowsTotal: null, rowsWithErrors: 0 });
    await this.purgeStagedRows();
    await this.deps.errors.deleteErrors(row.id);
    const sink = await openStagingSink(this.deps.database, row.id);
    let read = 0;
    let reported = 0;
    let encoding: FileEncoding | undefined;
    let separator: string | undefined;
    // The separator the file is read with, when it was detected: said in the details with the encoding.
    const known = () => ({ ...(encoding ? { fileEncoding: encoding } : {}), ...(separator ? { columnSeparator: separator } : {}) });
    try {
      const { rows, formatErrors } = await readUserImportCsv(
        this.deps.blobs.read(row.blobKey),
        {
          separator: row.columnSeparatorDetected ? null : row.columnSeparator,
          batchRows: Math.min(this.batch, STAGING_BATCH_ROWS),
          onEncoding: (e) => {
            encoding = e;
          },
          onSeparator: (s) => {
            separator = s;
          },
          onBatch: async (batch) => {
            // Said in the details as soon as the first rows are read.
            if (read === 0) await this.checkpoint(known());
            await sink.write(batch);
            read += batch.length;
            // Progress (and the lease) about as often as an apply batch.
            if (read - reported >= this.batch) {
              reported = read;
              await this.checkpoint({ rowsRead: read });
            }
          },
        },
        // Past a broken quote, the rest of the file is read all the same: its data errors are told in the same round.
        () => this.deps.blobs.read(row.blobKey),
      );
      await sink.finish();
      await analyzeStagedRows(db);
      // The format errors stay beside what validation finds (it keeps them), and end the import with them.
      await this.deps.errors.insertErrors(row.id, formatErrors.map(fileErrorInput));
      await this.checkpoint({ phase: 'validating', rowsRead: rows, rowsTotal: rows, ...known() });
      return true;
    } catch (err) {
      await sink.abort(err as Error);
      if (!(err instanceof FileFormatError)) throw err;
      // A file refused after its encoding was decided still says how it was read.
      const howRead = known();
      if (Object.keys(howRead).length > 0) await this.checkpoint(howRead);
      await this.deps.errors.insertErrors(row.id, err.errors.map(fileErrorInput));
      const rowsWithErrors = new Set(err.errors.map((e) => e.row).filter(Boolean)).size;
      await this.endWithValidationErrors(rowsWithErrors);
      return false;
    }
  }

  /**
   * Checks every staged row: `ended` when any is wrong (import over, nothing changed), else
   * `awaiting` when it stops at its summary or `apply`. The phase moves on in the same
   * statement that parks it, so a run resumed after a crash never applies what waits.
   */
  private async validate(): Promise<'apply' | 'awaiting' | 'ended'> {
    const { db, row } = this;
    await this.checkpoint({ phase: 'validating', rowsWithErrors: 0 });
    // The file's format errors found while staging stay: validation adds the rows' own.
    await this.deps.errors.deleteErrors(row.id, { except: CSV_FORMAT_CODES });
    const bounds = await rowNumberBounds(db, row.id);
    let bad = 0;
    if (bounds) {
      // Validation reads more than it writes: twice the batch per query stays short.
      const chunk = this.batch * 2;
      // Staging has just analyzed the users: the planner's count is fresh.
      const probe = probesUsers(await usersKnownToPlanner(db), chunk);
      for (let from = bounds.min; from <= bounds.max; from += chunk) {
        bad += await validateRange(db, { ...this.scope, staffEmailDomain: this.deps.staffEmailDomain, probe }, from, from + chunk);
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
    if (bad > 0) await mergeErrorGroups(db, row.id);
    // Also for a file without errors: once the day's checks are spent, new addresses are refused.
    const limited = await this.deps.boundForeignEmails({ ...this.scope, filename: this.row.filename });
    if (bad === 0 && !limited) {
      if (await this.waitsForConfirmation()) {
        await this.awaitConfirmation();
        return 'awaiting';
      }
      await this.checkpoint({ phase: 'applying' });
      return 'apply';
    }
    // The bound may have added errors of its own (addresses refused once the day's checks are spent).
    bad = await countRowsWithErrors(db, row.id);
    await this.endWithValidationErrors(bad);
    return 'ended';
  }

  /** Whether the validated import stops at its summary: unless it was asked not to and is large enough for that. */
  private async waitsForConfirmation(): Promise<boolean> {
    const fresh = await this.deps.imports.getImport(this.row.id);
    const from = fresh?.applyWithoutConfirmationFromRows ?? null;
    return from === null || (fresh?.rowsTotal ?? 0) < from;
  }

  /**
   * Parks the import at its summary, its hold released: nothing is applied until the admin
   * confirms it (a new run then starts at the apply phase) or removes it.
   */
  private async awaitConfirmation() {
    if (this.options.signal?.aborted) throw new Stopped();
    const summary = await summarizeStagedRows(this.db, this.scope);
    await this.deps.leases.awaitConfirmation(this.row.id, this.owner, { phase: 'applying', summary });
  }

  private async endWithValidationErrors(rowsWithErrors: number) {
    await this.db.transaction(async (tx) => {
      await this.checkpoint({ status: 'validation_error', phase: 'done', rowsWithErrors, finishedAt: dbNow() }, tx);
      await recordImportEnd(tx, this.row, 'user_import.failed', { reason: 'validation_errors', rowsWithErrors });
    });
    // Nothing will be applied from these rows, and nothing reads the file again: such an
    // import is not retried, a corrected file is uploaded (decision 022). The import is over,
    // so its row is not touched again (no checkpoint): an ended import no longer changes.
    while ((await this.deps.rows.deleteStagedRows(this.row.id, this.batch)) > 0) {}
    await this.deps.blobs.remove(this.row.blobKey);
  }

  private async purgeStagedRows() {
    while ((await this.deps.rows.deleteStagedRows(this.row.id, this.batch)) > 0) {
      await this.checkpoint();
    }
  }

  private async apply(retry: boolean, log?: FastifyBaseLogger) {
    const fresh = await this.deps.imports.getImport(this.row.id);
    let after = retry ? 0 : (fresh?.appliedThrough ?? 0);
    log?.info({ retry, appliedThrough: after }, 'user import: applying');
    const pause = this.deps.batchPauseMs;
    const usersCreated = await userStatisticsFollower(this.db);
    let organizationUsers = await countOrganizationUsers(this.db, this.scope.organizationId);
    for (;;) {
      const next = await nextBatch(this.db, this.row.id, after, this.applyRows, retry);
      if (!next) break;
      const from = after + 1;
      const applied = await this.db.transaction(async (tx) => {
        // The checkpoint first: it fences (lease) and locks the import row for the batch. Then
        // the organization, in the batch's transaction: a disable committed since the last
        // batch stops it, and a disable that comes now waits until this batch is committed.
        await this.checkpoint({}, tx);
        await this.checkOrganization(tx);
        await withoutJit(tx);
        const r = await applyBatch(tx, this.scope, { from, to: next.to, retry, probe: probesUsers(organizationUsers, next.n) });
        await this.checkpoint(batchProgress(r, retry ? undefined : next.to), tx);
        return r;
      });
      // No event per batch: the import's end records what it did (the feed tells the caches of its users).
      this.deps.onRowsApplied?.(applied.rows);
      await usersCreated(applied.created);
      organizationUsers += applied.created;
      after = next.to;
      log?.debug({ appliedThrough: after }, 'user import: batch applied');
      // Lets requests in between batches (PGlite runs queries on the main thread).
      await (pause > 0 ? sleep(pause) : new Promise((r) => setImmediate(r)));
    }
  }

  private async finish() {
    const row = await this.deps.imports.getImport(this.row.id);
    if (!row) throw new LeaseLost();
    const failed = row.usersFailed > 0 || row.invitationsFailed > 0;
    await this.db.transaction(async (tx) => {
      await this.checkpoint({ phase: 'done', status: failed ? 'error' : 'completed', finishedAt: dbNow() }, tx);
      const { rowsTotal, rowsApplied, rowsWithErrors, usersCreated, usersUpdated, usersFailed } = row;
      const counts = { rowsTotal, rowsApplied, rowsWithErrors, usersCreated, usersUpdated, usersFailed };
      await recordImportEnd(
        tx,
        row,
        failed ? 'user_import.failed' : 'user_import.completed',
        failed ? { reason: 'users_failed', ...counts } : counts,
      );
    });
    await this.deps.jobs.send('user-import-invitations', { importId: row.id });
  }
}
