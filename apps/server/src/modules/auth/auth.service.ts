/**
 * Sign-in and sessions: password checks with lockout, console admission, opening browser
 * sessions (docs/product.md, "Identity and sessions").
 */
import {
  type AuthenticatedUser,
  authErrorMessage,
  type CheckResponse,
  type ContentLocale,
  SESSION_DAYS,
  type SignInProvider,
  type UserInfoCookie,
} from '@console/contracts';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../deps.js';
import { type AuthContext, isAdmitted, type PersonContext, personOf, type RequestClient } from '../../http/auth-context.js';
import { AppError, Unauthenticated } from '../../http/errors.js';
import { hashSecret, randomToken } from '../../http/secrets.js';
import { actorOf, type RecordedChange, recordChange, recordEvent } from '../events/record.js';
import type { UsersService } from '../users/users.service.js';
import { type AuthRepository, FAILED_ATTEMPTS_WINDOW_MS, LOCK_MS, type Principal } from './auth.repository.js';
import type { IdTokens } from './id-token.js';
import { DECOY_PASSWORD_HASH, type verifyPassword as scryptVerify } from './password.js';
import { issuedBeforeRevocation, refusalOf, toAuthContext } from './principal.js';
import type { SessionsRepository } from './sessions.repository.js';
import { enabledSsoProviders } from './sso-config.js';

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60_000;

/**
 * What a password is checked for: the console (a person signing in) or the external API's
 * token (an integration, which also needs an access key); "SSO login only" refuses only the
 * first (docs/decisions/047-api-integrations-under-sso-only.md).
 */
export type PasswordUse = 'console' | 'api';

export interface DeviceDetails {
  deviceInfo?: unknown;
  ip: string | null;
  userAgent: string | null;
}

export interface SessionRequest extends DeviceDetails {
  idToken: string;
  email: string;
}

export interface AuthServiceDeps {
  db: Db;
  repo: AuthRepository;
  /** The users module: an account's failed and good sign-ins are recorded on the user. */
  users: Pick<UsersService, 'recordFailedSignIn' | 'recordSignIn' | 'lockLocale' | 'setLocale'>;
  sessions: SessionsRepository;
  idTokens: IdTokens;
  clock: Clock;
  config: Config;
  /** The password check (scrypt, password.ts), paid once by every password sign-in. */
  verifyPassword: typeof scryptVerify;
}

/**
 * Why a password sign-in is refused, or undefined when it is not. A disabled person, or one of
 * a disabled organization, is refused as a wrong password is, and counted so: the form must
 * not confirm a password (their admin tells them why).
 */
function passwordRefusal(matches: boolean, row: { userDisabledAt: Date | null; organizationDisabledAt: Date | null }) {
  if (!matches) return 'bad_credentials';
  if (row.userDisabledAt) return 'user_disabled';
  if (row.organizationDisabledAt) return 'organization_disabled';
  return undefined;
}

/** The language a person chose for themselves, as their change: the user's event when it is another. */
function ownLocaleChange(
  users: AuthServiceDeps['users'],
  auth: PersonContext,
  locale: ContentLocale,
  tx: Tx,
): RecordedChange<string | null> {
  return {
    after: locale,
    lockAndRead: () => users.lockLocale(auth.userId, tx),
    write: () => users.setLocale(auth.userId, locale, tx),
    event: (before) => ({
      action: 'user.updated',
      organizationId: auth.organizationId,
      actor: actorOf(auth),
      targets: [{ type: 'user', id: auth.userId, name: auth.displayName }],
      data: { locale, previousLocale: before },
    }),
  };
}

