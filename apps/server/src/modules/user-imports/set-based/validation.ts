/**
 * Validation of staged rows with set-based SQL, a range of rows at a time (each query
 * stays short on PGlite): every check of a row, its duplicates anywhere in the file (by
 * index), and the names and users it refers to. Errors are grouped by e-mail (or employee
 * ID), error and value, with every row number.
 */
import {
  emailDomain,
  IMPORT_DISABLED_VALUES,
  IMPORT_EMAIL_MAX,
  IMPORT_EMAIL_PATTERN,
  IMPORT_EMPLOYEE_ID_MAX,
  IMPORT_NAME_MAX,
  IMPORT_ROLES,
  NAME_FORBIDDEN_CHARACTERS,
  type UserImportOptions,
  userImportErrorMessages,
} from '@console/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../../db/client.js';
import { literals, SEP, TRUE_VALUES } from './sql.js';

const ROLES = literals(IMPORT_ROLES);
const DISABLED_ALL = literals([...IMPORT_DISABLED_VALUES.true, ...IMPORT_DISABLED_VALUES.false]);

/**
 * For the rest of the transaction: PostgreSQL would JIT-compile these wide statements
 * (their cost estimate is high), which takes longer than running them (about a second
 * each on PostgreSQL 15). PGlite has no JIT; the setting is harmless there.
 */
export async function withoutJit(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
}

export interface ValidationScope {
  importId: string;
  organizationId: string;
  /** The admin who uploaded: an import may not demote or disable them. */
  createdBy: string | null;
  options: UserImportOptions;
  /** The provider's staff domain: its addresses, and its subdomains', belong to staff. */
  staffEmailDomain: string;
  /**
   * The rows find their users by probing the indexes row by row, not by joining every user:
   * for a database of users many times the range (set-based/apply.ts, `probesUsers`).
   */
  probe?: boolean;
}

/**
 * The users a staged row `s` names: `ue` the holder of its e-mail in any organization, `uk`
 * the organization's holder of its employee ID. Joined, the planner hashes every user of the
 * database for each range, a second for each 40,000 rows once the database holds a million;
 * probed (LATERAL with LIMIT, which PostgreSQL never turns into a join), a few microseconds
 * a row whatever its size.
 */
function rowUsers(orgId: string, probe: boolean | undefined): SQL {
  if (probe) {
    return sql`LEFT JOIN LATERAL (SELECT u.id, u.organization_id FROM users u
            WHERE s.email IS NOT NULL AND u.email = s.email::citext LIMIT 1) ue ON true
          LEFT JOIN LATERAL (SELECT u.id FROM users u
            WHERE s.employee_id IS NOT NULL AND u.organization_id = ${orgId} AND u.employee_id = s.employee_id LIMIT 1) uk ON true`;
  }
  return sql`LEFT JOIN users ue ON s.email IS NOT NULL AND ue.email = s.email::citext
          LEFT JOIN users uk ON s.employee_id IS NOT NULL AND uk.organization_id = ${orgId} AND uk.employee_id = s.employee_id`;
}

/** A check of the unknown names of one list column. */
function unknownNames(column: 'workspaces' | 'teams' | 'skills', code: string, orgId: string): SQL {
  return sql`SELECT r.row_number, r.email, r.employee_id, ${sql.raw(`'${code}'`)}, n.name
    FROM r CROSS JOIN LATERAL (
      SELECT DISTINCT trim(x) AS name FROM unnest(string_to_array(r.${sql.raw(column)}, ${SEP})) x) n
    WHERE n.name <> '' AND NOT EXISTS (
      SELECT 1 FROM ${sql.raw(column)} t WHERE t.organization_id = ${orgId} AND lower(t.name) = lower(n.name))`;
}

/**
 * Validates the rows numbered [from, to) one by one and against the organization (the
 * duplicates are validateDuplicates' work); records their errors; answers how many rows had one.
 */
