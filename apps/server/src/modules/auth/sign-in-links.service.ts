/**
 * The `custom` provider: one-time sign-in links, valid 15 minutes. A link's token is signed
 * with the idToken key (purpose "sign-in-link"), so the command-line tool can make one
 * without opening the database, which a running embedded server holds locked. Using it
 * records its id in user_tokens (kind sign_in_link): a second use finds it there.
 */
import { authErrorMessage } from '@console/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../deps.js';
import type { RequestClient } from '../../http/auth-context.js';
import { AppError, Unauthenticated } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import { consolePageUrl, type MailLocale } from '../../mail/templates.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthService } from './auth.service.js';
import type { IdTokens } from './id-token.js';
import { useOneTimeLink } from './one-time-links.js';
import type { UserTokensRepository } from './user-tokens.repository.js';

export const SIGN_IN_LINK_MINUTES = 15;
const PURPOSE = 'sign-in-link';

/** `locale` picks the language the link opens the console in (English by default). */
export async function createSignInLink(idTokens: IdTokens, publicUrl: string, email: string, locale: MailLocale = 'en') {
  const { token, expiresAt } = await idTokens.signFor(PURPOSE, email.trim().toLowerCase(), SIGN_IN_LINK_MINUTES * 60);
  const url = consolePageUrl(publicUrl, `/auth/custom/sign-in?token=${encodeURIComponent(token)}`, locale);
  return { url, token, expiresAt };
}

export interface SignInLinksServiceDeps {
  db: Db;
  users: AuthRepository;
  tokens: UserTokensRepository;
  auth: Pick<AuthService, 'assertAdmitted'>;
  idTokens: IdTokens;
  clock: Clock;
  config: Pick<Config, 'PRODUCT_NAME'>;
}

export function createSignInLinksService({ db, users, tokens, auth, idTokens, clock, config }: SignInLinksServiceDeps) {
  return {
    /** POST auth/custom: a link's token for an idToken of provider `custom`, once. */
    async exchange(token: string, client: RequestClient) {
      const invalid = () => new Unauthenticated('This sign-in link is not valid: it was used already or has expired.', 'INVALID_TOKEN');
      const link = await idTokens.verifyFor(PURPOSE, token).catch(() => {
        throw invalid();
      });
      const user = await users.findSignInUserByEmail(link.subject);
      if (!user) throw new AppError(404, 'USER_NOT_FOUND', authErrorMessage('USER_NOT_FOUND', config.PRODUCT_NAME));
      const { passwordHash: _p, lockedUntil: _l, ...principal } = user;
      auth.assertAdmitted(principal, 'custom');
      const now = clock.now();
      // The link is signed, not stored: using it stores its id, which a second use finds taken.
      const used = { userId: user.userId, kind: 'sign_in_link' as const, tokenHash: hashSecret(link.jti), createdBy: null, now };
      try {
        await useOneTimeLink(db, client, {
          spend: (tx) => tokens.insert({ ...used, expiresAt: link.expiresAt, usedAt: now }, tx).then(() => used),
          person: async () => user,
          action: 'one_time_link.used',
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalid();
        throw err;
      }
      return idTokens.issue({ id: user.userId, email: user.email, displayName: user.displayName }, 'custom');
    },
  };
}

export type SignInLinksService = ReturnType<typeof createSignInLinksService>;
