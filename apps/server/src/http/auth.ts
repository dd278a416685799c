/**
 * The one authentication and permission mechanism of the API. Every route that needs a
 * signed-in person uses one of these as an `onRequest` hook (`requireCsrf` too):
 *   requireSignedIn        anyone admitted to the console (an Organizational Admin or staff)
 *   requireOrgAdmin        the regular area: an org_admin of an enabled organization
 *   requireStaff('read')   the Super area; requireStaff('update') for its writes
 * Each sets `request.auth`. The external API builds its context with resolveBearerUser
 * (its guard, external-api.auth.ts, is an `onRequest` hook as well).
 *
 * Why onRequest (decision 012): guards run before the body is read and before the route's
 * schema validates params, query and body, so a caller who may not use a route learns
 * nothing of its shape (401/403, never a 400 with validation details) and an upload is
 * not streamed for them. The guards need only headers and cookies (cookies are parsed by
 * @fastify/cookie's own onRequest hook, registered first); a check that needed the parsed
 * body would be a `preValidation` hook. Register new guards the same way.
 *
 * Cookie-authenticated unsafe requests must carry the CSRF header and, when the browser
 * sends an Origin, come from the console's own origin.
 */
import { hash } from 'node:crypto';
import {
  type AllowedRoleType,
  authErrorMessage,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ID_TOKEN_COOKIE,
  isStaffUser,
  type OrgRole,
  type SignInProvider,
  USER_INFO_COOKIE,
  type UserInfoCookie,
} from '@console/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { OrgCache } from '../db/org-cache.js';
import { type AppDeps, type Clock, systemClock } from '../deps.js';
import { findSignInUserById, type Principal } from '../modules/auth/auth.repository.js';
import type { IdTokenClaims } from '../modules/auth/id-token.js';
import { findSessionPrincipal, touchSession } from '../modules/auth/sessions.repository.js';
import type { AuthContext } from './auth-context.js';
import { AppError, Forbidden, Unauthenticated, ValidationError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app was built from; the guards reach the database and clock through it. */
    deps: AppDeps;
  }
}

/** Activity is stamped on a session at most this often by ordinary requests. */
const ACTIVITY_STAMP_MS = 60_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const clockOf = (deps: AppDeps): Clock => deps.clock ?? systemClock;

/** Session secrets and one-time tokens are stored only as this hash. */
export function hashSecret(secret: string): string {
  // The one-shot hash: no Hash object per call (it is on every external API call's path).
  return hash('sha256', secret, 'base64url');
}

export function toAuthContext(
  p: Principal,
  signInProvider: SignInProvider,
  config: Config,
  extra: { via: AuthContext['via']; expiresAt: Date; sessionId?: string },
): AuthContext {
  const allowedRoleTypes = p.allowedRoleTypes as AllowedRoleType[];
  return {
    userId: p.userId,
    organizationId: p.organizationId,
    email: p.email,
    displayName: p.displayName,
    organizationName: p.organizationName,
    locale: p.locale,
    role: p.role as OrgRole,
    allowedRoleTypes,
    signInProvider,
    isStaff: isStaffUser({ email: p.email, allowedRoleTypes, signInProvider }, config.STAFF_EMAIL_DOMAIN),
    ...extra,
  };
}

/** Who may use the console at all: Organizational Admins and staff (decisions.md, "Roles"). */
export function isAdmitted(ctx: Pick<AuthContext, 'role' | 'isStaff'>): boolean {
  return ctx.isStaff || ctx.role === 'org_admin';
}

export function notAuthorized(config: Config): AppError {
  return new Forbidden(authErrorMessage('NOT_AUTHORIZED', config.PRODUCT_NAME), 'NOT_AUTHORIZED');
}

