/**
 * SQL pieces that the set-based steps of an import (validation, summary, apply) share, so
 * that the summary the admin confirms matches rows with users exactly as apply then does.
 */
import { IMPORT_DISABLED_VALUES, IMPORT_LIST_SEPARATOR } from '@console/contracts';
import { sql } from 'drizzle-orm';

/** Constant words as SQL literals (the contracts' own lists, never user input). */
export const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/** The spellings of "yes" in a row's disabled column, and of "no". */
export const TRUE_VALUES = literals(IMPORT_DISABLED_VALUES.true);
export const FALSE_VALUES = literals(IMPORT_DISABLED_VALUES.false);

/** The separator of a list cell (workspaces, teams, skills). */
export const SEP = sql.raw(`'${IMPORT_LIST_SEPARATOR}'`);

/**
 * The organization's user that the staged row `s` names: by e-mail (`ue`), else, for a row
 * without one, by employee ID (`ui`); each matches one user at most (the unique indexes).
 * Plain joins rather than a LATERAL per row, so the planner may hash a whole file's rows
 * against the organization's users instead of probing the indexes once per row (the summary,
 * validation); an apply batch probes instead (`probeMatchingUserId`). Read a column of the
 * match with `matched`.
 */
export const joinMatchingUser = (organizationId: string) => sql`
  LEFT JOIN users ue ON s.email IS NOT NULL AND ue.email = s.email::citext AND ue.organization_id = ${organizationId}
  LEFT JOIN users ui ON s.email IS NULL AND ui.organization_id = ${organizationId} AND ui.employee_id = s.employee_id`;

/**
 * The id of the organization's user that the staged row `s` names, matched as
 * `joinMatchingUser` does but probed row by row through the unique indexes (the e-mail's,
 * else the organization's employee IDs): for an apply batch into an organization many times
 * its size, which a large import grows itself. Joined, the planner hashed every user of the
 * organization for each batch, a cost that grew with every batch the import applied (about
 * a second a batch once the organization held 900,000 users). Read it from a subquery kept
 * apart (OFFSET 0), or PostgreSQL probes once for each reference to it.
 */
export const probeMatchingUserId = (organizationId: string) => sql`CASE WHEN s.email IS NOT NULL
    THEN (SELECT u.id FROM users u WHERE u.email = s.email::citext AND u.organization_id = ${organizationId})
    ELSE (SELECT u.id FROM users u WHERE u.organization_id = ${organizationId} AND u.employee_id = s.employee_id) END`;

/** A column of the user `joinMatchingUser` matched (null when none). */
export const matched = (column: 'id' | 'display_name' | 'disabled_at') => sql.raw(`coalesce(ue.${column}, ui.${column})`);
