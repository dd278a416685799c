/**
 * Invitations: a single-use token (14 days) e-mailed to a person, who sets a password with
 * it (docs/product.md, "Identity and sessions"). Used by user imports and organization managers:
 *
 *   const invitation = await services.invitations.create({ userId, invitedBy }, tx);
 *   await services.invitations.send({ userId, invitationId: invitation.id, token: invitation.token });
 *   // or both at once: await services.invitations.invite({ userId, invitedBy })
 *
 * `send` records the delivery (sent_at or send_error) and rethrows a failure, so callers
 * can report it per user. Modules that hold the app's dependencies rather than its
 * services call createInvitation, sendInvitationEmail and inviteUser (below) instead.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { RequestClient } from '../../http/auth-context.js';
import { AppError, NotFound } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { consolePageUrl, invitationMail, type MailLocale, mailLocale } from '../../mail/templates.js';
import { recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import type { IdTokens } from './id-token.js';
import { hashPassword } from './password.js';
import type { UserTokensRepository } from './user-tokens.repository.js';

export const INVITATION_DAYS = 14;

export interface Invitation {
  id: string;
  /** The secret for the link; stored only as a hash, so this is the one chance to send it. */
  token: string;
  expiresAt: Date;
}

export interface InvitationRequest {
  userId: string;
  invitedBy: string | null;
}

export interface InvitationDelivery {
  userId: string;
  invitationId: string;
  token: string;
  invitedBy?: string | null;
}

export function invitationUrl(publicUrl: string, token: string, locale: MailLocale): string {
  return consolePageUrl(publicUrl, `/auth/invitation/accept?token=${encodeURIComponent(token)}`, locale);
}

export interface InvitationsServiceDeps {
  db: Db;
  tokens: UserTokensRepository;
  /** The users module: an invitation is stamped on the user, an accepted one sets their password. */
  users: Pick<UsersService, 'stampInvitation' | 'setPasswordHash'>;
  idTokens: IdTokens;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'PRODUCT_NAME' | 'PUBLIC_URL'>;
}

/** See `create` below; `tokens` and `db` may be of the caller's transaction. */
async function issueInvitation(
  tokens: UserTokensRepository,
  users: InvitationsServiceDeps['users'],
  db: Db,
  opts: InvitationRequest & { now: Date },
): Promise<Invitation> {
  const { now } = opts;
  const token = randomBytes(32).toString('base64url');
  await tokens.retire(opts.userId, 'invitation', now, db);
  const row = await tokens.insert(
    {
      userId: opts.userId,
      kind: 'invitation',
      tokenHash: hashSecret(token),
      createdBy: opts.invitedBy,
      now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    },
    db,
  );
  await users.stampInvitation(opts.userId, opts.invitedBy, now, db);
  return { id: row.id, token, expiresAt: row.expiresAt };
}

export function createInvitationsService({ db: root, tokens, users, idTokens, mailer, clock, config }: InvitationsServiceDeps) {
  /**
   * A new invitation for the user; any earlier unused one stops working. Pass a transaction
   * to make it part of yours (and its `now`, to stamp the same instant).
   */
  const create = (opts: InvitationRequest & { now?: Date }, db: Db = root): Promise<Invitation> =>
    issueInvitation(tokens, users, db, { ...opts, now: opts.now ?? clock.now() });

  /** E-mails the invitation in the user's language (else their organization's, else English). */
  async function send(opts: InvitationDelivery) {
    const to = await tokens.findRecipient(opts.userId);
    if (!to?.email) throw new NotFound('User was not found', 'USER_NOT_FOUND');
    const invitedBy = opts.invitedBy ? await tokens.findDisplayName(opts.invitedBy) : undefined;
    const message = invitationMail({
      to: to.email,
      name: to.displayName,
      organizationName: to.organizationName,
      productName: config.PRODUCT_NAME,
      invitedBy,
      url: invitationUrl(config.PUBLIC_URL, opts.token, mailLocale(to.locale)),
      days: INVITATION_DAYS,
      locale: to.locale,
    });
    try {
      const sent = await mailer.send(message);
      await tokens.recordDelivery(opts.invitationId, { sentAt: clock.now() });
      return sent;
    } catch (err) {
      await tokens.recordDelivery(opts.invitationId, { error: (err as Error).message });
      throw err;
    }
  }

  return {
    create,
    send,

    async invite(opts: InvitationRequest): Promise<Invitation> {
      const invitation = await create(opts);
      await send({ userId: opts.userId, invitationId: invitation.id, token: invitation.token, invitedBy: opts.invitedBy });
      return invitation;
    },

    /** POST auth/invitation/accept: sets the password (already checked against the policy) and signs the person in. */
    async accept(token: string, password: string, client: RequestClient) {
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const user = await root.transaction(async (tx) => {
        const used = await tokens.consume('invitation', hashSecret(token), now, tx);
        if (!used) return undefined;
        await users.setPasswordHash(used.userId, passwordHash, tx);
        const recipient = await tokens.findRecipient(used.userId, tx);
        if (!recipient) return undefined;
        const person = { id: used.userId, name: recipient.displayName };
        await recordEvent(tx, {
          action: 'user.invitation_accepted',
          organizationId: recipient.organizationId,
          actor: { type: 'user', ...person, ...client },
          targets: [{ type: 'user', ...person }],
        });
        return { id: used.userId, ...recipient };
      });
      if (!user) throw new AppError(400, 'INVALID_TOKEN', 'This invitation is not valid: it was used already or has expired.');
      return idTokens.issue({ id: user.id, email: user.email, displayName: user.displayName }, 'password');
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
