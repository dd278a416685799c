/**
 * User imports of an Organizational Admin's own organization: upload, list, details,
 * errors (JSON and CSV), removal and retry. The work itself runs as a job (pipeline.ts).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  createUserImportFields,
  isRetryable,
  USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS,
  type UserImportErrorView,
  type UserImportSummaryView,
  type UserImportView,
  userImportOptions,
  userImportRequestErrors,
  userImportTemplate,
} from '@console/contracts';
import { USER_IMPORTS_CHANGES } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { AuthContext } from '../../http/auth-context.js';
import { csvCell } from '../../http/csv.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import type { JobSender } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { UserImportPipeline } from './pipeline.js';
import { retryNeedsFile } from './retention.js';
import { templateExample } from './template.js';
import { receiveCsvUpload, type UploadRequest } from './upload.js';
import type { UserImportErrorsRepository } from './user-import-errors.repository.js';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import type { UserImportRowsRepository } from './user-import-rows.repository.js';
import type { UserImportJobs } from './user-imports.jobs.js';
import { dbNow, type UserImportRow, type UserImportsRepository } from './user-imports.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toView(row: UserImportRow, invitationsPending: number): UserImportView {
  return {
    id: row.id,
    filename: row.filename,
    status: row.status as UserImportView['status'],
    phase: row.phase as UserImportView['phase'],
    columnSeparator: row.columnSeparator,
    encoding: row.fileEncoding as UserImportView['encoding'],
    options: userImportOptions.parse(row.options ?? {}),
    sizeBytes: row.sizeBytes,
    createDate: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    rowsTotal: row.rowsTotal,
    rowsRead: row.rowsRead,
    rowsApplied: row.rowsApplied,
    rowsWithErrors: row.rowsWithErrors,
    usersCreated: row.usersCreated,
    usersUpdated: row.usersUpdated,
    usersFailed: row.usersFailed,
    invitationsPending,
    invitationsSent: row.invitationsSent,
    invitationsFailed: row.invitationsFailed,
    summary: (row.summary as UserImportSummaryView | null) ?? null,
    applyWithoutConfirmation: row.applyWithoutConfirmationFromRows !== null,
    confirmedAt: iso(row.confirmedAt),
  };
}

/** How an upload is made: the console's waits at its summary by default and is remembered; the external API's runs unattended by default. */
export interface UploadKind {
  /** Whether the import applies without waiting when the request does not say. */
  applyWithoutConfirmation: boolean;
  /** From how many rows a request to apply without waiting is honoured. */
  unattendedFromRows: number;
  /** Whether its options become the organization's next defaults. */
  remembered: boolean;
}

export const consoleUpload: UploadKind = {
  applyWithoutConfirmation: false,
  unattendedFromRows: USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS + 1,
  remembered: true,
};
export const unattendedUpload: UploadKind = { applyWithoutConfirmation: true, unattendedFromRows: 0, remembered: false };

/** The name as the user knows it: no client-side path, bounded length. */
function displayName(filename: string): string {
  return (filename.split(/[\\/]/).pop() ?? filename).slice(0, 255);
}

const summaryCounts = (s: UserImportSummaryView) => ({
  newUsers: s.newUsers.count,
  updatedUsers: s.updatedUsers.count,
  disabledUsers: s.disabledUsers.count,
  invitations: s.invitations.count,
});

const notFound = () => new NotFound('User import not found.');

export interface UserImportServiceDeps {
  db: Db;
  repo: UserImportsRepository;
  errors: UserImportErrorsRepository;
  invitations: UserImportInvitationsRepository;
  rows: UserImportRowsRepository;
  blobs: BlobStore;
  jobs: JobSender<UserImportJobs>;
  /** Queues the runs. */
  pipeline: Pick<UserImportPipeline, 'enqueue'>;
  /** USER_IMPORT_MAX_BYTES: the largest file an upload may send. */
  maxUploadBytes: number;
  /**
   * Pages of the imports list by organization, page and size (docs/decisions/039-console-caches.md),
   * forgotten on every change of imports (USER_IMPORTS_CHANGES): at once after a transaction that recorded an import's event
   * (db/committed.ts), and for its progress when the change feed tells.
   */
  pages?: OrgCache<UserImportsPage>;
}

/** A page of the imports list, as its route answers it. */
export interface UserImportsPage {
  userImports: UserImportView[];
  total: number;
}

