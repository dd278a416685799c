/**
 * What an Organizational Admin does to an import once it runs: confirm one that waits at its
 * summary, stop one that runs, retry one that failed. Part of the user imports' service.
 */
import { isRetryable, type UserImportSummaryView, type UserImportView, userImportRequestErrors } from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict } from '../../http/errors.js';
import type { UserImportJobs } from '../../jobs/job-names.js';
import type { JobSender } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UserImportPipeline } from './pipeline.js';
import { retryNeedsFile } from './retention.js';
import type { UserImportErrorsRepository } from './user-import-errors.repository.js';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import type { UserImportRowsRepository } from './user-import-rows.repository.js';
import { dbNow, type UserImportRow, type UserImportsRepository } from './user-imports.repository.js';

const summaryCounts = (s: UserImportSummaryView) => ({
  newUsers: s.newUsers.count,
  updatedUsers: s.updatedUsers.count,
  disabledUsers: s.disabledUsers.count,
  invitations: s.invitations.count,
});

/** The stores an import's actions write, shared with the rest of its service (UserImportServiceDeps). */
export interface UserImportStores {
  db: Db;
  repo: UserImportsRepository;
  errors: UserImportErrorsRepository;
  invitations: UserImportInvitationsRepository;
  rows: UserImportRowsRepository;
  blobs: BlobStore;
  jobs: JobSender<UserImportJobs>;
  /** Queues the runs. */
  pipeline: Pick<UserImportPipeline, 'enqueue'>;
}

export function createUserImportActions(
  deps: UserImportStores & {
    /** The caller's organization's import, else 404. */
    findOwn: (auth: AuthContext, id: string) => Promise<{ row: UserImportRow }>;
    /** The import as its route answers it. */
    view: (auth: AuthContext, id: string) => Promise<UserImportView>;
  },
) {
  const { db, repo, blobs, jobs, pipeline, findOwn, view } = deps;

  return {
    /** Applies an import that waits at its summary; refused (409) in any other status. */
    async confirm(auth: AuthContext, id: string): Promise<UserImportView> {
      const { row } = await findOwn(auth, id);
      const confirmed = await db.transaction(async (tx) => {
        const values = { status: 'processing', confirmedAt: dbNow() };
        if (!(await repo.updateImportWhere(id, 'awaiting_confirmation', values, tx))) return false;
        const summary = row.summary as UserImportSummaryView | null;
        await recordEvent(tx, {
          action: 'user_import.confirmed',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'user_import', id, name: row.filename }],
          data: summary ? summaryCounts(summary) : {},
        });
        return true;
      });
      if (!confirmed) {
        throw new Conflict(
          'Only an import that waits for a confirmation can be confirmed.',
          userImportRequestErrors.notAwaitingConfirmation,
        );
      }
      await pipeline.enqueue(id);
      return view(auth, id);
    },

    /**
     * Stops a running import between two batches (repository's stopImport): it ends as
     * stopped, with the counts of the batches it applied, and the users of those stay. The
     * invitations those batches owe are still sent, as the import was asked to.
     */
    async stop(auth: AuthContext, id: string): Promise<UserImportView> {
      await findOwn(auth, id);
      const stopped = await db.transaction(async (tx) => {
        const row = await repo.stopImport(auth.organizationId, id, tx);
        if (!row) return undefined;
        const { rowsTotal, rowsApplied, usersCreated, usersUpdated, usersFailed } = row;
        await recordEvent(tx, {
          action: 'user_import.stopped',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'user_import', id, name: row.filename }],
          data: { rowsTotal, rowsApplied, usersCreated, usersUpdated, usersFailed },
        });
        return row;
      });
      if (!stopped) throw new Conflict('Only a running import can be stopped.', userImportRequestErrors.notRunning);
      await jobs.send('user-import-invitations', { importId: id });
      return view(auth, id);
    },

    /**
     * Runs again what failed: the failed users and invitations, or a run that stopped half
     * way from where it stopped. Only where that can succeed (decision 022): an import that
     * ended on errors of its file would read the same file again.
     */
    async retry(auth: AuthContext, id: string): Promise<UserImportView> {
      const { row } = await findOwn(auth, id);
      if (row.status === 'validation_error') {
        throw new Conflict(
          'This import stopped on errors of its file: a retry would read the same file. Correct the file and upload it again.',
          userImportRequestErrors.needsNewFile,
        );
      }
      if (!isRetryable(row.status)) {
        throw new Conflict('Only an import that failed can be retried.', userImportRequestErrors.notRetryable);
      }
      // Past its retention the file is gone (decision 019): the user uploads it again.
      if (retryNeedsFile(row) && !(await blobs.exists(row.blobKey))) {
        throw new Conflict('The uploaded file is no longer kept: upload it again.', userImportRequestErrors.notRetryable);
      }
      const reset = await db.transaction(async (tx) => {
        const invitations = await deps.invitations.resetFailedInvitations(id, tx);
        await deps.errors.deleteErrors(id, { only: ['APPLY_FAILED', 'INVITATION_FAILED', 'IMPORT_FAILED', 'ORGANIZATION_DISABLED'] }, tx);
        const failedRows = await deps.rows.markFailedRowsForRetry(id, tx);
        // A run that stopped half way resumes from its phase; a finished one retries its failures.
        const phase = row.phase === 'done' ? 'retrying' : row.phase;
        const reopened = await repo.reopenForRetry(id, row.status, phase, { failedRows, invitations }, tx);
        if (reopened) {
          await recordEvent(tx, {
            action: 'user_import.retried',
            organizationId: auth.organizationId,
            actor: actorOf(auth),
            targets: [{ type: 'user_import', id, name: row.filename }],
            data: { failedRows, invitations },
          });
        }
        return reopened;
      });
      // Someone else retried or removed it in between.
      if (!reset) throw new Conflict('Only an import that failed can be retried.', userImportRequestErrors.notRetryable);
      await pipeline.enqueue(id);
      return view(auth, id);
    },
  };
}
