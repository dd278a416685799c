/**
 * Invitations: a single-use token (14 days) e-mailed to a person, who sets a password with
 * it (docs/product.md, "Identity and sessions"; decision 049). Who uses this console
 * (Organizational Admins, staff) is invited into it: the link's page sets the password and
 * signs them in. Everyone else works in the platform's app: they are invited to activate
 * their account, and the link's page sets the password and says where the app is, without
 * a console session. Either page checks its link as it loads (`check`).
 * Used by user imports, SCIM, the external API and organization managers:
 *
 *   const invitation = await services.invitations.create({ userId, invitedBy }, tx);
 *   await services.invitations.send({ userId, invitationId: invitation.id, token: invitation.token });
 *   // or both at once: await services.invitations.invite({ userId, invitedBy })
 *
 * `send` records the delivery (sent_at or send_error) and rethrows a failure, so callers
 * can report it per user. Modules that hold the app's dependencies rather than its
 * services call createInvitation, sendInvitationEmail and inviteUser (below) instead.
 */
import {
  authErrorMessage,
  consoleRoles,
  INVITATION_DAYS,
  type InvitationAccess,
  type InvitationCheckResponse,
  type OrgRole,
} from '@console/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { RequestClient } from '../../http/auth-context.js';
import { AppError, NotFound } from '../../http/errors.js';
import { hashSecret, randomToken } from '../../http/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { activationMail, consolePageUrl, invitationMail, type MailLocale, mailLocale } from '../../mail/templates.js';
import type { UsersService } from '../users/users.service.js';
import type { IdTokens } from './id-token.js';
import { useOneTimeLink } from './one-time-links.js';
import { hashPassword } from './password.js';
import { platformAppUrlOf } from './principal.js';
import type { UserTokensRepository } from './user-tokens.repository.js';

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

/** The page of an invitation: `accept` signs into the console, `activate` readies an account of the platform's app. */
export function invitationUrl(publicUrl: string, token: string, locale: MailLocale, access: InvitationAccess = 'console'): string {
  const page = access === 'console' ? 'accept' : 'activate';
  return consolePageUrl(publicUrl, `/auth/invitation/${page}?token=${encodeURIComponent(token)}`, locale);
}

/** Where a person works: this console (Organizational Admins, staff), else the platform's app. */
export function accessOf(person: { role: string; email: string | null }, isStaffAddress: (email: string) => boolean): InvitationAccess {
  const usesConsole =
    (consoleRoles as readonly string[]).includes(person.role as OrgRole) || (!!person.email && isStaffAddress(person.email));
  return usesConsole ? 'console' : 'app';
}

export interface InvitationsServiceDeps {
  db: Db;
  tokens: UserTokensRepository;
  /** The users module: an invitation is stamped on the user, an accepted one sets their password. */
  users: Pick<UsersService, 'stampInvitation' | 'setPasswordHash' | 'isStaffAddress' | 'refuseStaffAddress'>;
  idTokens: IdTokens;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'PRODUCT_NAME' | 'PUBLIC_URL' | 'PLATFORM_APP_URL'>;
}

/** See `create` below; `tokens` and `db` may be of the caller's transaction. */
async function issueInvitation(
  tokens: UserTokensRepository,
  users: InvitationsServiceDeps['users'],
  db: Db,
  opts: InvitationRequest & { now: Date },
): Promise<Invitation> {
  const { now } = opts;
  // Staff never get a password the console keeps (decision 027): no invitation goes to an address of their domain.
  users.refuseStaffAddress((await tokens.findRecipient(opts.userId, db))?.email);
  const token = randomToken();
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

  /** Uses the invitation once to set the password: the person, or undefined when the link no longer works. */
  async function usePassword(token: string, password: string, client: RequestClient, data?: { access: InvitationAccess }) {
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    return useOneTimeLink(root, client, {
      spend: (tx) => tokens.consume('invitation', hashSecret(token), now, tx),
      // Disabled since the invitation was sent: the link is spent and sets nothing.
      person: async (userId, tx) => {
        const person = await tokens.findRecipient(userId, tx);
        // An address of the staff domain sets no password, whatever link it holds.
        const staff = !!person?.email && users.isStaffAddress(person.email);
        return person && !person.disabled && !staff ? { userId, ...person } : undefined;
      },
      apply: (tx, person) => users.setPasswordHash(person.userId, passwordHash, tx),
      action: 'user.invitation_accepted',
      data,
    });
  }

  /**
   * E-mails the invitation in the user's language, else their organization's, else that of
   * the admin who invited them (English when none): into this console, or to activate their
   * account of the platform's app, as their role has it.
   */
  async function send(opts: InvitationDelivery) {
    const to = await tokens.findRecipient(opts.userId, root, opts.invitedBy);
    if (!to?.email) throw new NotFound('User was not found', 'USER_NOT_FOUND');
    const locale = mailLocale(to.locale);
    const access = accessOf(to, users.isStaffAddress);
    const mail = {
      to: to.email,
      name: to.displayName,
      organizationName: to.organizationName,
      productName: config.PRODUCT_NAME,
      invitedBy: to.invitedByName ?? undefined,
      url: invitationUrl(config.PUBLIC_URL, opts.token, locale, access),
      days: INVITATION_DAYS,
      locale,
    };
    const message =
      access === 'console'
        ? invitationMail(mail)
        : activationMail({ ...mail, appUrl: platformAppUrlOf(to.organizationAppUrl, config) ?? undefined });
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

    /**
     * GET auth/invitation?token=: the link's state as its page loads, and while it works
     * whose account it opens and where they will use it. Nothing is used up.
     */
    async check(token: string): Promise<InvitationCheckResponse> {
      const found = await tokens.findWithPerson('invitation', hashSecret(token));
      if (!found?.email || found.disabled) return { state: 'invalid' };
      if (found.replacedAt) return { state: 'replaced' };
      if (found.usedAt) return { state: 'used' };
      if (found.expiresAt <= clock.now()) return { state: 'expired' };
      const { displayName, email, organizationName } = found;
      const access = accessOf(found, users.isStaffAddress);
      return {
        state: 'valid',
        invitation: { displayName, email, organizationName, access, appUrl: platformAppUrlOf(found.organizationAppUrl, config) },
      };
    },

    /** POST auth/invitation/accept: sets the password (already checked against the policy) and signs the person in. */
    async accept(token: string, password: string, client: RequestClient) {
      const user = await usePassword(token, password, client);
      if (!user) throw new AppError(400, 'INVALID_TOKEN', 'This invitation is not valid: it was used already or has expired.');
      return idTokens.issue({ id: user.userId, email: user.email, displayName: user.displayName }, 'password');
    },

    /**
     * POST auth/invitation/activate: sets the password of someone who works in the platform's
     * app; no console session (the console would refuse them). Admins may use it too: their
     * password is set as by `accept`, and they sign in afterwards.
     */
    async activate(
      token: string,
      password: string,
      client: RequestClient,
    ): Promise<{ activated: true; email: string; appUrl: string | null }> {
      const user = await usePassword(token, password, client, { access: 'app' });
      if (!user?.email) throw new AppError(400, 'INVITATION_INVALID', authErrorMessage('INVITATION_INVALID', config.PRODUCT_NAME));
      return { activated: true, email: user.email, appUrl: platformAppUrlOf(user.organizationAppUrl, config) };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