export function createUserImportService(deps: UserImportServiceDeps) {
  const { db, repo, blobs, jobs, pipeline, maxUploadBytes, pages } = deps;
  /**
   * Validation's errors are listed once it has ended: until then they hold rows naming other
   * organizations' addresses that the daily budget may yet withhold (set-based/foreign-emails.ts).
   */
  const validated = (row: { status: string; phase: string }) =>
    row.status !== 'processing' || (row.phase !== 'staging' && row.phase !== 'validating');

  async function findOwn(auth: AuthContext, id: string) {
    const found = await repo.findImport(auth.organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  return {
    /** Streams the request's CSV into the blob store and queues the import. */
    async createFromRequest(auth: AuthContext, request: UploadRequest, kind: UploadKind = consoleUpload): Promise<UserImportView> {
      const id = randomUUID();
      const blobKey = `user-imports/${auth.organizationId}/${id}.csv`;
      const upload = await receiveCsvUpload(request, blobs, blobKey, maxUploadBytes);
      const parsed = createUserImportFields.safeParse(upload.fields);
      if (!parsed.success) {
        await blobs.remove(blobKey);
        throw new ValidationError(
          'The request is not valid.',
          parsed.error.issues.map((i) => ({ path: `/${i.path.join('/')}`, message: i.message, in: 'body' })),
        );
      }
      const { columnSeparator, applyWithoutConfirmation = kind.applyWithoutConfirmation, ...options } = parsed.data;
      const filename = displayName(upload.filename);
      const row = await db
        .transaction(async (tx) => {
          const inserted = await repo.insertImport(
            {
              id,
              organizationId: auth.organizationId,
              createdBy: auth.userId,
              filename,
              blobKey,
              sizeBytes: upload.sizeBytes,
              columnSeparator,
              options,
              applyWithoutConfirmationFromRows: applyWithoutConfirmation ? kind.unattendedFromRows : null,
            },
            tx,
          );
          if (kind.remembered) await repo.savePreferredOptions(auth.organizationId, options, tx);
          await recordEvent(tx, {
            action: 'user_import.started',
            organizationId: auth.organizationId,
            actor: actorOf(auth),
            targets: [{ type: 'user_import', id, name: filename }],
            data: { sizeBytes: upload.sizeBytes },
          });
          return inserted;
        })
        .catch(async (err) => {
          await blobs.remove(blobKey);
          throw err;
        });
      await pipeline.enqueue(row.id);
      return toView(row, 0);
    },

    /** The options the organization's next upload starts from: its last console upload's, else the defaults. */
    async defaults(auth: AuthContext) {
      const saved = userImportOptions.safeParse((await repo.preferredOptions(auth.organizationId)) ?? {});
      return { options: saved.success ? saved.data : userImportOptions.parse({}) };
    },

    /** The template made for the caller's organization (template.ts), in this separator. */
    async template(auth: AuthContext, separator: string): Promise<string> {
      return userImportTemplate(await templateExample(repo, auth.organizationId), separator);
    },

    list(auth: AuthContext, page: number, limit: number): Promise<UserImportsPage> {
      return readThrough(
        pages,
        `${auth.organizationId}|${page}|${limit}`,
        async () => {
          const { rows, total } = await repo.listImports(auth.organizationId, page, limit);
          return { userImports: rows.map((r) => toView(r.row, r.invitationsPending)), total };
        },
        () => USER_IMPORTS_CHANGES,
      );
    },

    async get(auth: AuthContext, id: string): Promise<UserImportView> {
      const found = await findOwn(auth, id);
      return toView(found.row, found.invitationsPending);
    },

    async errors(auth: AuthContext, id: string, q: { page: number; limit: number; email?: string }) {
      if (!validated((await findOwn(auth, id)).row)) return { errors: [], total: 0 };
      const { rows, total } = await deps.errors.listErrors(id, {
        email: q.email || undefined,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return { errors: rows.map(({ id: _id, ...e }) => e as UserImportErrorView), total };
    },

    /** Every error as CSV, read a page at a time. */
    async errorsCsv(auth: AuthContext, id: string): Promise<{ filename: string; stream: Readable }> {
      const found = await findOwn(auth, id);
      const listed = validated(found.row);
      async function* lines() {
        yield `${['email', 'employeeId', 'rows', 'code', 'error', 'value'].join(',')}\r\n`;
        if (!listed) return;
        let after: { row: number; id: string } | undefined;
        for (;;) {
          const page = await deps.errors.errorsAfter(id, after, 1000);
          for (const e of page) {
            yield `${[e.email, e.employeeId, e.rows.join(' '), e.code, e.error, e.value].map(csvCell).join(',')}\r\n`;
          }
          if (page.length < 1000) return;
          const last = page[page.length - 1];
          after = { row: last.firstRow, id: last.id };
        }
      }
      const base = found.row.filename.replace(/\.csv$/i, '');
      return { filename: `${base}-errors.csv`, stream: Readable.from(lines()) };
    },

    /** Hides the import at once; its rows and file are purged in the background. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await repo.markRemoved(auth.organizationId, id, tx);
        if (!removed) throw notFound();
        await recordEvent(tx, {
          action: 'user_import.removed',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'user_import', id, name: removed.filename }],
        });
      });
      await jobs.send('user-import-purge', { importId: id });
    },

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
      return this.get(auth, id);
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
      return this.get(auth, id);
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
        await deps.errors.deleteErrors(id, ['APPLY_FAILED', 'INVITATION_FAILED', 'IMPORT_FAILED', 'ORGANIZATION_DISABLED'], tx);
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
      return this.get(auth, id);
    },
  };
}

export type UserImportService = ReturnType<typeof createUserImportService>;
