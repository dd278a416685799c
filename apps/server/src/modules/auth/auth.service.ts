/**
 * Sign-in and sessions: password checks with lockout, console admission, opening and
 * closing browser sessions.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthenticatedUser,
  authErrorMessage,
  type CheckResponse,
  SESSION_DAYS,
  type SignInProvider,
  type SsoProvider,
  type UserInfoCookie,
} from '@console/contracts';
import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { AppError, Forbidden, Unauthenticated } from '../../http/errors.js';
import { hashSecret } from '../../http/secrets.js';
import {
  domainRequiresSso,
  findSignInUserByEmail,
  findSignInUserById,
  type Principal,
  recordFailedAttempt,
  recordSuccessfulSignIn,
} from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { isAdmitted, notAuthorized, toAuthContext } from './principal.js';
import { insertSession } from './sessions.repository.js';

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60_000;

/** A hash to verify against when the e-mail is unknown, so both take the same time. */
let decoyHash: Promise<string> | undefined;

function authError(deps: AppDeps, status: number, code: Parameters<typeof authErrorMessage>[0], headers?: Record<string, string>) {
  return new AppError(status, code, authErrorMessage(code, deps.config.PRODUCT_NAME), undefined, headers);
}

function tooManyAttempts(deps: AppDeps, lockedUntil: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return authError(deps, 429, 'TOO_MANY_ATTEMPTS', { 'retry-after': String(seconds) });
}

/**
 * E-mail and password to the person, counting failures: 10 in 15 minutes lock the account
 * for 15 minutes. No console admission here: the external API's token endpoint uses it too.
 */
export async function authenticatePassword(deps: AppDeps, email: string, password: string): Promise<Principal> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const row = await findSignInUserByEmail(db, email);
  if (!row) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await decoyHash);
    throw authError(deps, 401, 'BAD_CREDENTIALS');
  }
  if (row.lockedUntil && row.lockedUntil > now) throw tooManyAttempts(deps, row.lockedUntil, now);
  if (!(await verifyPassword(password, row.passwordHash))) {
    const { lockedUntil } = await recordFailedAttempt(db, row.userId, now);
    if (lockedUntil) throw tooManyAttempts(deps, lockedUntil, now);
    throw authError(deps, 401, 'BAD_CREDENTIALS');
  }
  if (row.userDisabledAt || row.organizationDisabledAt) throw notAuthorized(deps.config);
  if (row.ssoLoginOnly) throw authError(deps, 403, 'SSO_REQUIRED');
  await recordSuccessfulSignIn(db, row.userId, now);
  const { passwordHash: _h, lockedUntil: _l, ...principal } = row;
  return principal;
}

/** Refuses anyone the console is not for, with the spec's "not authorized" message. */
export function assertAdmitted(deps: AppDeps, principal: Principal, provider: SignInProvider): AuthContext {
  const ctx = toAuthContext(principal, provider, deps.config, { via: 'session', expiresAt: new Date(0) });
  if (principal.userDisabledAt || principal.organizationDisabledAt || !isAdmitted(ctx)) throw notAuthorized(deps.config);
  return ctx;
}

/** The password step of the sign-in form. */
export async function passwordSignIn(deps: AppDeps, email: string, password: string) {
  const principal = await authenticatePassword(deps, email, password);
  assertAdmitted(deps, principal, 'password');
  return deps.idTokens.issue({ id: principal.userId, email: principal.email, displayName: principal.displayName }, 'password');
}

/** The e-mail step: the same answer for an address that has an account and one that has not. */
export async function checkEmail(deps: AppDeps, email: string, providers: SsoProvider[]): Promise<CheckResponse> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const required = await domainRequiresSso(deps.database.db, domain);
  return { user: { email, temporary: true }, ssoData: { required, providers } };
}

export interface DeviceDetails {
  deviceInfo?: unknown;
  ip: string | null;
  userAgent: string | null;
}

export interface SessionRequest extends DeviceDetails {
  idToken: string;
  email: string;
}

/** POST auth: an idToken becomes a browser session. */
export async function openSession(deps: AppDeps, req: SessionRequest) {
  const claims = await deps.idTokens.verify(req.idToken);
  if (!claims.email || claims.email.toLowerCase() !== req.email.trim().toLowerCase()) {
    throw new Unauthenticated(authErrorMessage('INVALID_TOKEN', deps.config.PRODUCT_NAME), 'INVALID_TOKEN');
  }
  const principal = await findSignInUserById(deps.database.db, claims.sub);
  if (!principal) throw new AppError(404, 'USER_NOT_FOUND', authErrorMessage('USER_NOT_FOUND', deps.config.PRODUCT_NAME));
  return startSession(deps, principal, claims.signInProvider, req);
}

/** A new session for an admitted person: a random secret for the cookie, only its hash stored. */
export async function startSession(deps: AppDeps, principal: Principal, provider: SignInProvider, device: DeviceDetails) {
  const admitted = assertAdmitted(deps, principal, provider);
  const now = deps.clock.now();
  const secret = randomBytes(32).toString('base64url');
  const session = await insertSession(deps.database.db, {
    userId: principal.userId,
    tokenHash: hashSecret(secret),
    signInProvider: provider,
    deviceInfo: device.deviceInfo,
    ip: device.ip,
    userAgent: device.userAgent?.slice(0, 500) ?? null,
    now,
    expiresAt: new Date(now.getTime() + SESSION_MS),
  });
  const auth: AuthContext = { ...admitted, sessionId: session.id, expiresAt: session.expiresAt };
  return { secret, auth, user: authenticatedUserOf(auth) };
}

export function authenticatedUserOf(auth: AuthContext): AuthenticatedUser {
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
  const { displayName, email, allowedRoleTypes, signInProvider, isStaff, expirationTime } = user;
  return { displayName, email, allowedRoleTypes, signInProvider, isStaff, expirationTime };
}

/** Only the signed-in user may report their own activity. */
export function assertSelf(auth: AuthContext, userId: string): void {
  if (auth.userId !== userId) throw new Forbidden('You can only report your own activity.');
}
