/**
 * The invitation e-mails owed to the users an import created (recorded by the apply
 * statement, set-based/apply.ts), as the invitations job claims, sends and settles them
 * (invitations.ts). Every method takes an optional executor last (`db`).
 */
import { userImportErrorMessages } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { countChanged, type Db, sqlRows } from '../../db/client.js';
import { userImportInvitations } from '../../db/schema.js';

/** An invitation a worker claimed to send. */
export interface ClaimedInvitation {
  user_id: string;
  email: string;
  invited_by: string | null;
}

/** A claim on an invitation older than this is of a worker that died: it is taken back. */
const STALE_CLAIM = sql.raw(`interval '5 minutes'`);

export function createUserImportInvitationsRepository(root: Db) {
  return {
    /**
     * Claims up to `limit` invitations of the import to send (pending ones, and claims left
     * by a worker that died), so that two workers never send the same one.
     */
    async claimInvitations(importId: string, limit: number, db: Db = root): Promise<ClaimedInvitation[]> {
      return sqlRows<ClaimedInvitation>(
        db,
        sql`UPDATE user_import_invitations i SET status = 'sending', updated_at = now()
            FROM user_imports m
            WHERE m.id = i.import_id AND m.deleted_at IS NULL AND (i.import_id, i.user_id) IN (
              SELECT import_id, user_id FROM user_import_invitations
              WHERE import_id = ${importId}
                AND (status = 'pending' OR (status = 'sending' AND updated_at < now() - ${STALE_CLAIM}))
              ORDER BY updated_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING i.user_id, i.email, m.created_by AS invited_by`,
      );
    },

    /** A claimed invitation back to pending (the process is stopping). */
    async unclaimInvitation(importId: string, userId: string, db: Db = root): Promise<void> {
      await db.execute(
        sql`UPDATE user_import_invitations SET status = 'pending' WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending'`,
      );
    },

    async markInvitationSent(importId: string, userId: string, db: Db = root): Promise<void> {
      await db.execute(sql`WITH s AS (
          UPDATE user_import_invitations SET status = 'sent', error = NULL, updated_at = now()
          WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending' RETURNING 1)
        UPDATE user_imports SET invitations_sent = invitations_sent + (SELECT count(*) FROM s) WHERE id = ${importId}`);
    },

    /** A failed send: an INVITATION_FAILED error of the user's rows, and a completed import shown as failed. */
    async markInvitationFailed(importId: string, userId: string, email: string, message: string, db: Db = root): Promise<void> {
      await db.execute(sql`WITH f AS (
          UPDATE user_import_invitations SET status = 'error', error = ${message}, updated_at = now()
          WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending' RETURNING 1),
        e AS (
          INSERT INTO user_import_errors (import_id, email, employee_id, rows, code, error, value)
          SELECT ${importId}, ${email}, NULL,
                 coalesce((SELECT array_agg(row_number) FROM user_import_rows WHERE import_id = ${importId} AND lower(email) = lower(${email})), '{}'),
                 'INVITATION_FAILED', ${userImportErrorMessages.INVITATION_FAILED}, ${message}
          WHERE EXISTS (SELECT 1 FROM f))
        UPDATE user_imports SET invitations_failed = invitations_failed + (SELECT count(*) FROM f),
          status = CASE WHEN status = 'completed' AND EXISTS (SELECT 1 FROM f) THEN 'error' ELSE status END
        WHERE id = ${importId}`);
    },

    /** Cancels up to `limit` open invitations of the import; answers how many. */
    async cancelOpenInvitations(importId: string, limit: number, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`UPDATE user_import_invitations SET status = 'cancelled', updated_at = now()
            WHERE import_id = ${importId} AND status IN ('pending', 'sending') AND user_id IN (
              SELECT user_id FROM user_import_invitations
              WHERE import_id = ${importId} AND status IN ('pending', 'sending') LIMIT ${limit})`,
      );
    },

    async openInvitations(importId: string, db: Db = root): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM user_import_invitations WHERE import_id = ${importId} AND status IN ('pending', 'sending')`,
      );
      return row.n;
    },

    /** Imports with invitations to send and nobody sending them (after a restart, say). */
    async importsOwingInvitations(db: Db = root): Promise<string[]> {
      const rows = await sqlRows<{ import_id: string }>(
        db,
        sql`SELECT DISTINCT import_id FROM user_import_invitations
            WHERE status = 'pending' OR (status = 'sending' AND updated_at < now() - ${STALE_CLAIM})`,
      );
      return rows.map((r) => r.import_id);
    },

    /** A retry sends the failed invitations again; answers how many. */
    async resetFailedInvitations(importId: string, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`UPDATE user_import_invitations SET status = 'pending', error = NULL, updated_at = now()
            WHERE import_id = ${importId} AND status = 'error'`,
      );
    },

    /** Deletes up to `limit` invitations of a removed import; answers how many went. */
    async deleteInvitations(importId: string, limit: number, db: Db = root): Promise<number> {
      return countChanged(
        db,
        sql`DELETE FROM ${userImportInvitations} WHERE import_id = ${importId} AND user_id IN (
              SELECT user_id FROM ${userImportInvitations} WHERE import_id = ${importId} LIMIT ${limit})`,
      );
    },
  };
}

export type UserImportInvitationsRepository = ReturnType<typeof createUserImportInvitationsRepository>;
