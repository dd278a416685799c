/**
 * The apply phase: one statement per batch of staged rows updates the users that exist,
 * creates the others, records the invitations owed, adds the memberships and marks the
 * rows that failed. The caller runs it in a transaction with the import's checkpoint, so
 * a batch is applied whole or not at all and a resumed run never creates a user twice.
 *
 * The users module owns the `users` table; this set-based statement is the one writer of
 * it outside that module (scripts/check-boundaries.mjs), because a million rows cannot go
 * through it one user at a time. It keeps the module's rules: new users are marked as made
 * by an import, names are split as the table's trigger splits them (name_parts), a change
 * stamps updated_at.
 */
import { type UserImportOptions, userImportErrorMessages } from '@console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { FALSE_VALUES, joinMatchingUser, matched, probeMatchingUserId, SEP, TRUE_VALUES } from './sql.js';

export interface ApplyScope {
  importId: string;
  organizationId: string;
  createdBy: string | null;
  options: UserImportOptions;
}

export interface Batch {
  /** Row numbers from..to (inclusive). */
  from: number;
  to: number;
  /** A retry pass takes only the rows marked for retry in the range. */
  retry: boolean;
  /** Its rows find their users by probing the indexes row by row (`probesUsers`), else by joining the organization's users. */
  probe?: boolean;
}

/**
 * Organizations of at least this many users per row of a batch are probed row by row: a
 * probe of the e-mail's index costs about ten times what hashing one user of the
 * organization does (measured on PostgreSQL, 2026-12-04: a 20,000-row batch matched in
 * about 0.2 s by probes whatever the organization's size, by a hash join in about 1.1 µs per
 * user of the organization, a second at 900,000). The planner cannot tell: it prices the
 * probes as reads from disk.
 */
const PROBE_FROM_USERS_PER_ROW = 8;

/** Whether a batch of `rows` rows into an organization of `organizationUsers` users should probe (see PROBE_FROM_USERS_PER_ROW). */
export const probesUsers = (organizationUsers: number, rows: number) => organizationUsers >= PROBE_FROM_USERS_PER_ROW * rows;