/** Refuses a cross-site write: the header a page on another site cannot send, and the Origin. */
export function checkCsrf(request: FastifyRequest, config: Config): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const refuse = () => new Forbidden(authErrorMessage('CSRF', config.PRODUCT_NAME), 'CSRF');
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw refuse();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = [new URL(config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`];
  if (!allowed.includes(origin)) throw refuse();
}

export async function requireCsrf(request: FastifyRequest): Promise<void> {
  checkCsrf(request, request.server.deps.config);
}

/** The browser session of the id-token cookie; 401 SESSION_REVOKED when it was closed elsewhere. */
export async function resolveSession(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  const { deps } = request.server;
  const secret = request.cookies[ID_TOKEN_COOKIE];
  if (!secret) throw new Unauthenticated();
  checkCsrf(request, deps.config);
  const now = clockOf(deps).now();
  const row = await findSessionPrincipal(deps.database.db, hashSecret(secret));
  const ended = (err: AppError) => {
    clearSessionCookies(reply, deps.config);
    return err;
  };
  if (!row) throw ended(new Unauthenticated());
  if (row.revokedAt) throw ended(new Unauthenticated(authErrorMessage('SESSION_REVOKED', deps.config.PRODUCT_NAME), 'SESSION_REVOKED'));
  if (row.expiresAt <= now || row.userDisabledAt || row.organizationDisabledAt) throw ended(new Unauthenticated());
  if (now.getTime() - row.lastActivityAt.getTime() >= ACTIVITY_STAMP_MS) {
    await touchSession(deps.database.db, row.sessionId, now, ACTIVITY_STAMP_MS);
  }
  return toAuthContext(row, row.signInProvider as SignInProvider, deps.config, {
    via: 'session',
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
  });
}

/** The context a guard above set: a route behind requireOrgAdmin (or another guard) reads it with this. */
export function authOf(request: { auth?: AuthContext }): AuthContext {
  if (!request.auth) throw new Unauthenticated();
  return request.auth;
}

/** A person of the console (Organizational Admin or staff). */
export async function requireSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = await resolveSession(request, reply);
  if (!isAdmitted(auth)) throw notAuthorized(request.server.deps.config);
  request.auth = auth;
}

/** The regular area: an Organizational Admin, who sees only their own organization's data. */
export async function requireOrgAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const auth = await resolveSession(request, reply);
  if (auth.role !== 'org_admin') throw new Forbidden('Only Organizational Admins can use this.');
  request.auth = auth;
}

/** Staff allowed to `read` (any allowed role type) or to `update` (that type). */
export function hasStaffRole(auth: AuthContext, type: AllowedRoleType): boolean {
  if (!auth.isStaff) return false;
  return type === 'read' ? auth.allowedRoleTypes.length > 0 : auth.allowedRoleTypes.includes('update');
}

/** The Super area: staff; `update` is needed for every write there. */
export function requireStaff(type: AllowedRoleType) {
  return async function requireStaffRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const auth = await resolveSession(request, reply);
    if (!auth.isStaff) throw new Forbidden('Only staff can use the Super area.');
    if (!hasStaffRole(auth, type)) throw new Forbidden('Your staff role allows reading only.');
    request.auth = auth;
  };
}

/**
 * The person behind a bearer idToken (external API). The caller adds its own checks
 * (the apiKey's organization, the API roles). `users` (by user id) saves the user's
 * look-up while the change feed reports no change of their organization.
 */
export async function resolveBearerUser(deps: AppDeps, idToken: string, users?: OrgCache<Principal>): Promise<AuthContext> {
  const claims = await deps.idTokens.verify(idToken);
  const load = async (): Promise<Principal | undefined> => {
    const found = await findSignInUserById(deps.database.db, claims.sub);
    if (!found) return undefined;
    // Secrets stay out of memory: the password hash is not needed past sign-in.
    const { passwordHash: _p, lockedUntil: _l, ...principal } = found;
    return principal;
  };
  const row = users ? await users.through(claims.sub, load, (p) => p.organizationId) : await load();
  if (!row || row.userDisabledAt || row.organizationDisabledAt) {
    throw new Unauthenticated(authErrorMessage('INVALID_TOKEN', deps.config.PRODUCT_NAME), 'INVALID_TOKEN');
  }
  return toAuthContext(row, claims.signInProvider, deps.config, { via: 'api', expiresAt: new Date(claims.exp * 1000) });
}

/**
 * resolveBearerUser from memory alone: the token verified before and its user cached, enabled.
 * Undefined when anything is missing (resolveBearerUser then decides, with its refusals).
 */
export function peekBearerUser(
  deps: AppDeps & { idTokens: { peek(token: string): IdTokenClaims | undefined } },
  idToken: string,
  users: OrgCache<Principal>,
): AuthContext | undefined {
  const claims = deps.idTokens.peek(idToken);
  const row = claims && users.get(claims.sub);
  if (!claims || !row || row.userDisabledAt || row.organizationDisabledAt) return undefined;
  const made = bearerContexts.get(claims);
  if (made?.row === row) return made.auth;
  const auth = Object.freeze(
    toAuthContext(row, claims.signInProvider, deps.config, { via: 'api', expiresAt: new Date(claims.exp * 1000) }),
  );
  bearerContexts.set(claims, { row, auth });
  return auth;
}

/**
 * peekBearerUser's context per verified token, made again only when the cached user row is
 * another (read again after a change): an integration's every call would otherwise build
 * the same object. Frozen, as it is shared between calls.
 */
const bearerContexts = new WeakMap<IdTokenClaims, { row: Principal; auth: AuthContext }>();

/** Refuses one organization's user reaching another's data (404: its existence is not theirs to know). */
export function assertSameOrganization(auth: AuthContext, organizationId: string | undefined, what = 'Not found.'): void {
  if (!organizationId || organizationId !== auth.organizationId) throw new AppError(404, 'NOT_FOUND', what);
}

const MAX_REDIRECT = 2000;

/** A same-origin path (`/x?y#z`) or null: never another host, scheme or protocol-relative URL. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT) return null;
  // Browsers treat a backslash as a slash ("/\evil.com") and drop control characters.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return null;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

export function assertSafeRedirect(value: unknown, fallback = '/dashboard'): string {
  if (value === undefined || value === '') return fallback;
  const path = safeRedirectPath(value);
  if (!path) throw new ValidationError('Redirects to other hosts are not allowed.', undefined, 'BAD_REDIRECT');
  return path;
}

function cookieBase(config: Config, expires: Date) {
  return { path: '/', sameSite: 'lax' as const, secure: config.PUBLIC_URL.startsWith('https:'), expires };
}

export function setSessionCookies(reply: FastifyReply, config: Config, secret: string, info: UserInfoCookie, expires: Date): void {
  reply.setCookie(ID_TOKEN_COOKIE, secret, { ...cookieBase(config, expires), httpOnly: true });
  reply.setCookie(USER_INFO_COOKIE, JSON.stringify(info), { ...cookieBase(config, expires), httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const base = cookieBase(config, new Date(0));
  reply.clearCookie(ID_TOKEN_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(USER_INFO_COOKIE, base);
}
