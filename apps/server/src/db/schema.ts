/**
 * The one schema of the console, for PGlite and PostgreSQL alike (PostgreSQL 15 features
 * only). Every foreign key has an index: the screens filter and join on all of them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Case-insensitive text (the citext extension): e-mails compare without case. */
const citext = customType<{ data: string }>({ dataType: () => 'citext' });

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
const stampedNow = (name: string) => ts(name).notNull().defaultNow();

export const planTypes = pgTable('plan_types', {
  id: id(),
  name: text('name').notNull().unique(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    planTypeId: uuid('plan_type_id').references(() => planTypes.id),
    defaultGroup: text('default_group'),
    /** Chosen once by staff; lowercase letters and digits; never changes once set. */
    clientKey: text('client_key').unique(),
    locale: text('locale').notNull().default('en'),
    /** Where its people who do not use this console sign in (the platform's app); null: PLATFORM_APP_URL. */
    platformAppUrl: text('platform_app_url'),
    /** Staff organizations hold the provider's own people (the Super area). */
    isStaff: boolean('is_staff').notNull().default(false),
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('organizations_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organizations_plan_type_idx').on(t.planTypeId),
  ],
);

/** Feature switches and their values, one row per organization and setting key. */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: stampedNow('updated_at'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    workspaceGroupName: text('workspace_group_name'),
    private: boolean('private').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspaces_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The identity provider's id for the group this team is (SCIM `externalId`). */
    scimExternalId: text('scim_external_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

export const skills = pgTable(
  'skills',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('skills_org_name_uq').on(t.organizationId, sql`lower(${t.name})`)],
);

/** The columns the People screen's expressions read (docs/product.md, "People"). */
interface PersonColumns {
  displayName: AnyPgColumn;
  givenName: AnyPgColumn;
  familyName: AnyPgColumn;
  email: AnyPgColumn;
  disabledAt: AnyPgColumn;
  scimDeletedAt: AnyPgColumn;
  invitedAt: AnyPgColumn;
  lastLoginAt: AnyPgColumn;
}

/**
 * A user's status on the People screen: deactivated when disabled or deleted by SCIM, invited
 * when invited and never signed in, else active (users_org_people_idx carries its columns).
 */
export const userStatusSql = (t: PersonColumns) =>
  sql<
    'active' | 'deactivated' | 'invited'
  >`(CASE WHEN ${t.disabledAt} IS NOT NULL OR ${t.scimDeletedAt} IS NOT NULL THEN 'deactivated' WHEN ${t.invitedAt} IS NOT NULL AND ${t.lastLoginAt} IS NULL THEN 'invited' ELSE 'active' END)`;

/**
 * The People screen's order (then by id): the name without case, compared byte by byte
 * ("C"), the same on PostgreSQL and PGlite whatever the database's collation, so that the
 * names that start with a text are a range of users_org_people_idx.
 */
export const userSortNameSql = (t: PersonColumns) => sql<string>`(lower(${t.displayName}) COLLATE "C")`;

/** The People screen's search keys: a given name, family name or e-mail without case, compared as the order is. */
export const userSearchKeySql = {
  given: (t: PersonColumns) => sql<string>`(lower(${t.givenName}) COLLATE "C")`,
  family: (t: PersonColumns) => sql<string>`(lower(${t.familyName}) COLLATE "C")`,
  email: (t: PersonColumns) => sql<string>`(lower(${t.email}::text) COLLATE "C")`,
};

export const users = pgTable(
  'users',
  {
    /**
     * Time-ordered (UUID version 7, uuid_v7() of migration 0005): a user's rows in the
     * primary key and in every table keyed by user_id (memberships, invitations) are
     * appended rather than scattered, which is what a large import writes most.
     */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: citext('email').unique(),
    employeeId: text('employee_id'),
    displayName: text('display_name').notNull(),
    /** org_admin | workspace_admin | publisher | viewer */
    role: text('role').notNull().default('viewer'),
    /** Staff only: read and/or update in the Super area. */
    allowedRoleTypes: text('allowed_role_types').array().notNull().default(sql`'{}'::text[]`),
    /** password | google | microsoft | oidc | custom | other */
    signInProvider: text('sign_in_provider').notNull().default('password'),
    passwordHash: text('password_hash'),
    locale: text('locale'),
    disabledAt: ts('disabled_at'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: ts('failed_login_window_start'),
    lockedUntil: ts('locked_until'),
    /**
     * A password reset ended every idToken issued up to this second (decision 051): whoever
     * held the old password keeps no token of it, console or API. Null: none ended.
     */
    idTokensRevokedAt: ts('id_tokens_revoked_at'),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    lastLoginAt: ts('last_login_at'),
    invitedAt: ts('invited_at'),
    invitedBy: uuid('invited_by'),
    /** Last change of the user's own fields by provisioning (SCIM `meta.lastModified`); null: never changed since created. */
    updatedAt: ts('updated_at'),
    /** The identity provider's id for the user (SCIM `externalId`), as it sent it. */
    scimExternalId: text('scim_external_id'),
    /**
     * Given and family name: as the identity provider sent them, else taken from the display
     * name when a user is made or renamed without them (the trigger users_name_parts of
     * migration 0010: the first word, and the rest or the same word), so every user has both.
     */
    givenName: text('given_name'),
    familyName: text('family_name'),
    /** The full name as the identity provider formats it (SCIM `name.formatted`); null: the display name. */
    formattedName: text('formatted_name'),
    /**
     * The name the identity provider knows the user by (SCIM `userName`) when it is not their
     * sign-in address, as an Entra user principal name can be; null: `email` is the userName.
     */
    userName: citext('user_name'),
    /** A work e-mail other than the sign-in address (SCIM `emails[type eq "work"]`); null: `email` is the work e-mail. */
    workEmail: citext('work_email'),
    title: text('title'),
    phone: text('phone'),
    /** The enterprise extension's department, cost center, division and organization. */
    department: text('department'),
    costCenter: text('cost_center'),
    division: text('division'),
    organizationName: text('organization_name'),
    /** The user's manager, a user of the same organization. */
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** What else the identity provider sent that the console does not act on (SCIM attributes such as addresses, nickName), as sent. */
    scimAttributes: jsonb('scim_attributes').$type<Record<string, unknown>>(),
    /** Who made the user: csv_import | scim | external_api | console (organization creation, managers, the demo data). */
    source: text('source').notNull().default('console'),
    /**
     * Deleted by SCIM: the user stays (disabled, with their training records) but is no
     * longer one of the organization's SCIM resources (docs/decisions/036-scim-provisioning.md).
     */
    scimDeletedAt: ts('scim_deleted_at'),
  },
  (t) => [
    index('users_org_idx').on(t.organizationId),
    // Partial: only provisioned users carry one, and imports write the table most.
    index('users_org_scim_external_id_idx').on(t.organizationId, t.scimExternalId).where(sql`${t.scimExternalId} IS NOT NULL`),
    uniqueIndex('users_org_employee_id_uq').on(t.organizationId, t.employeeId),
    uniqueIndex('users_org_user_name_uq').on(t.organizationId, t.userName).where(sql`${t.userName} IS NOT NULL`),
    index('users_manager_idx').on(t.managerId).where(sql`${t.managerId} IS NOT NULL`),
    index('users_created_by_idx').on(t.createdBy),
    index('users_invited_by_idx').on(t.invitedBy),
    // The People screen (docs/product.md, "People"; modules/users/people.repository.ts): its order
    // within an organization, carrying the names, source and status a walk tests, so that walking
    // it reads no row (not the e-mail: with the longest names SCIM takes, 200 characters each, an
    // entry would outgrow a btree's 2,704 bytes); and the start of a given name, family name or
    // e-mail with the display name, id and source, so that a search's candidates are read from
    // the index alone.
    index('users_org_people_idx').on(
      t.organizationId,
      userSortNameSql(t),
      t.id,
      t.displayName,
      t.givenName,
      t.familyName,
      t.source,
      t.disabledAt,
      t.scimDeletedAt,
      t.invitedAt,
      t.lastLoginAt,
    ),
    index('users_org_given_name_idx').on(t.organizationId, userSearchKeySql.given(t), t.givenName, t.displayName, t.id, t.source),
    index('users_org_family_name_idx').on(t.organizationId, userSearchKeySql.family(t), t.familyName, t.displayName, t.id, t.source),
    index('users_org_email_idx').on(t.organizationId, userSearchKeySql.email(t), t.email, t.displayName, t.id, t.source),
    // Staff's look-up of every organization's users by the start of the e-mail, in its order.
    index('users_email_key_idx').on(userSearchKeySql.email(t)),
  ],
);

export const userWorkspaces = pgTable(
  'user_workspaces',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] }), index('user_workspaces_ws_idx').on(t.workspaceId)],
);