/** The organization's users, once when an apply starts: the run adds those it creates. */
export async function countOrganizationUsers(db: Db, organizationId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE organization_id = ${organizationId}`);
  return row.n;
}

export interface BatchResult {
  rows: number;
  created: number;
  updated: number;
  failed: number;
}

/** The next batch after row `after`: its last row number and its size (0 when none is left). */
export async function nextBatch(db: Db, importId: string, after: number, size: number, retry: boolean) {
  const [row] = await sqlRows<{ to: number | null; n: number }>(
    db,
    sql`SELECT max(row_number) AS "to", count(*)::int AS n FROM (
          SELECT row_number FROM user_import_rows
          WHERE import_id = ${importId} AND row_number > ${after} ${retry ? sql`AND outcome = 'retry'` : sql``}
          ORDER BY row_number LIMIT ${size}) x`,
  );
  return row.n === 0 || row.to === null ? undefined : { to: row.to, n: row.n };
}

/**
 * Memberships of one list column, when its option is on. The users this batch created get
 * plain inserts (nothing can refer to them yet: no conflict to check); only the users it
 * updated may have some already, so only they pay for ON CONFLICT.
 */
function memberships(column: 'workspaces' | 'teams' | 'skills', table: string, fk: string, org: string): SQL {
  const rows = (users: 'created_ids' | 'updated_ids') => sql`SELECT DISTINCT m.user_id, t.id FROM ${sql.raw(users)} m
    JOIN b ON b.row_number = m.row_number
    CROSS JOIN LATERAL unnest(string_to_array(b.${sql.raw(column)}, ${SEP})) x
    JOIN ${sql.raw(column)} t ON t.organization_id = ${org} AND lower(t.name) = lower(trim(x))
    WHERE b.${sql.raw(column)} IS NOT NULL
      -- Tested once, before the join: a batch that updates nobody then skips sorting its rows for nothing.
      ${users === 'updated_ids' ? sql`AND EXISTS (SELECT 1 FROM updated_ids)` : sql``}`;
  const into = sql.raw(`${table} (user_id, ${fk})`);
  return sql`, ${sql.raw(column)}_new AS (INSERT INTO ${into} ${rows('created_ids')}),
    ${sql.raw(column)}_old AS (INSERT INTO ${into} ${rows('updated_ids')} ON CONFLICT DO NOTHING)`;
}

/**
 * Applies a batch. Validation has checked the e-mails and employee IDs against every user,
 * so the users are first inserted plainly (ON CONFLICT makes PostgreSQL check each unique
 * index before inserting: about a sixth of the batch's time); if someone took one of them
 * since, that attempt is rolled back to its savepoint and the batch runs again with ON
 * CONFLICT DO NOTHING, which records the rows that lost as failed.
 */
export async function applyBatch(db: Db, scope: ApplyScope, batch: Batch): Promise<BatchResult> {
  try {
    return await db.transaction((attempt) => applyStatement(attempt, scope, batch, false));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return applyStatement(db, scope, batch, true);
  }
}

async function applyStatement(db: Db, scope: ApplyScope, batch: Batch, onConflict: boolean): Promise<BatchResult> {
  const { importId: imp, organizationId: org, options: o } = scope;
  const disable = o.disableUsers;
  const membershipSteps: SQL[] = [];
  if (o.assignWorkspaces) membershipSteps.push(memberships('workspaces', 'user_workspaces', 'workspace_id', org));
  if (o.assignTeams) membershipSteps.push(memberships('teams', 'user_teams', 'team_id', org));
  if (o.assignSkills) membershipSteps.push(memberships('skills', 'user_skills', 'skill_id', org));
  /** A new user of the batch (b's or created's row) gets an invitation: the import sends them, they have an e-mail, they start enabled. */
  const invited = (row: 'b' | 'created') =>
    sql`${o.sendInvitations}::boolean AND ${sql.raw(row)}.email IS NOT NULL AND NOT ${sql.raw(row)}.starts_disabled`;

  const [result] = await sqlRows<BatchResult>(
    db,
    sql`WITH b AS MATERIALIZED (
          SELECT s.row_number, s.email, s.employee_id, s.name, lower(s.role) AS role, lower(s.disabled) AS disabled,
                 s.workspaces, s.teams, s.skills,
                 -- A new user's id is drawn here, so that what the batch created is known from b
                 -- itself: joining the inserted rows back on their e-mail made a nested loop of
                 -- rows × rows (two thirds of a 250-row batch's time on the embedded database).
                 coalesce(s.matched_id, uuid_v7()) AS user_id, s.matched_id IS NULL AS new,
                 coalesce(${disable}::boolean AND lower(s.disabled) IN (${TRUE_VALUES}), false) AS starts_disabled,
                 -- A new user's given and family names, derived here for the whole batch: the
                 -- table's trigger does it only for a writer that gives none, a call per row.
                 name_parts(s.name) AS name_parts
          FROM (
            SELECT s.*, ${batch.probe ? probeMatchingUserId(org) : matched('id')} AS matched_id
            FROM user_import_rows s
            ${batch.probe ? sql`` : joinMatchingUser(org)}
            WHERE s.import_id = ${imp} AND s.row_number BETWEEN ${batch.from} AND ${batch.to}
              ${batch.retry ? sql`AND s.outcome = 'retry'` : sql``}
            OFFSET 0) s
        ),
        upd AS (
          UPDATE users u SET
            display_name = coalesce(b.name, u.display_name),
            role = coalesce(b.role, u.role),
            employee_id = coalesce(b.employee_id, u.employee_id),
            disabled_at = CASE
              WHEN NOT ${disable}::boolean THEN u.disabled_at
              WHEN b.disabled IN (${TRUE_VALUES}) THEN coalesce(u.disabled_at, now())
              WHEN b.disabled IN (${FALSE_VALUES}) THEN NULL
              ELSE u.disabled_at END,
            -- The last change the People screen and SCIM's lastModified show: only a row that changes the user.
            updated_at = CASE
              WHEN b.name IS DISTINCT FROM u.display_name AND b.name IS NOT NULL
                OR b.role IS DISTINCT FROM u.role AND b.role IS NOT NULL
                OR b.employee_id IS DISTINCT FROM u.employee_id AND b.employee_id IS NOT NULL
                OR ${disable}::boolean AND (b.disabled IN (${TRUE_VALUES}) AND u.disabled_at IS NULL
                                            OR b.disabled IN (${FALSE_VALUES}) AND u.disabled_at IS NOT NULL)
              THEN now() ELSE u.updated_at END
          FROM b WHERE NOT b.new AND u.id = b.user_id
          RETURNING b.row_number, u.id
        ),
        ins AS (
          -- invited_at as the invitation is queued (the People screen's "invited" while it waits); sending it stamps it again.
          INSERT INTO users (id, organization_id, email, employee_id, display_name, given_name, family_name, role, disabled_at, created_by, source, invited_at, invited_by)
          SELECT b.user_id, ${org}, b.email, b.employee_id, b.name, b.name_parts[1], b.name_parts[2], coalesce(b.role, 'viewer'),
                 CASE WHEN b.starts_disabled THEN now() END, ${scope.createdBy}::uuid, 'csv_import',
                 CASE WHEN ${invited('b')} THEN now() END, CASE WHEN ${invited('b')} THEN ${scope.createdBy}::uuid END
          FROM b WHERE b.new ORDER BY b.row_number
          ${onConflict ? sql`ON CONFLICT DO NOTHING` : sql``}
          RETURNING id
        ),
        -- Without ON CONFLICT every new row was inserted (or the statement failed); with it,
        -- only those whose id came back.
        created AS (
          SELECT b.row_number, b.user_id AS id, b.email, b.starts_disabled FROM b
          WHERE b.new ${onConflict ? sql`AND b.user_id IN (SELECT id FROM ins)` : sql``}
        ),
        created_ids AS (SELECT row_number, id AS user_id FROM created),
        updated_ids AS (SELECT row_number, id AS user_id FROM upd),
        map AS (SELECT row_number, user_id FROM updated_ids UNION ALL SELECT row_number, user_id FROM created_ids),
        -- Invitations only for users created here (none can exist yet), when the import sends them.
        inv AS (
          INSERT INTO user_import_invitations (import_id, user_id, email)
          SELECT ${imp}, id, email FROM created WHERE ${invited('created')}
        )
        ${sql.join(membershipSteps, sql``)},
        failed AS (
          UPDATE user_import_rows s SET outcome = 'error', error = ${userImportErrorMessages.APPLY_FAILED}
          FROM b WHERE s.import_id = ${imp} AND s.row_number = b.row_number
            AND NOT EXISTS (SELECT 1 FROM map WHERE map.row_number = b.row_number)
          RETURNING s.row_number, s.email, s.employee_id
        ),
        failed_errors AS (
          INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          SELECT ${imp}, email, employee_id, ARRAY[row_number], 'APPLY_FAILED', ${userImportErrorMessages.APPLY_FAILED}, NULL
          FROM failed
        ),
        retried AS (
          UPDATE user_import_rows s SET outcome = 'success', error = NULL
          FROM map WHERE ${batch.retry}::boolean AND s.import_id = ${imp} AND s.row_number = map.row_number AND s.outcome = 'retry'
        )
        SELECT (SELECT count(*) FROM b)::int AS rows, (SELECT count(*) FROM created)::int AS created,
               (SELECT count(*) FROM upd)::int AS updated, (SELECT count(*) FROM failed)::int AS failed`,
  );
  return result;
}
