/**
 * The `custom` provider: one-time sign-in links, valid 15 minutes. A link's token is signed
 * with the idToken key (purpose "sign-in-link"), so the command-line tool can make one
 * without opening the database, which a running embedded server holds locked. Using it
 * records its id in user_tokens (kind sign_in_link): a second use finds it there.
 */
import { authErrorMessage } from '@console/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import { AppError, Unauthenticated } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import { consolePageUrl, type MailLocale } from '../../mail/templates.js';
import { findSignInUserByEmail } from './auth.repository.js';
import { assertAdmitted } from './auth.service.js';
import type { IdTokens } from './id-token.js';
import { insertUserToken } from './user-tokens.repository.js';

export const SIGN_IN_LINK_MINUTES = 15;
const PURPOSE = 'sign-in-link';

/** `locale` picks the language the link opens the console in (English by default). */
export async function createSignInLink(idTokens: IdTokens, publicUrl: string, email: string, locale: MailLocale = 'en') {
  const { token, expiresAt } = await idTokens.signFor(PURPOSE, email.trim().toLowerCase(), SIGN_IN_LINK_MINUTES * 60);
  const url = consolePageUrl(publicUrl, `/auth/custom/sign-in?token=${encodeURIComponent(token)}`, locale);
  return { url, token, expiresAt };
}

/** POST auth/custom: a link's token for an idToken of provider `custom`, once. */
export async function exchangeSignInLink(deps: AppDeps, token: string) {
  const invalid = () => new Unauthenticated('This sign-in link is not valid: it was used already or has expired.', 'INVALID_TOKEN');
  const link = await deps.idTokens.verifyFor(PURPOSE, token).catch(() => {
    throw invalid();
  });
  const { db } = deps.database;
  const user = await findSignInUserByEmail(db, link.subject);
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', authErrorMessage('USER_NOT_FOUND', deps.config.PRODUCT_NAME));
  const { passwordHash: _p, lockedUntil: _l, ...principal } = user;
  assertAdmitted(deps, principal, 'custom');
  const now = deps.clock.now();
  try {
    await insertUserToken(db, {
      userId: user.userId,
      kind: 'sign_in_link',
      tokenHash: hashSecret(link.jti),
      createdBy: null,
      now,
      expiresAt: link.expiresAt,
      usedAt: now,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid();
    throw err;
  }
  return deps.idTokens.issue({ id: user.userId, email: user.email, displayName: user.displayName }, 'custom');
}
