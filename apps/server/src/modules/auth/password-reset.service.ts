/**
 * Forgotten passwords (docs/product.md, "Identity and sessions"; decision 051): a one-time
 * link by e-mail, 15 minutes, whose page checks it on load and sets a new password under the
 * policy; every session of the person ends with the reset.
 *
 * The request answers the same, at once, whatever the address: the look-up, the token and
 * the e-mail happen after the answer, so neither its content nor its time tells whether an
 * account exists. Requests spend a budget per source address (429, as every rate limit) and
 * one per e-mail address, counted before any look-up; past the latter nothing more is sent
 * (and the answer is still the same), so nobody can flood a mailbox.
 *
 * No link for staff (decision 027: staff have no password; they sign in through their
 * provider or a sign-in link), nor for disabled people or organizations. In an organization
 * with "SSO login only" the link is sent as elsewhere: the password then serves the external
 * API only (decision 047), which the page says when it is done.
 */
import { type AuthErrorCode, authErrorMessage } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { RequestClient } from '../../http/auth-context.js';
import { AppError } from '../../http/errors.js';
import { enforceRateLimit, type RateLimiter } from '../../http/rate-limit.js';
import { hashSecret, randomToken } from '../../http/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { consolePageUrl, type MailLocale, mailLocale, passwordResetMail } from '../../mail/templates.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthRepository } from './auth.repository.js';
import { useOneTimeLink } from './one-time-links.js';
import { hashPassword } from './password.js';
import type { SessionsService } from './sessions.service.js';
import type { UserTokensRepository } from './user-tokens.repository.js';

export const PASSWORD_RESET_MINUTES = 15;
/** Requests per hour from one source address (then 429), and e-mails per hour to one address (then none). */
export const PASSWORD_RESET_WINDOW_MS = 60 * 60_000;
export const PASSWORD_RESET_PER_SOURCE = 10;
export const PASSWORD_RESET_PER_ADDRESS = 3;

export function passwordResetUrl(publicUrl: string, token: string, locale: MailLocale): string {
  return consolePageUrl(publicUrl, `/auth/password/reset?token=${encodeURIComponent(token)}`, locale);
}

export interface PasswordResetServiceDeps {
  db: Db;
  repo: Pick<AuthRepository, 'findSignInUserByEmail' | 'findSignInUserById'>;
  tokens: UserTokensRepository;
  /** The users module: the new password is set through it; staff addresses are its rule. */
  users: Pick<UsersService, 'setPasswordHash' | 'revokeIdTokens' | 'isStaffAddress'>;
  /** Every session (and idToken) of the person ends with the reset, in its transaction. */
  sessions: Pick<SessionsService, 'endSessionsOf'>;
  /** Requests per source address (429 past it) and per e-mail address (nothing more sent past it). */
  perSource: RateLimiter;
  perAddress: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'PRODUCT_NAME' | 'PUBLIC_URL'>;
  log?: FastifyBaseLogger;
}

