/**
 * Who is calling, made from the user's row: the AuthContext every guard sets and every
 * service receives, and the rules read off it (admitted to the console, staff roles, the
 * caller's own organization). The external API builds it from a bearer idToken here too.
 */
import {
  type AllowedRoleType,
  type AppAccountDetails,
  authErrorMessage,
  consoleRoles,
  isStaffDomainAddress,
  isStaffUser,
  type OrgRole,
  type SignInProvider,
} from '@console/contracts';
import type { Config } from '../../config.js';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, notAuthorized, type PersonContext } from '../../http/auth-context.js';
import { AppError, Unauthenticated } from '../../http/errors.js';
import type { AuthRepository, Principal } from './auth.repository.js';
import type { IdTokenClaims } from './id-token.js';

/** A person as sign-in reads them: user, organization, "SSO login only". */
export type { Principal };

export function toAuthContext(
  p: Principal,
  signInProvider: SignInProvider,
  config: Config,
  extra: { via: AuthContext['via']; expiresAt: Date; sessionId?: string },
): PersonContext {
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

/** Where an organization's people of the platform's app sign in: its own address, else the installation's; null when neither is set. */
export function platformAppUrlOf(organizationAppUrl: string | null | undefined, config: Pick<Config, 'PLATFORM_APP_URL'>): string | null {
  return organizationAppUrl ?? config.PLATFORM_APP_URL ?? null;
}

/**
 * Why the console refuses a person whose password (or provider) was right: someone who works
 * in the platform's app (a role the console is not for, an address outside the staff domain,
 * enabled) is told that the console is for administrators and where their app is
 * (403 APP_ACCOUNT); anyone else gets "not authorized". A disabled person never reaches here
 * with a password (refused as a wrong one), and gets "not authorized" from a provider.
 */
export function refusalOf(principal: Principal, config: Config): AppError {
  const worksInApp =
    !principal.userDisabledAt &&
    !principal.organizationDisabledAt &&
    !(consoleRoles as readonly string[]).includes(principal.role) &&
    !(principal.email && isStaffDomainAddress(principal.email, config.STAFF_EMAIL_DOMAIN));
  if (!worksInApp) return notAuthorized(config);
  const details: AppAccountDetails = {
    appUrl: platformAppUrlOf(principal.organizationAppUrl, config),
    organizationName: principal.organizationName,
  };
  return new AppError(403, 'APP_ACCOUNT', authErrorMessage('APP_ACCOUNT', config.PRODUCT_NAME), details);
}

/** Refuses one organization's user reaching another's data (404: its existence is not theirs to know). */
export function assertSameOrganization(auth: AuthContext, organizationId: string | undefined, what = 'Not found.'): void {
  if (!organizationId || organizationId !== auth.organizationId) throw new AppError(404, 'NOT_FOUND', what);
}

/** What resolving a bearer idToken reads: the config, the token's verifier and the people as sign-in reads them. */
export type BearerDeps = Pick<AppDeps, 'config' | 'idTokens'> & { signInUsers: Pick<AuthRepository, 'findSignInUserById'> };

/**
 * The person behind a bearer idToken (external API). The caller adds its own checks
 * (the apiKey's organization, the API roles). `users` (by user id) saves the user's
 * look-up while the change feed reports no change of their organization.
 */
export async function resolveBearerUser(deps: BearerDeps, idToken: string, users?: OrgCache<Principal>): Promise<PersonContext> {
  const claims = await deps.idTokens.verify(idToken);
  const load = async (): Promise<Principal | undefined> => {
    const found = await deps.signInUsers.findSignInUserById(claims.sub);
    if (!found) return undefined;
    // Secrets stay out of memory: the password hash is not needed past sign-in.
    const { passwordHash: _p, lockedUntil: _l, ...principal } = found;
    return principal;
  };
  const row = await readThrough(users, claims.sub, load, (p) => p.organizationId);
  if (!row || row.userDisabledAt || row.organizationDisabledAt || tokenRefused(row, claims)) {
    throw new Unauthenticated(authErrorMessage('INVALID_TOKEN', deps.config.PRODUCT_NAME), 'INVALID_TOKEN');
  }
  return toAuthContext(row, claims.signInProvider, deps.config, { via: 'api', expiresAt: new Date(claims.exp * 1000) });
}

/** A token its user's row refuses: a console password token under "SSO login only", or one a password reset ended. */
function tokenRefused(row: Principal, claims: IdTokenClaims): boolean {
  return passwordTokenRefused(row, claims) || issuedBeforeRevocation(row, claims);
}

/**
 * A console token from a password sign-in of an organization now "SSO login only" stops
 * working at once, though it has not expired (the setting's change makes the user caches
 * forget). The external API's tokens (purpose `api`) go on: the switch binds people, not
 * integrations (docs/decisions/047-api-integrations-under-sso-only.md).
 */
function passwordTokenRefused(row: Principal, claims: IdTokenClaims): boolean {
  return row.ssoLoginOnly && claims.signInProvider === 'password' && claims.purpose !== 'api';
}

/** A token issued until its user's password was reset no longer works, console or API, nor opens a session (decision 051). */
export function issuedBeforeRevocation(row: Pick<Principal, 'idTokensRevokedAt'>, claims: Pick<IdTokenClaims, 'issuedAt'>): boolean {
  return row.idTokensRevokedAt !== null && claims.issuedAt.getTime() <= row.idTokensRevokedAt.getTime();
}

/**
 * resolveBearerUser from memory alone: the token verified before and its user cached, enabled.
 * Undefined when anything is missing (resolveBearerUser then decides, with its refusals).
 */
export function peekBearerUser(
  deps: Pick<AppDeps, 'config'> & { idTokens: { peek(token: string): IdTokenClaims | undefined } },
  idToken: string,
  users: OrgCache<Principal>,
): PersonContext | undefined {
  const claims = deps.idTokens.peek(idToken);
  const row = claims && users.get(claims.sub);
  if (!claims || !row || row.userDisabledAt || row.organizationDisabledAt || tokenRefused(row, claims)) return undefined;
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
const bearerContexts = new WeakMap<IdTokenClaims, { row: Principal; auth: PersonContext }>();
