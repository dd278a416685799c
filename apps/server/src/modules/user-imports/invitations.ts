/**
 * Invitation e-mails owed to the users an import created, sent in the background at a set
 * rate (the import's status does not wait for them). A failed send is a per-user error of
 * the import, which a retry sends again. Rows are claimed before sending, so that two
 * workers never send the same invitation; a claim left by a worker that died is taken
 * back after a while (at least once: a crash right after a send may repeat it). Nothing is
 * sent for a disabled organization: what it is still owed is cancelled.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { userImportErrorMessages } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { organizationDisabled, recordOrganizationDisabled } from './user-imports.repository.js';

/** Sends one invitation (makes the token and the e-mail); throws when it could not be sent. */
export type InviteUser = (input: { userId: string; invitedBy: string | null }) => Promise<void>;

const STALE_CLAIM = sql.raw(`interval '5 minutes'`);
/** Invitations cancelled per statement: short statements, so PGlite is never held for long. */
const CANCEL_BATCH = 1000;

export interface SendOptions {
  perSecond: number;
  /** How long one job run sends before handing over to the next run. */
  maxSeconds: number;
  /** Stops sending (the process is stopping). */
  signal?: AbortSignal;
}

async function claim(db: Db, importId: string, limit: number) {
  return sqlRows<{ user_id: string; email: string; invited_by: string | null }>(
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
}

async function markSent(db: Db, importId: string, userId: string) {
  await db.execute(sql`WITH s AS (
      UPDATE user_import_invitations SET status = 'sent', error = NULL, updated_at = now()
      WHERE import_id = ${importId} AND user_id = ${userId} AND status = 'sending' RETURNING 1)
    UPDATE user_imports SET invitations_sent = invitations_sent + (SELECT count(*) FROM s) WHERE id = ${importId}`);
}

async function markFailed(db: Db, importId: string, userId: string, email: string, message: string) {
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
}

/** Sends what is owed for one import for up to maxSeconds; answers whether some are still owed. */
export async function sendImportInvitations(db: Db, importId: string, invite: InviteUser, opts: SendOptions): Promise<boolean> {
  const started = Date.now();
  const interval = 1000 / opts.perSecond;
  let sent = 0;
  for (;;) {
    if (opts.signal?.aborted || Date.now() - started >= opts.maxSeconds * 1000) return (await openInvitations(db, importId)) > 0;
    const claimed = await claim(db, importId, Math.max(1, Math.ceil(opts.perSecond)));
    if (claimed.length === 0) return false;
    for (const c of claimed) {
      // Claimed but not sent when stopping: back to pending for the next process.
      if (opts.signal?.aborted) {
        await db.execute(
          sql`UPDATE user_import_invitations SET status = 'pending' WHERE import_id = ${importId} AND user_id = ${c.user_id} AND status = 'sending'`,
        );
        continue;
      }
      // Keep to the rate: the n-th e-mail of this run goes no sooner than n intervals after its start.
      const due = started + sent * interval - Date.now();
      if (due > 0) await sleep(due);
      // Checked before each e-mail, not only before a claim: a disable committed since stops the next one.
      if (await organizationDisabled(db, importId)) {
        await cancelInvitations(db, importId);
        return false;
      }
      try {
        await invite({ userId: c.user_id, invitedBy: c.invited_by });
        await markSent(db, importId, c.user_id);
      } catch (err) {
        await markFailed(db, importId, c.user_id, c.email, ((err as Error).message || 'unknown error').slice(0, 500));
      }
      sent++;
    }
  }
}

/**
 * The organization was disabled: none of the import's open invitations will be sent. They
 * are cancelled (the disable is for good, so a retry does not send them either) and the
 * import records why.
 */
async function cancelInvitations(db: Db, importId: string) {
  for (;;) {
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`WITH c AS (
            UPDATE user_import_invitations SET status = 'cancelled', updated_at = now()
            WHERE import_id = ${importId} AND status IN ('pending', 'sending') AND user_id IN (
              SELECT user_id FROM user_import_invitations
              WHERE import_id = ${importId} AND status IN ('pending', 'sending') LIMIT ${CANCEL_BATCH})
            RETURNING 1)
          SELECT count(*)::int AS n FROM c`,
    );
    if (row.n === 0) break;
  }
  await recordOrganizationDisabled(db, importId);
}

export async function openInvitations(db: Db, importId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM user_import_invitations WHERE import_id = ${importId} AND status IN ('pending', 'sending')`,
  );
  return row.n;
}

/** Imports with invitations to send and nobody sending them (after a restart, say). */
export async function importsOwingInvitations(db: Db): Promise<string[]> {
  const rows = await sqlRows<{ import_id: string }>(
    db,
    sql`SELECT DISTINCT import_id FROM user_import_invitations
        WHERE status = 'pending' OR (status = 'sending' AND updated_at < now() - ${STALE_CLAIM})`,
  );
  return rows.map((r) => r.import_id);
}

/** A retry sends the failed invitations again. */
export async function resetFailedInvitations(db: Db, importId: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`WITH r AS (
          UPDATE user_import_invitations SET status = 'pending', error = NULL, updated_at = now()
          WHERE import_id = ${importId} AND status = 'error' RETURNING 1)
        SELECT count(*)::int AS n FROM r`,
  );
  return row.n;
}
