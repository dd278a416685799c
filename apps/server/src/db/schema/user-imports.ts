/** User imports (modules/user-imports): the imports, their staged rows, errors and invitations, and the options an organization prefers. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn, organizations } from './organizations.js';
import { users } from './users.js';

export const userImports = pgTable(
  'user_imports',
  {
    id: id(),
    organizationId: organizationIdColumn(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** The separator the file is read with; null until staging detects it (decision 066). */
    columnSeparator: text('column_separator'),
    /** Whether the separator is detected from the file rather than chosen. */
    columnSeparatorDetected: boolean('column_separator_detected').notNull().default(false),
    /** The encoding the file was read in (FILE_ENCODINGS, decision 050); null until staging decides it. */
    fileEncoding: text('file_encoding'),
    options: jsonb('options').notNull().default({}),
    /** processing | awaiting_confirmation | error | validation_error | completed | stopped */
    status: text('status').notNull().default('processing'),
    /** queued | staging | validating | applying | retrying | done: where a resumed job picks up. */
    phase: text('phase').notNull().default('queued'),
    rowsTotal: integer('rows_total'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsApplied: integer('rows_applied').notNull().default(0),
    rowsWithErrors: integer('rows_with_errors').notNull().default(0),
    /** Checkpoint of the apply phase: every row up to this number is applied. */
    appliedThrough: integer('applied_through').notNull().default(0),
    usersCreated: integer('users_created').notNull().default(0),
    usersUpdated: integer('users_updated').notNull().default(0),
    usersFailed: integer('users_failed').notNull().default(0),
    invitationsSent: integer('invitations_sent').notNull().default(0),
    invitationsFailed: integer('invitations_failed').notNull().default(0),
    /**
     * From how many rows the import applies without waiting at its summary: null always waits
     * for the admin's confirmation, 0 never does (the external API's unattended runs). Every
     * upload sets it; an import written without it (before confirmations existed) never waits.
     */
    applyWithoutConfirmationFromRows: integer('apply_without_confirmation_from_rows').default(0),
    /** What the import will do (UserImportSummaryView), written when validation ends. */
    summary: jsonb('summary'),
    confirmedAt: ts('confirmed_at'),
    /** The job run that works on the import now, until lease_until; another run waits or takes over after. */
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** Removed: hidden at once, its rows purged in the background. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('user_imports_org_created_idx').on(t.organizationId, t.createdAt), index('user_imports_created_by_idx').on(t.createdBy)],
);

/**
 * The options an organization's next import starts from: those of its last upload, so that a
 * choice such as "Send invitation e-mails" off stays off (docs/product.md, "Uploading").
 */
export const userImportPreferences = pgTable('user_import_preferences', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  options: jsonb('options').notNull(),
  updatedAt: stampedNow('updated_at'),
});

/**
 * The staged rows of an import, as read from the file (trimmed text): validated with
 * set-based SQL, applied in batches. No foreign key: a million-row COPY would check it
 * row by row; removal purges the rows in chunks. A row at or below the import's
 * applied_through with no outcome succeeded; outcome is set only for failures and retries.
 */
export const userImportRows = pgTable(
  'user_import_rows',
  {
    importId: uuid('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    email: text('email'),
    employeeId: text('employee_id'),
    name: text('name'),
    role: text('role'),
    /** Lists separated by | as in the file. */
    workspaces: text('workspaces'),
    teams: text('teams'),
    skills: text('skills'),
    disabled: text('disabled'),
    /** A format problem the parser found in this row (its field count, say). */
    problem: text('problem'),
    /** null (see above) | error | retry | success */
    outcome: text('outcome'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('user_import_rows_email_idx').on(t.importId, sql`lower(${t.email})`),
    index('user_import_rows_employee_id_idx').on(t.importId, t.employeeId),
    index('user_import_rows_outcome_idx').on(t.importId, t.rowNumber).where(sql`${t.outcome} IS NOT NULL`),
  ],
);

/** Errors of an import, grouped by e-mail or employee ID with every row number. */
export const userImportErrors = pgTable(
  'user_import_errors',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => userImports.id, { onDelete: 'cascade' }),
    email: text('email'),
    employeeId: text('employee_id'),
    rows: integer('rows').array().notNull(),
    code: text('code').notNull(),
    error: text('error').notNull(),
    value: text('value'),
  },
  (t) => [index('user_import_errors_import_idx').on(t.importId)],
);

/**
 * Invitations owed to the users an import created, sent in the background at a set rate.
 * No foreign keys, like user_import_rows (a row per created user).
 */
export const userImportInvitations = pgTable(
  'user_import_invitations',
  {
    importId: uuid('import_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    /** pending | sending | sent | error | cancelled (its organization was disabled) */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.userId] }),
    index('user_import_invitations_open_idx').on(t.importId, t.status).where(sql`${t.status} IN ('pending', 'sending', 'error')`),
    // A person's page asks whether an invitation of theirs is still queued.
    index('user_import_invitations_user_idx').on(t.userId),
  ],
);