export const userTeams = pgTable(
  'user_teams',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamId] }), index('user_teams_team_idx').on(t.teamId)],
);

/** A skill assigned to a user, with the user's progress on it (0..100). */
export const userSkills = pgTable(
  'user_skills',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    assignedAt: stampedNow('assigned_at'),
    achievedAt: ts('achieved_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] }), index('user_skills_skill_idx').on(t.skillId)],
);

/** Browser sessions: the id-token cookie references one row; revoking it signs out. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** How this session was signed in (password, google, custom...): the staff rule depends on it. */
    signInProvider: text('sign_in_provider').notNull().default('password'),
    deviceInfo: jsonb('device_info'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastActivityAt: stampedNow('last_activity_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Why it was revoked (contracts' sessionEndReasons), told to the person when the session is next used; null: signed out elsewhere. */
    revokedReason: text('revoked_reason'),
    /** The `jti` of the idToken this session was opened with: each idToken opens one session only. */
    idTokenJti: text('id_token_jti').unique(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use tokens sent to a person: invitations (14 days, set a password) and custom
 * sign-in links (15 minutes). Only the hash is stored.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** invitation | sign_in_link | password_reset */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    expiresAt: ts('expires_at').notNull(),
    /** When it stopped working: used, or replaced by a newer one of its kind (then also replaced_at). */
    usedAt: ts('used_at'),
    /** A newer token of the kind was issued for the user: its page says so rather than "used". */
    replacedAt: ts('replaced_at'),
    sentAt: ts('sent_at'),
    sendError: text('send_error'),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId), index('user_tokens_created_by_idx').on(t.createdBy)],
);