export function createAuthService({ db, repo, users, sessions, idTokens, clock, config, verifyPassword }: AuthServiceDeps) {
  const ssoProviders = enabledSsoProviders(config);

  function authError(status: number, code: Parameters<typeof authErrorMessage>[0], headers?: Record<string, string>) {
    return new AppError(status, code, authErrorMessage(code, config.PRODUCT_NAME), undefined, headers);
  }

  function invalidToken(code: 'INVALID_TOKEN' | 'ID_TOKEN_USED') {
    return new Unauthenticated(authErrorMessage(code, config.PRODUCT_NAME), code);
  }

  function tooManyAttempts(lockedUntil: Date, now: Date) {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    return authError(429, 'TOO_MANY_ATTEMPTS', { 'retry-after': String(seconds) });
  }

  /**
   * Refuses anyone the console is not for (docs/product.md, "Roles and access"): people of the
   * platform's app are told where it is (APP_ACCOUNT), anyone else "not authorized".
   */
  function assertAdmitted(principal: Principal, provider: SignInProvider): PersonContext {
    const ctx = toAuthContext(principal, provider, config, { via: 'session', expiresAt: new Date(0) });
    if (principal.userDisabledAt || principal.organizationDisabledAt || !isAdmitted(ctx)) throw refusalOf(principal, config);
    return ctx;
  }

  /**
   * E-mail and password to the person, counting failures per account and source: 10 in 15
   * minutes from one source (IP address) lock that source out of the account for 15 minutes,
   * while other sources, the user's own, keep working; SIGN_IN_ACCOUNT_FAILURES_MAX from all
   * sources together lock the account (decision 020). No console admission here: the external
   * API's token endpoint uses it too.
   * Every answer pays one scrypt verification: an unknown e-mail and a person without a
   * password (staff, SSO users, invitees) are checked against a decoy hash, so the time
   * of the answer does not tell them from a person with a password (bench/sign-in-timing.ts).
   * A disabled person's right password gets the wrong one's answer, after the same work.
   */
  async function checkPassword(email: string, password: string, client: RequestClient, use: PasswordUse = 'console'): Promise<Principal> {
    const source = client.ip;
    const now = clock.now();
    const row = await repo.findSignInUserByEmail(email);
    if (!row) {
      await verifyPassword(password, DECOY_PASSWORD_HASH);
      throw authError(401, 'BAD_CREDENTIALS');
    }
    if (row.lockedUntil && row.lockedUntil > now) throw tooManyAttempts(row.lockedUntil, now);
    const sourceLockedUntil = await repo.sourceLockedUntil(row.userId, source, now);
    if (sourceLockedUntil) throw tooManyAttempts(sourceLockedUntil, now);
    // Without a password only the work is done: even the decoy's own password matches nobody.
    const matches = row.passwordHash
      ? await verifyPassword(password, row.passwordHash)
      : await verifyPassword(password, DECOY_PASSWORD_HASH).then(() => false);
    const refusal = passwordRefusal(matches, row);
    if (refusal) {
      // The source's count is a rate limit's (never undone); the account's, with its event, one transaction.
      const fromSource = await repo.recordSourceFailure(row.userId, source, now);
      const lockedUntil = await db.transaction(async (tx) => {
        const policy = { max: config.SIGN_IN_ACCOUNT_FAILURES_MAX, windowMs: FAILED_ATTEMPTS_WINDOW_MS, lockMs: LOCK_MS };
        const account = await users.recordFailedSignIn(row.userId, now, policy, tx);
        const locked = account.lockedUntil ?? fromSource.lockedUntil;
        await recordEvent(tx, {
          action: locked ? 'session.locked_out' : 'session.sign_in_failed',
          organizationId: row.organizationId,
          actor: { type: 'user', id: row.userId, name: row.displayName, ...client },
          targets: [{ type: 'user', id: row.userId, name: row.displayName }],
          data: locked ? { lockedUntil: locked.toISOString(), scope: account.lockedUntil ? 'account' : 'source' } : { reason: refusal },
        });
        return locked;
      });
      if (lockedUntil) throw tooManyAttempts(lockedUntil, now);
      throw authError(401, 'BAD_CREDENTIALS');
    }
    // "SSO login only" binds people, not integrations: the external API's token still takes a password (decision 047).
    if (row.ssoLoginOnly && use === 'console') throw authError(403, 'SSO_REQUIRED');
    await users.recordSignIn(row.userId, now);
    await repo.clearSourceFailures(row.userId, source);
    const { passwordHash: _h, lockedUntil: _l, ...principal } = row;
    return principal;
  }

  /**
   * A new session for an admitted person: a random secret for the cookie, only its hash
   * stored. `idTokenJti` is the token it was opened with: a second session of it is refused.
   */
  async function startSession(principal: Principal, provider: SignInProvider, device: DeviceDetails, idTokenJti?: string) {
    const admitted = assertAdmitted(principal, provider);
    const now = clock.now();
    const secret = randomToken();
    const session = await db
      .transaction(async (tx) => {
        const opened = await sessions.insert(
          {
            userId: principal.userId,
            idTokenJti,
            tokenHash: hashSecret(secret),
            signInProvider: provider,
            deviceInfo: device.deviceInfo,
            ip: device.ip,
            userAgent: device.userAgent?.slice(0, 500) ?? null,
            now,
            expiresAt: new Date(now.getTime() + SESSION_MS),
          },
          tx,
        );
        const person = { id: principal.userId, name: principal.displayName };
        await recordEvent(tx, {
          action: 'session.signed_in',
          organizationId: principal.organizationId,
          actor: {
            type: 'user',
            ...person,
            ...(device.ip && { ip: device.ip }),
            ...(device.userAgent && { userAgent: device.userAgent.slice(0, 500) }),
          },
          targets: [{ type: 'session', id: opened.id, name: principal.displayName }],
          data: { provider },
        });
        return opened;
      })
      .catch((err: unknown) => {
        if (idTokenJti && isUniqueViolation(err, 'sessions_id_token_jti_unique')) throw invalidToken('ID_TOKEN_USED');
        throw err;
      });
    const auth: PersonContext = { ...admitted, sessionId: session.id, expiresAt: session.expiresAt };
    return { secret, auth, user: authenticatedUserOf(auth) };
  }

  return {
    authenticatePassword: checkPassword,
    assertAdmitted,
    startSession,
    /** A person as sign-in reads them, by id (a bearer idToken's subject). */
    findSignInUserById: (id: string) => repo.findSignInUserById(id),

    /** The password step of the sign-in form. */
    async passwordSignIn(email: string, password: string, client: RequestClient) {
      const principal = await checkPassword(email, password, client);
      assertAdmitted(principal, 'password');
      return idTokens.issue({ id: principal.userId, email: principal.email, displayName: principal.displayName }, 'password');
    },

    /** The e-mail step: the same answer for an address that has an account and one that has not. */
    async checkEmail(email: string): Promise<CheckResponse> {
      const domain = email.slice(email.lastIndexOf('@') + 1);
      const required = await repo.domainRequiresSso(domain);
      return { user: { email, temporary: true }, ssoData: { required, providers: ssoProviders } };
    },

    /**
     * POST auth: a console idToken becomes a browser session, once (a leaked token must not
     * open sessions for its hour). An external API token is no console token.
     */
    async openSession(req: SessionRequest) {
      const claims = await idTokens.verify(req.idToken);
      if (claims.purpose !== 'console' || !claims.email || claims.email.toLowerCase() !== req.email.trim().toLowerCase()) {
        throw invalidToken('INVALID_TOKEN');
      }
      const principal = await repo.findSignInUserById(claims.sub);
      if (!principal) throw new AppError(404, 'USER_NOT_FOUND', authErrorMessage('USER_NOT_FOUND', config.PRODUCT_NAME));
      // A token of the password a reset has replaced opens nothing.
      if (issuedBeforeRevocation(principal, claims)) throw invalidToken('INVALID_TOKEN');
      // "SSO login only" turned on since the password step: that token's time is over.
      if (principal.ssoLoginOnly && claims.signInProvider === 'password') throw authError(403, 'SSO_REQUIRED');
      return startSession(principal, claims.signInProvider, req, claims.jti);
    },

    /**
     * PUT auth/me/locale: the language the person chose in the console becomes theirs, the
     * language of the e-mails it sends them (a reset link, an invitation, a notice), and of
     * its people's invitations when neither the person nor the organization has one.
     */
    async setOwnLocale(auth: AuthContext, locale: ContentLocale): Promise<{ locale: ContentLocale }> {
      await db.transaction((tx) => recordChange(tx, ownLocaleChange(users, personOf(auth), locale, tx)));
      return { locale };
    },

    /** POST auth/validate-oauth: whether the credential `resolve` reads is good; a bad or missing one is "not valid", not an error. */
    async validate(resolve: () => Promise<PersonContext>) {
      try {
        return { validatorResponse: { valid: true, user: authenticatedUserOf(await resolve()) } };
      } catch (err) {
        // CSRF stays an error.
        if (err instanceof AppError && err.statusCode === 401) return { validatorResponse: { valid: false, user: null } };
        throw err;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function authenticatedUserOf(auth: PersonContext): AuthenticatedUser {
  return {
    uid: auth.userId,
    displayName: auth.displayName,
    email: auth.email,
    role: auth.role,
    allowedRoleTypes: auth.allowedRoleTypes,
    signInProvider: auth.signInProvider,
    organizationId: auth.organizationId,
    organizationName: auth.organizationName,
    isStaff: auth.isStaff,
    locale: auth.locale,
    expirationTime: auth.expiresAt.toISOString(),
  };
}

export function userInfoOf(user: AuthenticatedUser): UserInfoCookie {
  const { displayName, email, role, allowedRoleTypes, signInProvider, isStaff, expirationTime } = user;
  return { displayName, email, role, allowedRoleTypes, signInProvider, isStaff, expirationTime };
}