export async function validateRange(db: Db, scope: ValidationScope, from: number, to: number): Promise<number> {
  const { importId: imp, organizationId: org, options: o } = scope;
  // The rule of isStaffDomainAddress (contracts), in SQL: the domain or a subdomain, any case, a trailing dot or not.
  const staff = emailDomain(`@${scope.staffEmailDomain}`) ?? scope.staffEmailDomain;
  const checks: SQL[] = [
    sql`SELECT row_number, email, employee_id, 'FIELD_COUNT', problem FROM r WHERE problem IS NOT NULL`,
    sql`SELECT row_number, email, employee_id, 'MISSING_IDENTIFIER', NULL FROM r WHERE email IS NULL AND employee_id IS NULL`,
    sql`SELECT row_number, email, employee_id, 'INVALID_EMAIL', NULL FROM r
        WHERE email IS NOT NULL AND (length(email) > ${IMPORT_EMAIL_MAX} OR email !~ ${IMPORT_EMAIL_PATTERN})`,
    sql`SELECT row_number, email, employee_id, 'STAFF_EMAIL', NULL FROM r
        WHERE right(lower(rtrim(email, '.')), ${staff.length + 1}) IN (${`@${staff}`}, ${`.${staff}`}) AND position('@' IN email) > 0`,
    sql`SELECT row_number, email, employee_id, 'EMAIL_IN_OTHER_ORGANIZATION', NULL FROM r WHERE email_org <> ${org}`,
    sql`SELECT row_number, email, employee_id, 'EMPLOYEE_ID_TAKEN', employee_id FROM r
        WHERE email IS NOT NULL AND id_user IS NOT NULL AND id_user IS DISTINCT FROM email_user`,
    sql`SELECT row_number, email, employee_id, 'EMPLOYEE_ID_TOO_LONG', employee_id FROM r WHERE length(employee_id) > ${IMPORT_EMPLOYEE_ID_MAX}`,
    sql`SELECT row_number, email, employee_id, 'EMPLOYEE_ID_ROLE', role FROM r
        WHERE email IS NULL AND employee_id IS NOT NULL AND role_l IS NOT NULL AND role_l <> 'viewer'`,
    sql`SELECT row_number, email, employee_id, 'INVALID_ROLE', role FROM r WHERE role_l NOT IN (${ROLES})`,
    sql`SELECT row_number, email, employee_id, 'NAME_REQUIRED', NULL FROM r
        WHERE name IS NULL AND target IS NULL AND (email IS NOT NULL OR employee_id IS NOT NULL)`,
    sql`SELECT row_number, email, employee_id, 'NAME_TOO_LONG', name FROM r WHERE length(name) > ${IMPORT_NAME_MAX}`,
    sql`SELECT row_number, email, employee_id, 'NAME_CHARACTER', NULL FROM r WHERE name ~ ${`[${NAME_FORBIDDEN_CHARACTERS}]`}`,
    sql`SELECT row_number, email, employee_id, 'INVALID_DISABLED', disabled FROM r WHERE disabled_l NOT IN (${DISABLED_ALL})`,
  ];
  if (!o.createEmployeeIdUsers) {
    checks.push(sql`SELECT row_number, email, employee_id, 'EMPLOYEE_ID_USERS_OFF', employee_id FROM r
      WHERE email IS NULL AND employee_id IS NOT NULL AND id_user IS NULL`);
  }
  if (!o.disableUsers) {
    checks.push(sql`SELECT row_number, email, employee_id, 'DISABLE_USERS_OFF', disabled FROM r WHERE disabled_l IN (${TRUE_VALUES})`);
  }
  for (const [on, column, code] of [
    [o.assignWorkspaces, 'workspaces', 'WORKSPACES_OFF'],
    [o.assignTeams, 'teams', 'TEAMS_OFF'],
    [o.assignSkills, 'skills', 'SKILLS_OFF'],
  ] as const) {
    if (!on)
      checks.push(
        sql`SELECT row_number, email, employee_id, ${sql.raw(`'${code}'`)}, ${sql.raw(column)} FROM r WHERE ${sql.raw(column)} IS NOT NULL`,
      );
  }
  if (o.assignWorkspaces) checks.push(unknownNames('workspaces', 'UNKNOWN_WORKSPACE', org));
  if (o.assignTeams) checks.push(unknownNames('teams', 'UNKNOWN_TEAM', org));
  if (o.assignSkills) checks.push(unknownNames('skills', 'UNKNOWN_SKILL', org));
  if (scope.createdBy) {
    checks.push(sql`SELECT row_number, email, employee_id, 'OWN_ACCOUNT', NULL FROM r WHERE target = ${scope.createdBy}
      AND ((role_l IS NOT NULL AND role_l <> 'org_admin') OR (${o.disableUsers}::boolean AND disabled_l IN (${TRUE_VALUES})))`);
  }

  const query = sql`WITH r AS MATERIALIZED (
          SELECT s.row_number, s.email, s.employee_id, s.name, s.role, s.workspaces, s.teams, s.skills, s.disabled, s.problem,
                 lower(s.role) AS role_l, lower(s.disabled) AS disabled_l,
                 ue.id AS email_user, ue.organization_id AS email_org, uk.id AS id_user,
                 CASE WHEN s.email IS NOT NULL THEN CASE WHEN ue.organization_id = ${org} THEN ue.id END ELSE uk.id END AS target
          FROM user_import_rows s
          ${rowUsers(org, scope.probe)}
          WHERE s.import_id = ${imp} AND s.row_number >= ${from} AND s.row_number < ${to}
        ),
        e (row_number, email, employee_id, code, value) AS (${sql.join(checks, sql` UNION ALL `)}),
        saved AS (
          INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          SELECT ${imp}, min(email), min(employee_id), array_agg(DISTINCT row_number ORDER BY row_number), code,
                 ${JSON.stringify(userImportErrorMessages)}::jsonb ->> code, value
          FROM e GROUP BY CASE WHEN email IS NOT NULL THEN 'e:' || lower(email) ELSE 'k:' || coalesce(employee_id, '') END, code, value
          RETURNING 1
        )
        -- The progress count leaves out rows naming another organization's address: whether
        -- they may be told is decided when validation ends (set-based/foreign-emails.ts).
        SELECT count(DISTINCT row_number)::int AS n FROM e WHERE code <> 'EMAIL_IN_OTHER_ORGANIZATION'`;
  return db.transaction(async (tx) => {
    await withoutJit(tx);
    return (await sqlRows<{ n: number }>(tx, query))[0].n;
  });
}