/**
 * A single sign-on round trip in flight: the PKCE verifier and nonce for the state the
 * provider returns, so any replica can finish what another started. Deleted when used.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectPath: text('redirect_path').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sso_login_states_expires_idx').on(t.expiresAt)],
);

/** Fixed-window hit counters of the rate limits (per IP, per access key), shared by every replica. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** Integration access keys. The secret is stored only as a hash. */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keyLast4: text('key_last4').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** After a roll, the old secret keeps working until previous_key_expires_at. */
    previousKeyHash: text('previous_key_hash').unique(),
    previousKeyExpiresAt: ts('previous_key_expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('integrations_org_idx').on(t.organizationId), index('integrations_created_by_idx').on(t.createdBy)],
);

export const userImports = pgTable(
  'user_imports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    columnSeparator: text('column_separator').notNull().default(','),
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
  ],
);

export const organizationManagers = pgTable(
  'organization_managers',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    email: citext('email').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('organization_managers_org_user_uq').on(t.organizationId, t.userId),
    index('organization_managers_user_idx').on(t.userId),
    index('organization_managers_created_by_idx').on(t.createdBy),
  ],
);

export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    /** copy | segmentation | step_editing | uploading | workflow_editing | published */
    stage: text('stage').notNull().default('published'),
    sourceVideoKey: text('source_video_key'),
    durationSeconds: integer('duration_seconds'),
    /** Set on a copy made by a workflow import. */
    importedFromId: uuid('imported_from_id'),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [
    index('workflows_org_idx').on(t.organizationId),
    index('workflows_workspace_idx').on(t.workspaceId),
    index('workflows_author_idx').on(t.authorId),
    index('workflows_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    text: text('text'),
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
  },
  (t) => [uniqueIndex('workflow_steps_workflow_pos_uq').on(t.workflowId, t.position)],
);

