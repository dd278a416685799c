/**
 * What an import may tell of other organizations' e-mail addresses (docs/decisions/020-brute-force-and-probing.md).
 * E-mails are unique across the installation, so refusing a row whose address another
 * organization uses cannot be hidden; what is bounded is how many an organization learns:
 * at most `perDay` such rows a day are listed. Beyond that, the import's rows of that kind
 * become one error without row, e-mail or count. Every import that names any leaves an
 * audit row and a log line with their count, listed or not.
 */

import { userImportErrorMessages } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../db/audit.js';
import { type Db, sqlRows } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import { createHitCounter } from '../../http/rate-limit.repository.js';

const DAY_MS = 24 * 60 * 60_000;
const FOREIGN = 'EMAIL_IN_OTHER_ORGANIZATION';
const WITHHELD = 'EMAIL_CHECKS_LIMIT';

export interface ForeignEmailScope {
  importId: string;
  organizationId: string;
  createdBy: string | null;
}

export function createForeignEmailBound(deps: { db: Db; perDay: number; clock: Clock; log?: FastifyBaseLogger }) {
  const count = createHitCounter(deps.db);

  /** After validation found errors: spends the budget, withholds the rows beyond it, leaves the trace. */
  return async function boundForeignEmails(scope: ForeignEmailScope): Promise<void> {
    const { db } = deps;
    const [found] = await sqlRows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(cardinality(rows)), 0)::int AS n FROM user_import_errors
          WHERE import_id = ${scope.importId} AND code = ${FOREIGN}`,
    );
    const rows = found.n;
    if (rows === 0) return;
    // The whole import's count is spent at once, listed or not: a file never splits across the budget.
    const { hits } = await count(`user-import-foreign-emails:${scope.organizationId}`, rows, DAY_MS, deps.clock.now());
    const withheld = hits > deps.perDay;
    await db.transaction(async (tx) => {
      if (withheld) {
        await tx.execute(sql`DELETE FROM user_import_errors WHERE import_id = ${scope.importId} AND code = ${FOREIGN}`);
        await tx.execute(sql`INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          VALUES (${scope.importId}, NULL, NULL, '{}', ${WITHHELD}, ${userImportErrorMessages[WITHHELD]}, NULL)`);
      }
      if (scope.createdBy) {
        await writeAudit(tx, {
          action: 'user_import.foreign_emails',
          organizationId: scope.organizationId,
          actorUserId: scope.createdBy,
          targetId: scope.importId,
          details: { rows, withheld },
        });
      }
    });
    deps.log?.info(
      { userImportId: scope.importId, organizationId: scope.organizationId, foreignEmailRows: rows, withheld },
      'user import: e-mails of other organizations',
    );
  };
}

export type ForeignEmailBound = ReturnType<typeof createForeignEmailBound>;
