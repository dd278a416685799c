/**
 * SQL pieces that the set-based steps of an import (validation, summary, apply) share, so
 * that the summary the admin confirms matches rows with users exactly as apply then does.
 */
import { IMPORT_DISABLED_VALUES, IMPORT_LIST_SEPARATOR } from '@console/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** Constant words as SQL literals (the contracts' own lists, never user input). */
export const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));

/** The spellings of "yes" in a row's disabled column, and of "no". */
export const TRUE_VALUES = literals(IMPORT_DISABLED_VALUES.true);
export const FALSE_VALUES = literals(IMPORT_DISABLED_VALUES.false);

/** The separator of a list cell (workspaces, teams, skills). */
export const SEP = sql.raw(`'${IMPORT_LIST_SEPARATOR}'`);

/**
 * The organization's user that the staged row `s` names, with `columns` of `users u`: by
 * e-mail, else (a row without one) by employee ID. Joined as `LEFT JOIN LATERAL (…) alias ON true`.
 */
export const matchingUser = (organizationId: string, columns: SQL) => sql`(
  SELECT ${columns} FROM users u WHERE s.email IS NOT NULL AND u.email = s.email::citext AND u.organization_id = ${organizationId}
  UNION ALL
  SELECT ${columns} FROM users u WHERE s.email IS NULL AND u.organization_id = ${organizationId} AND u.employee_id = s.employee_id
)`;
