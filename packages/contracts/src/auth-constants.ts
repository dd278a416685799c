/**
 * The sign-in and session constants, without zod: the web app's first page imports
 * these and nothing heavier (auth.ts re-exports them for everyone else).
 */

import type { appConfigRoutes } from './app-config.js';
import type { authRoutes, ssoRoutes } from './auth.js';
import type { ssoConnectionSignInRoutes } from './sso-connections.js';

export const SIGN_IN_PASSWORD_MIN = 6;
export const ID_TOKEN_COOKIE = 'id-token';
export const USER_INFO_COOKIE = 'userInfo';
export const SESSION_DAYS = 3;
/** Every cookie-authenticated call from the web app sends this header (CSRF defence). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'console';

/**
 * Why a session ended, in the `details.reason` of its 401 SESSION_REVOKED, so the person is
 * told what happened: signed out on another device (or that device signed out by its owner),
 * by an administrator, by "SSO login only", by the organization or the user being disabled,
 * or by a password reset.
 */
export const sessionEndReasons = [
  'signed_out',
  'administrator',
  'sso_required',
  'organization_disabled',
  'user_disabled',
  'password_reset',
] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** The English message of a SESSION_REVOKED for each reason (the web app says it in the person's language). */
export const sessionEndMessages: Record<SessionEndReason, string> = {
  signed_out: 'Your session was closed from another device.',
  administrator: 'An administrator ended your session.',
  sso_required: 'Your organization now signs in only with single sign-on.',
  organization_disabled: 'Your organization was disabled.',
  user_disabled: 'Your account was disabled.',
  password_reset: 'Your password was reset, which ended every session.',
};

/** The spec's length of the first admin's password (auth.ts has the rest of its rules). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 25;
/** The length of a passphrase people choose for themselves (auth.ts: ownPassword, decision 068). */
export const OWN_PASSWORD_MIN = PASSWORD_MIN;
export const OWN_PASSWORD_MAX = 128;

/** How long an invitation link works. */
export const INVITATION_DAYS = 14;
export const invitationLinkStates = ['valid', 'used', 'replaced', 'expired', 'invalid'] as const;
export type InvitationLinkState = (typeof invitationLinkStates)[number];

/** Single sign-on providers (OpenID Connect), each enabled by configuration. */
export const ssoProviders = ['google', 'microsoft', 'oidc'] as const;

/**
 * Method, path and operation id of the calls the web app makes on a first page, before any
 * screen that needs zod (the app config, the session check, the sign-in page, a sign-in
 * link's landing page, logout, and the pages an e-mail opens: an invitation, a password reset):
 * decision 004 keeps zod off the first page. `authRoutes`,
 * `ssoRoutes` (auth.ts) and `appConfigRoutes` (app-config.ts) complete each with its
 * schemas, so each is still written once.
 */
export const firstPageCalls = {
  appConfig: { method: 'GET', path: '/app-config', operationId: 'getAppConfig' },
  checkEmail: { method: 'GET', path: '/auth/:provider/check', operationId: 'checkSignInEmail' },
  signIn: { method: 'POST', path: '/auth/sign-in', operationId: 'signInWithPassword' },
  redeemSignInLink: { method: 'POST', path: '/auth/custom', operationId: 'signInWithLink' },
  createSession: { method: 'POST', path: '/auth', operationId: 'createSession' },
  me: { method: 'GET', path: '/auth/me', operationId: 'getCurrentUser' },
  trackActivity: { method: 'POST', path: '/auth/track-activity', operationId: 'trackActivity' },
  setOwnLocale: { method: 'PUT', path: '/auth/me/locale', operationId: 'setOwnLocale' },
  logout: { method: 'DELETE', path: '/logout', operationId: 'logout' },
  startSso: { method: 'GET', path: '/auth/:provider/start', operationId: 'startSingleSignOn' },
  discoverSso: { method: 'POST', path: '/auth/sso/discover', operationId: 'discoverSsoConnections' },
  startSsoConnection: { method: 'GET', path: '/auth/sso/connections/:id/start', operationId: 'startSsoConnectionSignIn' },
  // The pages an e-mail opens: a worker's phone loads them first, and often only them.
  checkInvitation: { method: 'GET', path: '/auth/invitation', operationId: 'checkInvitation' },
  acceptInvitation: { method: 'POST', path: '/auth/invitation/accept', operationId: 'acceptInvitation' },
  activateInvitation: { method: 'POST', path: '/auth/invitation/activate', operationId: 'activateInvitation' },
  requestPasswordReset: { method: 'POST', path: '/auth/password-reset/request', operationId: 'requestPasswordReset' },
  checkPasswordReset: { method: 'POST', path: '/auth/password-reset/check', operationId: 'checkPasswordReset' },
  resetPassword: { method: 'POST', path: '/auth/password-reset', operationId: 'resetPassword' },
} as const;

/**
 * The same objects typed as their complete definitions, for the web's `api()` and `apiHref()`,
 * which read only the method and the path: the types come from the route tables, the
 * schemas stay out of the bundle.
 */
export const firstPageRoutes = firstPageCalls as unknown as Pick<
  typeof authRoutes,
  | 'checkEmail'
  | 'signIn'
  | 'redeemSignInLink'
  | 'createSession'
  | 'me'
  | 'trackActivity'
  | 'setOwnLocale'
  | 'logout'
  | 'checkInvitation'
  | 'acceptInvitation'
  | 'activateInvitation'
  | 'requestPasswordReset'
  | 'checkPasswordReset'
  | 'resetPassword'
> & {
  appConfig: typeof appConfigRoutes.get;
  startSso: typeof ssoRoutes.start;
  discoverSso: typeof ssoConnectionSignInRoutes.discover;
  startSsoConnection: typeof ssoConnectionSignInRoutes.start;
};