export function createPasswordResetService(deps: PasswordResetServiceDeps) {
  const { db, repo, tokens, users, clock, config } = deps;
  /** Deliveries under way: the answers went before them. */
  const inFlight = new Set<Promise<void>>();
  const invalid = (code: AuthErrorCode = 'PASSWORD_RESET_INVALID') => new AppError(400, code, authErrorMessage(code, config.PRODUCT_NAME));

  /**
   * Sends the link if the address belongs to someone who may reset a password; nothing
   * otherwise. In the person's language, else the page's they asked from (`pageLocale`),
   * else their organization's.
   */
  async function deliver(email: string, client: RequestClient, pageLocale: string | undefined): Promise<void> {
    const { allowed } = await deps.perAddress(`password-reset-address:${email.toLowerCase()}`);
    if (!allowed) return;
    const user = await repo.findSignInUserByEmail(email);
    if (!user?.email || user.userDisabledAt || user.organizationDisabledAt || users.isStaffAddress(user.email)) return;
    const now = clock.now();
    const token = randomToken();
    const row = await db.transaction(async (tx) => {
      // One link at a time: a newer request retires the older link.
      await tokens.retire(user.userId, 'password_reset', now, tx);
      const target = { type: 'user' as const, id: user.userId, name: user.displayName };
      // Nobody signed in asked: the console acted, for whoever sent the request from there.
      await recordEvent(tx, {
        action: 'user.password_reset_requested',
        organizationId: user.organizationId,
        actor: { ...systemActor, ...client },
        targets: [target],
      });
      return tokens.insert(
        {
          userId: user.userId,
          kind: 'password_reset',
          tokenHash: hashSecret(token),
          createdBy: null,
          now,
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        },
        tx,
      );
    });
    const to = await tokens.findRecipient(user.userId);
    if (!to?.email) return;
    const locale = mailLocale(to.ownLocale ?? pageLocale ?? to.locale);
    const message = passwordResetMail({
      to: to.email,
      name: to.displayName,
      productName: config.PRODUCT_NAME,
      url: passwordResetUrl(config.PUBLIC_URL, token, locale),
      minutes: PASSWORD_RESET_MINUTES,
      locale,
    });
    try {
      await deps.mailer.send(message);
      await tokens.recordDelivery(row.id, { sentAt: clock.now() });
    } catch (err) {
      await tokens.recordDelivery(row.id, { error: (err as Error).message });
      throw err;
    }
  }

  return {
    /**
     * POST auth/password-reset/request: the same answer for every address, given before the
     * address is looked up (`client`: the caller's IP address, whose budget it spends, and user agent). The look-up, the link and
     * the e-mail follow the answer; a failure is logged.
     */
    async request(email: string, client: RequestClient, pageLocale?: string): Promise<{ requested: true }> {
      const source = client.ip ?? 'unknown';
      await enforceRateLimit(
        deps.perSource,
        `password-reset-source:${source}`,
        (s) => `Too many password reset requests: try again in ${s} s.`,
      );
      const delivery = deliver(email.trim(), client, pageLocale)
        .catch((err: unknown) => deps.log?.warn({ err }, 'password reset e-mail not sent'))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      return { requested: true };
    },

    /** When every delivery asked for so far has ended (a closing process; a test that nothing was sent). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    /**
     * POST auth/password-reset/check: the link's page asks on load whether it still works; the
     * address it is for. Not for a person or organization disabled since it was sent: `reset` refuses them.
     */
    async check(token: string): Promise<{ email: string }> {
      const found = await tokens.findUsable('password_reset', hashSecret(token), clock.now());
      const to = found && (await tokens.findRecipient(found.userId));
      if (!to?.email || to.disabled) throw invalid();
      return { email: to.email };
    },

    /**
     * POST auth/password-reset: uses the link once, sets the new password (already checked
     * against the policy) and ends every session of the person, in one transaction.
     */
    async reset(token: string, password: string, client: RequestClient): Promise<{ passwordReset: true; ssoLoginOnly: boolean }> {
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      const user = await useOneTimeLink(db, client, {
        spend: (tx) => tokens.consume('password_reset', hashSecret(token), now, tx),
        // Disabled since the link was sent: the link is spent and changes nothing.
        person: async (userId, tx) => {
          const person = await repo.findSignInUserById(userId, tx);
          return person && !person.userDisabledAt && !person.organizationDisabledAt ? person : undefined;
        },
        apply: async (tx, person) => {
          await users.setPasswordHash(person.userId, passwordHash, tx);
          await deps.sessions.endSessionsOf([person.userId], tx, 'password_reset');
          // And the idTokens not yet made into sessions, and those of the external API.
          await users.revokeIdTokens(person.userId, now, tx);
        },
        action: 'user.password_reset',
        data: { sessionsEnded: true },
      });
      if (!user) throw invalid();
      return { passwordReset: true, ssoLoginOnly: user.ssoLoginOnly };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