export const workflowImports = pgTable(
  'workflow_imports',
  {
    id: id(),
    sourceEnv: text('source_env').notNull().default('default'),
    sourceOrganizationId: uuid('source_organization_id').notNull(),
    sourceWorkspaceId: uuid('source_workspace_id').notNull(),
    targetOrganizationId: uuid('target_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    targetWorkspaceId: uuid('target_workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    targetAuthorId: uuid('target_author_id')
      .notNull()
      .references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('workflow_imports_target_org_idx').on(t.targetOrganizationId),
    index('workflow_imports_target_ws_idx').on(t.targetWorkspaceId),
    index('workflow_imports_author_idx').on(t.targetAuthorId),
    index('workflow_imports_created_by_idx').on(t.createdBy),
  ],
);

export const workflowImportItems = pgTable(
  'workflow_import_items',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => workflowImports.id, { onDelete: 'cascade' }),
    sourceWorkflowId: uuid('source_workflow_id').notNull(),
    /** scheduled | pending | completed | failed */
    status: text('status').notNull().default('scheduled'),
    targetWorkflowId: uuid('target_workflow_id').references(() => workflows.id, { onDelete: 'set null' }),
    failedReason: text('failed_reason'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [index('workflow_import_items_import_idx').on(t.importId), index('workflow_import_items_target_idx').on(t.targetWorkflowId)],
);

export const completions = pgTable(
  'completions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    completedAt: ts('completed_at').notNull(),
    timeSpentSeconds: integer('time_spent_seconds').notNull(),
    score: real('score'),
  },
  (t) => [
    index('completions_org_completed_idx').on(t.organizationId, t.completedAt),
    index('completions_user_idx').on(t.userId),
    index('completions_workflow_idx').on(t.workflowId),
  ],
);

/** Generated analytics CSV files for LMS import (docs/decisions/007-analytics-reports.md). */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** completions | users | skill-progress: the prefix of the name. */
    type: text('type').notNull(),
    /** `<type>-<YYYY-MM-DD>.csv`: a second generation on one day replaces the first. */
    name: text('name').notNull(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    generatedAt: createdAt(),
  },
  (t) => [
    index('reports_org_generated_idx').on(t.organizationId, t.generatedAt),
    uniqueIndex('reports_org_name_uq').on(t.organizationId, t.name),
    index('reports_generated_idx').on(t.generatedAt),
  ],
);

/**
 * One generation of an organization's reports (daily or on demand), for the screen's
 * progress. At most one is queued or running per organization at a time.
 */