const DUPLICATES = {
  email: { key: sql.raw('lower(email)'), code: sql.raw(`'DUPLICATE_EMAIL'`), email: sql.raw('min(email)'), employeeId: sql.raw('NULL') },
  employeeId: {
    key: sql.raw('employee_id'),
    code: sql.raw(`'DUPLICATE_EMPLOYEE_ID'`),
    email: sql.raw('NULL'),
    employeeId: sql.raw('min(employee_id)'),
  },
} as const;

/**
 * Duplicates anywhere in the file, a slice of keys at a time: walks the key's index in
 * order after `after` (keyset), so each query reads about `limit` rows whatever the
 * file's size. Answers the last key seen, or undefined at the end.
 */
export async function validateDuplicates(
  db: Db,
  importId: string,
  by: keyof typeof DUPLICATES,
  after: string,
  limit: number,
): Promise<string | undefined> {
  const d = DUPLICATES[by];
  // The slice's last key first, from the index alone: the grouping below then reads a
  // bounded range, whatever plan the database picks for it.
  const [bound] = await sqlRows<{ upper: string | null }>(
    db,
    sql`SELECT max(k) AS upper FROM (
          SELECT ${d.key} AS k FROM user_import_rows WHERE import_id = ${importId} AND ${d.key} > ${after}
          ORDER BY ${d.key} LIMIT ${limit}) x`,
  );
  if (bound.upper === null) return undefined;
  await db.execute(
    sql`WITH g AS (
          SELECT ${d.email} AS email, ${d.employeeId} AS employee_id, array_agg(row_number ORDER BY row_number) AS rows
          FROM user_import_rows WHERE import_id = ${importId} AND ${d.key} > ${after} AND ${d.key} <= ${bound.upper}
          GROUP BY ${d.key} HAVING count(*) > 1
        )
        INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
        SELECT ${importId}, email, employee_id, rows, ${d.code}, ${JSON.stringify(userImportErrorMessages)}::jsonb ->> ${d.code}, NULL FROM g`,
  );
  return bound.upper;
}

/** Rows named by at least one error (a row may have several). */
export async function countRowsWithErrors(db: Db, importId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT n)::int AS n FROM user_import_errors, unnest(rows) n WHERE import_id = ${importId}`,
  );
  return row.n;
}

/** The rows' range of numbers, to walk it in chunks. */
export async function rowNumberBounds(db: Db, importId: string): Promise<{ min: number; max: number } | undefined> {
  const [row] = await sqlRows<{ min: number | null; max: number | null }>(
    db,
    sql`SELECT min(row_number) AS min, max(row_number) AS max FROM user_import_rows WHERE import_id = ${importId}`,
  );
  return row?.min == null || row.max == null ? undefined : { min: row.min, max: row.max };
}

/** Chunks see their own rows only: merges the groups of one key that several chunks recorded. */
export async function mergeErrorGroups(db: Db, importId: string): Promise<void> {
  await db.execute(sql`
    WITH keyed AS (
      SELECT id, CASE WHEN email IS NOT NULL THEN 'e:' || lower(email) ELSE 'k:' || coalesce(employee_id, '') END AS k,
             code, coalesce(value, '') AS v
      FROM user_import_errors WHERE import_id = ${importId}
    ),
    split AS (SELECT k, code, v FROM keyed GROUP BY k, code, v HAVING count(*) > 1),
    moved AS (
      DELETE FROM user_import_errors e USING keyed, split
      WHERE e.id = keyed.id AND keyed.k = split.k AND keyed.code = split.code AND keyed.v = split.v
      RETURNING e.*
    )
    INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
    SELECT import_id, min(email), min(employee_id), array_agg(DISTINCT n ORDER BY n), code, min(error), value
    FROM moved, unnest(rows) n
    GROUP BY import_id, CASE WHEN email IS NOT NULL THEN 'e:' || lower(email) ELSE 'k:' || coalesce(employee_id, '') END, code, value`);
}
