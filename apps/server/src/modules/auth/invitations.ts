/**
 * Invitations: a single-use token (14 days) e-mailed to a person, who sets a password with
 * it. Used by user imports and organization managers:
 *
 *   const invitation = await createInvitation(db, { userId, invitedBy });
 *   await sendInvitationEmail(deps, { userId, invitationId: invitation.id, token: invitation.token });
 *   // or both at once: await inviteUser(deps, { userId, invitedBy })
 *
 * sendInvitationEmail records the delivery (sent_at or send_error) and rethrows a failure,
 * so callers can report it per user.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { AppError, NotFound } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import { consolePageUrl, invitationMail, type MailLocale, mailLocale } from '../../mail/templates.js';
import { hashPassword } from './password.js';
import {
  consumeUserToken,
  findDisplayName,
  findRecipient,
  insertUserToken,
  recordTokenDelivery,
  retireUserTokens,
  setPasswordHash,
  stampInvitation,
} from './user-tokens.repository.js';

export const INVITATION_DAYS = 14;

export interface Invitation {
  id: string;
  /** The secret for the link; stored only as a hash, so this is the one chance to send it. */
  token: string;
  expiresAt: Date;
}

/** A new invitation for the user; any earlier unused one stops working. Pass a transaction to make it part of yours. */
export async function createInvitation(db: Db, opts: { userId: string; invitedBy: string | null; now?: Date }): Promise<Invitation> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await retireUserTokens(db, opts.userId, 'invitation', now);
  const row = await insertUserToken(db, {
    userId: opts.userId,
    kind: 'invitation',
    tokenHash: hashSecret(token),
    createdBy: opts.invitedBy,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
  });
  await stampInvitation(db, opts.userId, opts.invitedBy, now);
  return { id: row.id, token, expiresAt: row.expiresAt };
}

export function invitationUrl(publicUrl: string, token: string, locale: MailLocale): string {
  return consolePageUrl(publicUrl, `/auth/invitation/accept?token=${encodeURIComponent(token)}`, locale);
}

/** E-mails the invitation in the user's language (else their organization's, else English). */
export async function sendInvitationEmail(
  deps: AppDeps,
  opts: { userId: string; invitationId: string; token: string; invitedBy?: string | null },
) {
  const { db } = deps.database;
  const to = await findRecipient(db, opts.userId);
  if (!to?.email) throw new NotFound('User was not found', 'USER_NOT_FOUND');
  const invitedBy = opts.invitedBy ? await findDisplayName(db, opts.invitedBy) : undefined;
  const message = invitationMail({
    to: to.email,
    name: to.displayName,
    organizationName: to.organizationName,
    productName: deps.config.PRODUCT_NAME,
    invitedBy,
    url: invitationUrl(deps.config.PUBLIC_URL, opts.token, mailLocale(to.locale)),
    days: INVITATION_DAYS,
    locale: to.locale,
  });
  try {
    const sent = await deps.mailer.send(message);
    await recordTokenDelivery(db, opts.invitationId, { sentAt: deps.clock.now() });
    return sent;
  } catch (err) {
    await recordTokenDelivery(db, opts.invitationId, { error: (err as Error).message });
    throw err;
  }
}

export async function inviteUser(deps: AppDeps, opts: { userId: string; invitedBy: string | null }): Promise<Invitation> {
  const invitation = await createInvitation(deps.database.db, { ...opts, now: deps.clock.now() });
  await sendInvitationEmail(deps, { userId: opts.userId, invitationId: invitation.id, token: invitation.token, invitedBy: opts.invitedBy });
  return invitation;
}

/** Sets the password (already checked against the policy) and signs the person in. */
export async function acceptInvitation(deps: AppDeps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const user = await deps.database.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, 'invitation', hashSecret(token), now);
    if (!used) return undefined;
    await setPasswordHash(tx, used.userId, passwordHash);
    return findRecipient(tx, used.userId).then((r) => r && { id: used.userId, ...r });
  });
  if (!user) throw new AppError(400, 'INVALID_TOKEN', 'This invitation is not valid: it was used already or has expired.');
  return deps.idTokens.issue({ id: user.id, email: user.email, displayName: user.displayName }, 'password');
}
