/**
 * Invitation e-mails owed to the users an import created, sent in the background at a set
 * rate (the import's status does not wait for them). A failed send is a per-user error of
 * the import, which a retry sends again. Rows are claimed before sending, so that two
 * workers never send the same invitation; a claim left by a worker that died is taken
 * back after a while (at least once: a crash right after a send may repeat it). Nothing is
 * sent for a disabled organization: what it is still owed is cancelled.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import type { UserImportsRepository } from './user-imports.repository.js';

/** Sends one invitation (makes the token and the e-mail); throws when it could not be sent. */
export type InviteUser = (input: { userId: string; invitedBy: string | null }) => Promise<void>;

/** Invitations cancelled per statement: short statements, so PGlite is never held for long. */
const CANCEL_BATCH = 1000;

export interface SendOptions {
  perSecond: number;
  /** How long one job run sends before handing over to the next run. */
  maxSeconds: number;
  /** Stops sending (the process is stopping). */
  signal?: AbortSignal;
}

export interface InvitationDeps {
  /** The organization's state, and where a disable is recorded. */
  imports: Pick<UserImportsRepository, 'organizationDisabled' | 'recordOrganizationDisabled'>;
  invitations: UserImportInvitationsRepository;
}

/** Sends what is owed for one import for up to maxSeconds; answers whether some are still owed. */
export async function sendImportInvitations(
  { imports, invitations }: InvitationDeps,
  importId: string,
  invite: InviteUser,
  opts: SendOptions,
): Promise<boolean> {
  const started = Date.now();
  const interval = 1000 / opts.perSecond;
  let sent = 0;
  for (;;) {
    if (opts.signal?.aborted || Date.now() - started >= opts.maxSeconds * 1000) return (await invitations.openInvitations(importId)) > 0;
    const claimed = await invitations.claimInvitations(importId, Math.max(1, Math.ceil(opts.perSecond)));
    if (claimed.length === 0) return false;
    for (const c of claimed) {
      // Claimed but not sent when stopping: back to pending for the next process.
      if (opts.signal?.aborted) {
        await invitations.unclaimInvitation(importId, c.user_id);
        continue;
      }
      // Keep to the rate: the n-th e-mail of this run goes no sooner than n intervals after its start.
      const due = started + sent * interval - Date.now();
      if (due > 0) await sleep(due);
      // Checked before each e-mail, not only before a claim: a disable committed since stops the next one.
      if (await imports.organizationDisabled(importId)) {
        await cancelInvitations({ imports, invitations }, importId);
        return false;
      }
      try {
        await invite({ userId: c.user_id, invitedBy: c.invited_by });
        await invitations.markInvitationSent(importId, c.user_id);
      } catch (err) {
        await invitations.markInvitationFailed(importId, c.user_id, c.email, ((err as Error).message || 'unknown error').slice(0, 500));
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
async function cancelInvitations({ imports, invitations }: InvitationDeps, importId: string) {
  for (;;) {
    if ((await invitations.cancelOpenInvitations(importId, CANCEL_BATCH)) === 0) break;
  }
  await imports.recordOrganizationDisabled(importId);
}
