/** Users (modules/users, the one writer of `users`), with what they belong to: the organization's workspaces, teams and skills, and the People screen's expressions. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { keyColumn } from '../like.js';
import { citext, createdAt, id, stampedNow, ts } from './columns.js';
import { organizationIdColumn } from './organizations.js';

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    organizationId: organizationIdColumn(),
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
    organizationId: organizationIdColumn(),
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
    organizationId: organizationIdColumn(),
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
  nameKey: AnyPgColumn;
  givenKey: AnyPgColumn;
  familyKey: AnyPgColumn;
  emailKey: AnyPgColumn;
  disabledAt: AnyPgColumn;
  scimDeletedAt: AnyPgColumn;
  invitedAt: AnyPgColumn;
  lastLoginAt: AnyPgColumn;
  passwordSetAt: AnyPgColumn;
}

/**
 * A user's status on the People screen: deactivated when disabled or deleted by SCIM; invited
 * when an invitation was sent or is queued (an import stamps `invited_at` as it queues one)
 * and the person has neither set a password nor signed in; else active (users_org_people_idx
 * carries its columns).
 */
export const userStatusSql = (t: PersonColumns) =>
  sql<
    'active' | 'deactivated' | 'invited'
  >`(CASE WHEN ${t.disabledAt} IS NOT NULL OR ${t.scimDeletedAt} IS NOT NULL THEN 'deactivated' WHEN ${t.invitedAt} IS NOT NULL AND ${t.lastLoginAt} IS NULL AND ${t.passwordSetAt} IS NULL THEN 'invited' ELSE 'active' END)`;

/**
 * The People screen's order (then by id): the name without case or accents (search_fold, kept
 * in `name_key`), compared byte by byte ("C"), the same on PostgreSQL and PGlite whatever the
 * database's collation, so that the names that start with a text are a range of
 * users_org_people_idx, and "Émile" is among the E's.
 */
export const userSortNameSql = (t: PersonColumns) => keyColumn(t.nameKey);

/** The People screen's search keys: a given name, family name or e-mail without case or accents, compared as the order is. */
export const userSearchKeySql = {
  given: (t: PersonColumns) => keyColumn(t.givenKey),
  family: (t: PersonColumns) => keyColumn(t.familyKey),
  email: (t: PersonColumns) => keyColumn(t.emailKey),
};

/** The e-mail without case, byte by byte: the staff look-up's order among addresses that fold alike ("müller@" and "muller@"). */
export const userEmailLowerSql = (t: Pick<PersonColumns, 'email'>) => sql<string>`(lower(${t.email}::text) COLLATE "C")`;

/** The user's id of a row that goes with its user. */
export function userIdColumn() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

export const users = pgTable(
  'users',
  {
    /**
     * Time-ordered (UUID version 7, uuid_v7() of migration 0005): a user's rows in the
     * primary key and in every table keyed by user_id (memberships, invitations) are
     * appended rather than scattered, which is what a large import writes most.
     */
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    organizationId: organizationIdColumn(),
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
    /**
     * When the person last chose their password (an invitation, a reset): an invited person who
     * activated an account of the platform's app never signs in here, and is no longer invited.
     */
    passwordSetAt: ts('password_set_at'),
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
    /**
     * The names and the e-mail as searches compare them (search_fold, db/like.ts), kept with the
     * row: folded once when the row is written, rather than by every index that orders by them
     * and again for every row a search tests or returns (an index-only scan hands back columns,
     * never an expression's value). After the trigger that fills the name parts, as generated
     * columns are.
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`search_fold(display_name)`),
    givenKey: text('given_key').generatedAlwaysAs(sql`search_fold(given_name)`),
    familyKey: text('family_key').generatedAlwaysAs(sql`search_fold(family_name)`),
    emailKey: text('email_key').generatedAlwaysAs(sql`search_fold(email::text)`),
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
    // Partial: only provisioned users carry one, and imports write the table most.
    index('users_org_scim_external_id_idx').on(t.organizationId, t.scimExternalId).where(sql`${t.scimExternalId} IS NOT NULL`),
    uniqueIndex('users_org_employee_id_uq').on(t.organizationId, t.employeeId),
    uniqueIndex('users_org_user_name_uq').on(t.organizationId, t.userName).where(sql`${t.userName} IS NOT NULL`),
    index('users_manager_idx').on(t.managerId).where(sql`${t.managerId} IS NOT NULL`),
    // No index by created_by or invited_by: nothing looks users up by who made or invited
    // them, and every user an import makes wrote the importer's id into both (dropped after
    // migrating, concurrently: db/concurrent-indexes.ts).
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
      t.givenKey,
      t.familyKey,
      t.source,
      t.disabledAt,
      t.scimDeletedAt,
      t.invitedAt,
      t.lastLoginAt,
      t.passwordSetAt,
    ),
    index('users_org_given_name_idx').on(t.organizationId, userSearchKeySql.given(t), t.nameKey, t.id, t.source),
    index('users_org_family_name_idx').on(t.organizationId, userSearchKeySql.family(t), t.nameKey, t.id, t.source),
    index('users_org_email_idx').on(t.organizationId, userSearchKeySql.email(t), t.nameKey, t.id, t.source),
    // Staff's look-up of every organization's users by the start of the e-mail, in its order
    // (the address without case parts those that fold alike).
    index('users_email_key_idx').on(userSearchKeySql.email(t), userEmailLowerSql(t)),
  ],
);

export const userWorkspaces = pgTable(
  'user_workspaces',
  {
    userId: userIdColumn(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] }), index('user_workspaces_ws_idx').on(t.workspaceId)],
);

export const userTeams = pgTable(
  'user_teams',
  {
    userId: userIdColumn(),
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
    userId: userIdColumn(),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    assignedAt: stampedNow('assigned_at'),
    achievedAt: ts('achieved_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] }), index('user_skills_skill_idx').on(t.skillId)],
);
