/**
 * User imports of an Organizational Admin's own organization: upload, list, details,
 * errors (JSON and CSV), removal; its confirmation, stop and retry (user-import-actions.ts).
 * The work itself runs as a job (pipeline.ts).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  columnSeparatorChoice,
  createUserImportFields,
  DETECT_COLUMN_SEPARATOR,
  USER_IMPORT_CONFIRMATION_OPTIONAL_ROWS,
  type UserImportErrorView,
  type UserImportSummaryView,
  type UserImportView,
  userImportOptions,
  userImportTemplate,
} from '@console/contracts';
import { USER_IMPORTS_CHANGES } from '../../db/change-feed.js';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { AuthContext } from '../../http/auth-context.js';
import { csvCell } from '../../http/csv.js';
import { NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import { templateExample } from './template.js';
import { receiveCsvUpload, type UploadRequest } from './upload.js';
import { createUserImportActions, type UserImportStores } from './user-import-actions.js';
import type { UserImportRow } from './user-imports.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The import as the API answers it. `invitationsPerSecond`: the rate its invitations go out
 * at (USER_IMPORT_INVITATIONS_PER_SECOND), which tells about how long the rest take.
 */
export function toView(row: UserImportRow, invitationsPending: number, invitationsPerSecond: number): UserImportView {
  return {
    id: row.id,
    filename: row.filename,
    status: row.status as UserImportView['status'],
    phase: row.phase as UserImportView['phase'],
    columnSeparator: row.columnSeparator,
    columnSeparatorDetected: row.columnSeparatorDetected,
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
    invitationsSecondsLeft: invitationsPending > 0 ? Math.ceil(invitationsPending / invitationsPerSecond) : null,
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

const notFound = () => new NotFound('User import not found.');

export interface UserImportServiceDeps extends UserImportStores {
  /** USER_IMPORT_MAX_BYTES: the largest file an upload may send. */
  maxUploadBytes: number;
  /**
   * Pages of the imports list by organization, page and size (docs/decisions/039-console-caches.md),
   * forgotten on every change of imports (USER_IMPORTS_CHANGES): at once after a transaction that recorded an import's event
   * (db/committed.ts), and for its progress when the change feed tells.
   */
  pages?: OrgCache<UserImportsPage>;
  /** USER_IMPORT_INVITATIONS_PER_SECOND: how fast an import's invitations go out, for the time they still take. */
  invitationsPerSecond: number;
}

/** A page of the imports list, as its route answers it. */
export interface UserImportsPage {
  userImports: UserImportView[];
  total: number;
}

export function createUserImportService(deps: UserImportServiceDeps) {
  const { db, repo, blobs, jobs, pipeline, maxUploadBytes, pages, invitationsPerSecond } = deps;
  const view = (row: UserImportRow, invitationsPending: number) => toView(row, invitationsPending, invitationsPerSecond);
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

  async function get(auth: AuthContext, id: string): Promise<UserImportView> {
    const found = await findOwn(auth, id);
    return view(found.row, found.invitationsPending);
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
      const {
        columnSeparator = DETECT_COLUMN_SEPARATOR,
        applyWithoutConfirmation = kind.applyWithoutConfirmation,
        ...options
      } = parsed.data;
      // Without a choice, staging reads the separator from the file (separator.ts).
      const detected = columnSeparator === DETECT_COLUMN_SEPARATOR;
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
              columnSeparator: detected ? null : columnSeparator,
              columnSeparatorDetected: detected,
              options,
              applyWithoutConfirmationFromRows: applyWithoutConfirmation ? kind.unattendedFromRows : null,
            },
            tx,
          );
          if (kind.remembered) await repo.savePreferredOptions(auth.organizationId, { ...options, columnSeparator }, tx);
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
      return view(row, 0);
    },

    /** The options and separator the organization's next upload starts from: its last console upload's, else the defaults. */
    async defaults(auth: AuthContext) {
      const remembered = (await repo.preferredOptions(auth.organizationId)) ?? {};
      const saved = userImportOptions.safeParse(remembered);
      const separator = columnSeparatorChoice.safeParse((remembered as { columnSeparator?: unknown }).columnSeparator);
      return {
        options: saved.success ? saved.data : userImportOptions.parse({}),
        columnSeparator: separator.success ? separator.data : DETECT_COLUMN_SEPARATOR,
      };
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
          return { userImports: rows.map((r) => view(r.row, r.invitationsPending)), total };
        },
        () => USER_IMPORTS_CHANGES,
      );
    },

    get,

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

    ...createUserImportActions({ ...deps, findOwn, view: (auth, id) => get(auth, id) }),
  };
}

export type UserImportService = ReturnType<typeof createUserImportService>;
