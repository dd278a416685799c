/**
 * What an import may tell of other organizations' e-mail addresses: the import's side of
 * the one rule every writer of users follows (users/foreign-emails.ts,
 * docs/decisions/020-brute-force-and-probing.md). After validation, the addresses of other
 * organizations the file names spend the organization's daily checks all at once (a file
 * never splits across the budget): within it their rows are listed; beyond it, those the
 * organization was not told of before become one error without row, e-mail or count. Once
 * the checks are spent, a file that names any address nobody holds gets that same error,
 * so that a free address and a taken one are answered alike. Every import that names such
 * addresses leaves an audit row and a log line with their count, listed or not.
 */

import { userImportErrorMessages } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../../db/client.js';
import { systemActor } from '../../events/record.js';
import { EMAIL_CHECKS_LIMIT, type ForeignEmailRule } from '../../users/foreign-emails.js';

const FOREIGN = 'EMAIL_IN_OTHER_ORGANIZATION';

export interface ForeignEmailScope {
  importId: string;
  organizationId: string;
  createdBy: string | null;
  /** The import's file, as its events name it. */
  filename: string;
}

export function createForeignEmailBound(deps: { db: Db; rule: ForeignEmailRule }) {
  const { db, rule } = deps;

  /** A staged row names an address no user holds (then new to the organization, and checkable). */
  async function namesFreeAddress(importId: string): Promise<boolean> {
    const [row] = await sqlRows<{ free: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM user_import_rows s WHERE s.import_id = ${importId} AND s.email IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = s.email::citext)) AS free`,
    );
    return row.free;
  }

  /**
   * After validation: spends the budget, withholds what it does not allow, leaves the trace.
   * True when the import must stop with the limit error (recorded among its errors).
   */
  return async function boundForeignEmails(scope: ForeignEmailScope): Promise<boolean> {
    const { importId, organizationId } = scope;
    const before = await rule.budget(organizationId);
    const [found] = await sqlRows<{ rows: number }>(
      db,
      sql`SELECT coalesce(sum(cardinality(rows)), 0)::int AS rows FROM user_import_errors WHERE import_id = ${importId} AND code = ${FOREIGN}`,
    );
    const spent =
      found.rows > 0
        ? await rule.spend(
            organizationId,
            sql`SELECT DISTINCT u.id AS holder_id FROM user_import_errors e JOIN users u ON u.email = e.email::citext
                WHERE e.import_id = ${importId} AND e.code = ${FOREIGN} AND u.organization_id <> ${organizationId}`,
          )
        : undefined;
    const withheld = spent?.withheld ?? false;
    const limited = withheld || (before.spent && (await namesFreeAddress(importId)));
    if (!limited && !spent) return false;
    await db.transaction(async (tx) => {
      if (withheld) {
        // Rows of addresses told in the last day stay listed: they tell nothing new.
        await tx.execute(sql`DELETE FROM user_import_errors e WHERE e.import_id = ${importId} AND e.code = ${FOREIGN}
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = e.email::citext AND ${rule.told(organizationId, sql`u.id`)})`);
      }
      if (limited) {
        await tx.execute(sql`INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          VALUES (${importId}, NULL, NULL, '{}', ${EMAIL_CHECKS_LIMIT}, ${userImportErrorMessages[EMAIL_CHECKS_LIMIT]}, NULL)`);
      }
      if (spent) {
        // Found by the import's validation, a background job: the console's own finding.
        await rule.recordImport(tx, {
          importId,
          organizationId,
          actor: systemActor,
          targets: [{ type: 'user_import', id: importId, name: scope.filename }],
          rows: found.rows,
          checked: spent.checked,
          withheld,
        });
      }
    });
    return limited;
  };
}

export type ForeignEmailBound = ReturnType<typeof createForeignEmailBound>;