export const reportGenerations = pgTable(
  'report_generations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued | running | completed | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    requestedAt: stampedNow('requested_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('report_generations_org_requested_idx').on(t.organizationId, t.requestedAt),
    index('report_generations_requested_by_idx').on(t.requestedBy),
    uniqueIndex('report_generations_org_active_uq').on(t.organizationId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The one stream of events (docs/decisions/045-events.md): every change a person, an access
 * key, a SCIM token or the system makes, recorded in the change's own transaction by the
 * events module (modules/events/record.ts), the one writer. The actor's and targets' names
 * are kept as they were at the time: an event outlives what it names (no foreign keys but
 * the organization's, whose deletion keeps nothing).
 */
export const events = pgTable(
  'events',
  {
    /** Time-ordered (uuid_v7() of migration 0005): new events are appended to every index. */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    /** Null only for an event of no organization (a sign-in refused for an unknown e-mail). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** One of the contracts' eventActions (packages/contracts/src/events.ts). */
    action: text('action').notNull(),
    /** user | access_key | scim_token | system */
    actorType: text('actor_type').notNull(),
    /** The user's, key's or token's id; null for the system (and for a person the old audit log had lost). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorIp: text('actor_ip'),
    actorUserAgent: text('actor_user_agent'),
    /** [{ type, id, name }]: what the event acted on, with names as they were. */
    targets: jsonb('targets').notNull().default([]),
    /** What changed (before and after for settings), counts of a bulk write. */
    data: jsonb('data').notNull().default({}),
    occurredAt: stampedNow('occurred_at'),
    /**
     * The targets' names as they were, lower-cased, one a line (event_target_names() of
     * migration 0015): what the trail's search of target names reads, through its trigram index.
     */
    targetNames: text('target_names').generatedAlwaysAs(sql`event_target_names(targets)`),
  },
  // The trail reads an organization's events newest first (keyset on occurred_at, id), all
  // of them or those of one action or one actor: one index each, so every page is a range scan.
  // Events naming a thing (`targets @> [{"id": …}]`) and words of target names are found by
  // GIN indexes (docs/decisions/052-audit-trail-and-events-api.md says why and what they cost).
  (t) => [
    index('events_org_occurred_idx').on(t.organizationId, t.occurredAt, t.id),
    index('events_org_action_occurred_idx').on(t.organizationId, t.action, t.occurredAt, t.id),
    index('events_org_actor_occurred_idx').on(t.organizationId, t.actorId, t.occurredAt, t.id),
    index('events_targets_idx').using('gin', sql`${t.targets} jsonb_path_ops`),
    index('events_target_names_trgm_idx').using('gin', sql`${t.targetNames} gin_trgm_ops`),
  ],
);

/**
 * SCIM bearer tokens of an organization (docs/product.md, "Provisioning"): shown once,
 * stored as SHA-256 like access keys. Rolling one gives the old token an `expiresAt` (its
 * grace period); revoking sets `revokedAt`.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('scim_tokens_org_idx').on(t.organizationId), index('scim_tokens_created_by_idx').on(t.createdBy)],
);

/** What provisioning gives a user it creates: a role, workspaces, and whether to e-mail an invitation. */
export const scimConfigs = pgTable('scim_configs', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** workspace_admin | publisher | viewer (never org_admin: provisioning does not grant the console). */
  defaultRole: text('default_role').notNull().default('viewer'),
  defaultWorkspaceIds: uuid('default_workspace_ids').array().notNull().default(sql`'{}'::uuid[]`),
  sendInvitations: boolean('send_invitations').notNull().default(false),
  /** The identity provider may deactivate, delete, rename and change the e-mail of Organizational Admins (off: it cannot touch them). */
  managesAdmins: boolean('manages_admins').notNull().default(false),
  updatedAt: stampedNow('updated_at'),
});

/**
 * What provisioning did, newest first on the Provisioning screen: `kind` is created |
 * updated | deactivated | reactivated | deleted | refused (with `reason`); kept
 * SCIM_EVENTS_KEPT per organization by housekeeping.
 */
export const scimEvents = pgTable(
  'scim_events',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    at: stampedNow('at'),
    kind: text('kind').notNull(),
    /** User | Group */
    resourceType: text('resource_type').notNull(),
    /** The user's or team's id; no foreign key: an event outlives what it names. */
    resourceId: uuid('resource_id'),
    /** userName or displayName, as sent. */
    resourceName: text('resource_name'),
    method: text('method').notNull(),
    status: integer('status').notNull(),
    reason: text('reason'),
  },
  (t) => [index('scim_events_org_at_idx').on(t.organizationId, t.at)],
);

/**
 * The organization's webhook endpoints (docs/decisions/054-webhook-endpoints.md): the
 * webhooks module is their one writer; the delivery module reads them to fan events out and
 * sets the failure columns. The signing secret is kept as it is (a delivery signs with it,
 * so a hash cannot serve), never logged and never in an event.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types (actions) sent; null: every type. */
    eventTypes: text('event_types').array(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing': the console disabled it after every attempt failed for days; null when a person did or it is enabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** `whsec_…`: signs every delivery. */
    secret: text('secret').notNull(),
    /** After a roll, the previous secret signs too until previous_secret_expires_at. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Since when every attempt has failed; null while deliveries succeed. */
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: stampedNow('updated_at'),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt), index('webhook_endpoints_created_by_idx').on(t.createdBy)],
);

/**
 * Webhook deliveries (docs/decisions/055-webhook-delivery.md): one per event and endpoint,
 * made in the event's own transaction; the delivery module is their one writer. Due when
 * pending and `next_attempt_at` has passed; `leased_until` holds it for the worker sending it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Time-ordered: the log reads newest first by id. */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The webhook-id header: the event's id, or a test event's own. */
    messageId: uuid('message_id').notNull(),
    /** The event sent; null for a test event. Gone with the event (its retention). */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** A test event's body (`data`); other deliveries read their event. */
    payload: jsonb('payload'),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
    leasedUntil: ts('leased_until'),
    createdAt: createdAt(),
    lastAttemptAt: ts('last_attempt_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // A lease reads each endpoint's due deliveries, and counts its leased ones (few: a lease is cleared when its attempt is recorded).
    index('webhook_deliveries_due_idx').on(t.endpointId, t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_leased_idx').on(t.endpointId).where(sql`leased_until IS NOT NULL`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each attempt of a delivery: when, the answer's status, how long, the first 4 KB of its body. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.at)],
);
