/**
 * What a validated import will do, before anything is applied: the summary the admin
 * confirms (docs/product.md, "How an import runs"). It matches the staged rows with the
 * organization's users as the apply statement does (set-based/apply.ts: by e-mail, else an
 * employee-ID-only row by employee ID) and counts, with a few samples of each:
 *   - new users: rows that match no user;
 *   - updated users: rows that match one;
 *   - disabled users: matched users that are enabled and whose row disables them (with the
 *     Disable users option);
 *   - invitations: new users with an e-mail that do not start disabled (when invitations are sent).
 * One read over the staged rows; validation has already refused every row that could fail.
 */
import {
  USER_IMPORT_SUMMARY_SAMPLES,
  type UserImportOptions,
  type UserImportSampleView,
  type UserImportSummaryView,
} from '@console/contracts';
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../../db/client.js';
import { joinMatchingUser, matched, TRUE_VALUES } from './sql.js';

type Group = keyof UserImportSummaryView;
const GROUPS: readonly Group[] = ['newUsers', 'updatedUsers', 'disabledUsers', 'invitations'];

export async function summarizeStagedRows(
  db: Db,
  scope: { importId: string; organizationId: string; options: UserImportOptions },
): Promise<UserImportSummaryView> {
  const { importId: imp, organizationId: org, options: o } = scope;
  const rows = await sqlRows<{ grp: Group; n: number; samples: UserImportSampleView[] | null }>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT s.row_number, s.email, s.employee_id, coalesce(s.name, ${matched('display_name')}) AS name,
                 ${matched('id')} IS NULL AS new,
                 coalesce(${o.disableUsers}::boolean AND lower(s.disabled) IN (${TRUE_VALUES}), false) AS disables,
                 ${matched('disabled_at')} IS NULL AS enabled
          FROM user_import_rows s
          ${joinMatchingUser(org)}
          WHERE s.import_id = ${imp}
        ),
        g AS (
          SELECT 'newUsers' AS grp, m.* FROM m WHERE new
          UNION ALL SELECT 'updatedUsers', m.* FROM m WHERE NOT new
          UNION ALL SELECT 'disabledUsers', m.* FROM m WHERE NOT new AND disables AND enabled
          UNION ALL SELECT 'invitations', m.* FROM m
            WHERE ${o.sendInvitations}::boolean AND new AND email IS NOT NULL AND NOT disables
        ),
        ranked AS (SELECT g.*, row_number() OVER (PARTITION BY grp ORDER BY row_number) AS k FROM g)
        SELECT grp, count(*)::int AS n,
               json_agg(json_build_object('email', email, 'employeeId', employee_id, 'name', name) ORDER BY row_number)
                 FILTER (WHERE k <= ${USER_IMPORT_SUMMARY_SAMPLES}) AS samples
        FROM ranked GROUP BY grp`,
  );
  const summary = Object.fromEntries(GROUPS.map((g) => [g, { count: 0, samples: [] }])) as unknown as UserImportSummaryView;
  for (const r of rows) summary[r.grp] = { count: r.n, samples: r.samples ?? [] };
  return summary;
}
