/**
 * Sign-in and sessions. The server is its own identity provider: a sign-in (password,
 * SSO, custom link, invitation) yields an idToken (a signed JWT, 1 hour); POST /auth with
 * that idToken opens a browser session and sets the cookies:
 *   id-token  HttpOnly, SameSite=Lax, 3 days: references the server-side session
 *   userInfo  readable by scripts, display data only (userInfoCookie below)
 */
import { z } from 'zod';
import {
  firstPageCalls,
  invitationLinkStates,
  OWN_PASSWORD_MAX,
  OWN_PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_IN_PASSWORD_MIN,
  ssoProviders,
} from './auth-constants.js';
import { emailText } from './email-domain.js';
import { contentLocales } from './locales.js';
import { allowedRoleType, orgRole, signInProvider } from './roles.js';
import { route } from './route.js';
import { text } from './text.js';

export * from './auth-constants.js';

export const ssoProvider = z.enum(ssoProviders);
export type SsoProvider = z.infer<typeof ssoProvider>;

/** An address typed to sign in, or to ask for a new password: normalized as the console stores addresses (normalizeEmail). */
export const signInEmail = emailText().min(1, 'required').email('email');
export const signInPassword = text().min(1, 'required').min(SIGN_IN_PASSWORD_MIN, 'passwordMin');

export const authenticatedUser = z.object({
  uid: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: orgRole,
  allowedRoleTypes: z.array(allowedRoleType),
  signInProvider: signInProvider,
  organizationId: z.uuid(),
  organizationName: z.string(),
  /** Staff by the rule of docs/product.md, "Roles and access": may open the Super area. */
  isStaff: z.boolean(),
  locale: z.string().nullable(),
  /** When the session ends (ISO 8601). */
  expirationTime: z.string(),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUser>;

/** What the readable userInfo cookie holds (JSON): enough to route (the role: which area the person may use), nothing secret. */
export const userInfoCookie = authenticatedUser.pick({
  displayName: true,
  email: true,
  role: true,
  allowedRoleTypes: true,
  signInProvider: true,
  isStaff: true,
  expirationTime: true,
});
export type UserInfoCookie = z.infer<typeof userInfoCookie>;

/** GET auth/{provider}/check?email= : the e-mail step. Never reveals whether the account exists. */
export const checkParams = z.object({ provider: signInProvider });
export const checkQuery = z.object({ email: signInEmail });
export const checkResponse = z.object({
  user: z.object({ email: z.string(), temporary: z.literal(true) }),
  ssoData: z.object({
    required: z.boolean().describe("The e-mail's domain belongs to an organization that allows only single sign-on"),
    providers: z.array(ssoProvider).describe('The single sign-on providers configured on this server'),
  }),
});
export type CheckResponse = z.infer<typeof checkResponse>;

/** POST auth/sign-in: e-mail and password for an idToken (the web's password step). */
export const passwordSignInBody = z.object({ email: signInEmail, password: signInPassword });
export const idTokenResponse = z.object({ idToken: z.string(), expiresIn: z.number().int().describe('Seconds') });

export const deviceInfo = z
  .object({
    userAgent: text().max(500).optional(),
    platform: text().max(100).optional(),
    language: text().max(35).optional(),
  })
  .partial();

/** POST auth: opens the browser session from an idToken. */
export const createSessionBody = z.object({
  idToken: text().min(1).max(4096),
  email: emailText().email(),
  deviceInfo: deviceInfo.optional(),
});
export const userResponse = z.object({ user: authenticatedUser });

/**
 * The spec's password policy, kept where the spec puts it: the first Organizational Admin's
 * password that staff type when they create an organization (organizations.ts). 10 to 25
 * characters, a digit, an uppercase and a lowercase letter, a special character, no
 * whitespace. Messages are i18n keys.
 */
export const firstAdminPassword = text()
  .min(PASSWORD_MIN, 'passwordTooShort')
  .max(PASSWORD_MAX, 'passwordTooLong')
  .regex(/\p{N}/u, 'passwordNeedsDigit')
  .regex(/\p{Lu}/u, 'passwordNeedsUppercase')
  .regex(/\p{Ll}/u, 'passwordNeedsLowercase')
  .regex(/[^\p{L}\p{N}\s]/u, 'passwordNeedsSpecial')
  .refine((v) => !/\s/u.test(v), 'passwordNoWhitespace');

/**
 * A password people choose for themselves (an invitation's, a reset's): a passphrase as
 * NIST SP 800-63B has it, a length and nothing else. Any character a text may hold, spaces
 * included, none required; at most OWN_PASSWORD_MAX, so a passphrase of a few sentences
 * fits and a megabyte is not hashed (decision 068).
 */
export const ownPassword = text().min(OWN_PASSWORD_MIN, 'passwordTooShort').max(OWN_PASSWORD_MAX, 'passwordTooLong');

/** POST auth/custom: a one-time sign-in link's token for an idToken. */
export const customTokenBody = z.object({ token: text().min(10).max(2048) });

/** POST auth/invitation/accept: set a password with an invitation token; returns an idToken. */
/** An invitation's token and the password chosen with it: for the console (accept) and for the platform (activate). */
export const invitationPasswordBody = z.object({ token: text().min(10).max(200), password: ownPassword });

/**
 * An invitation link's state, asked for as its page loads (GET auth/invitation?token=):
 * valid, used (the password was chosen with it), replaced (a newer invitation was sent),
 * expired (14 days passed) or invalid (unknown, or the person or organization was disabled).
 */
export const invitationLinkState = z.enum(invitationLinkStates);
/**
 * Where an invited person will work: `console` (Organizational Admins and staff: this
 * console) or `app` (every other role: the platform's app, PLATFORM_APP_URL).
 */
export const invitationAccess = z.enum(['console', 'app']);
export type InvitationAccess = z.infer<typeof invitationAccess>;
export const invitationCheckQuery = z.object({ token: text().min(10).max(200) });
export const invitationCheckResponse = z.object({
  state: invitationLinkState,
  /** Only while the link is valid: whose account it opens, and where they will use it. */
  invitation: z
    .object({
      displayName: z.string(),
      email: z.string(),
      organizationName: z.string(),
      access: invitationAccess,
      /** The platform's app of the person's organization (its own address, else PLATFORM_APP_URL); null when neither is set. */
      appUrl: z.string().nullable(),
    })
    .optional(),
});
export type InvitationCheckResponse = z.infer<typeof invitationCheckResponse>;

/** POST auth/invitation/activate: the password of someone who uses the platform's app, not this console; no session. */
export const activateInvitationResponse = z.object({
  activated: z.literal(true),
  email: z.string(),
  /** Where the account is used: the organization's app address, else PLATFORM_APP_URL; null when neither is set. */
  appUrl: z.string().nullable(),
});

/**
 * `details` of 403 APP_ACCOUNT: the right password of someone who works in the platform's
 * app (a Viewer, Publisher, Workspace Admin), told where that app is rather than "not authorized".
 */
export const appAccountDetails = z.object({ appUrl: z.string().nullable(), organizationName: z.string() });
export type AppAccountDetails = z.infer<typeof appAccountDetails>;

export const trackActivityBody = z.object({
  idToken: text().optional(),
  userId: text(),
  email: text().nullable(),
  deviceInfo: deviceInfo.optional(),
});

/** POST auth/validate-oauth: is this idToken (or, without one, the session cookie) good? */
export const validateOauthBody = z.object({ idToken: text().optional() });
export const validateOauthResponse = z.object({
  validatorResponse: z.object({ valid: z.boolean(), user: authenticatedUser.nullable() }),
});

export const sessionView = z.object({
  id: z.uuid(),
  current: z.boolean(),
  deviceInfo: deviceInfo.nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export const sessionsResponse = z.object({ sessions: z.array(sessionView) });
/** An organization admin may list the sessions of a user of the same organization. */
export const sessionsQuery = z.object({ userId: z.uuid().optional() });
export const sessionParams = z.object({ id: z.uuid() });
export const revokedSessionResponse = z.object({ revokedSession: z.object({ id: z.uuid() }) });
export const logoutResponse = z.object({ loggedOut: z.literal(true) });

/**
 * Forgotten passwords (docs/product.md, "Identity and sessions"; decision 051). The request
 * answers the same whether or not the address has an account; the link's token is checked
 * when its page loads, then used once to set the new password.
 */
/** PUT auth/me/locale: the signed-in person's own language, of the e-mails the console sends them. */
export const ownLocaleBody = z.object({
  locale: z.enum(contentLocales).describe("The person's language: the console's e-mails to them are written in it"),
});

export const passwordResetRequestBody = z.object({
  email: signInEmail,
  locale: z
    .enum(contentLocales)
    .optional()
    .describe("The language of the page the request came from: the e-mail's, for a person who has no language of their own"),
});
export const passwordResetRequestResponse = z.object({ requested: z.literal(true) });
export const passwordResetTokenBody = z.object({ token: text().min(10).max(200) });
export const passwordResetCheckResponse = z.object({ email: z.string() });
export const passwordResetBody = z.object({ token: text().min(10).max(200), password: ownPassword });
export const passwordResetResponse = z.object({
  passwordReset: z.literal(true),
  ssoLoginOnly: z.boolean().describe('The organization signs in with single sign-on only: the password serves the external API'),
});
export const trackActivityResponse = z.object({ lastActivityAt: z.string() });

/** The public keys that verify idTokens (RFC 7517). */
export const jwksResponse = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** GET auth/{provider}/start?redirect=/path&email=: a full-page trip to the provider (302). */
export const ssoParams = z.object({ provider: ssoProvider });
export const ssoStartQuery = z.object({ redirect: text().max(2000).optional(), email: emailText().email().optional() });

/** Error codes of sign-in (docs/product.md, "Messages"); the web app translates them. */
export const authErrorCodes = {
  notAuthorized: 'NOT_AUTHORIZED',
  appAccount: 'APP_ACCOUNT',
  badCredentials: 'BAD_CREDENTIALS',
  userNotFound: 'USER_NOT_FOUND',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  ssoRequired: 'SSO_REQUIRED',
  sessionRevoked: 'SESSION_REVOKED',
  logoutFailed: 'LOGOUT_FAILED',
  invalidToken: 'INVALID_TOKEN',
  idTokenUsed: 'ID_TOKEN_USED',
  csrf: 'CSRF',
  badRedirect: 'BAD_REDIRECT',
  ssoFailed: 'SSO_FAILED',
  passwordResetInvalid: 'PASSWORD_RESET_INVALID',
  invitationInvalid: 'INVITATION_INVALID',
} as const;
export type AuthErrorCode = (typeof authErrorCodes)[keyof typeof authErrorCodes];

/** The English messages of those codes (docs/product.md, "Messages", where it gives one). */
export const authErrorMessages: Record<AuthErrorCode, string> = {
  NOT_AUTHORIZED: 'This email information was not authorized on your {product} network',
  APP_ACCOUNT: 'This console is for administrators. Your account works in the {product} app: sign in there.',
  BAD_CREDENTIALS: 'Your credentials are not correct',
  USER_NOT_FOUND: 'User was not found',
  TOO_MANY_ATTEMPTS: 'Account of user has been temporarily disabled due to many failed login attempts',
  SSO_REQUIRED: 'Your organization signs in with single sign-on only.',
  SESSION_REVOKED: 'Your session was closed from another device.',
  LOGOUT_FAILED: 'Something went wrong when closing the session.',
  INVALID_TOKEN: 'The sign-in token is not valid or has expired.',
  ID_TOKEN_USED: 'This sign-in was already used. Please sign in again.',
  CSRF: 'The request did not come from the console.',
  BAD_REDIRECT: 'Redirects to other hosts are not allowed.',
  SSO_FAILED: 'Single sign-on did not complete. Please try again.',
  PASSWORD_RESET_INVALID: 'This password reset link is not valid: it was used already or has expired.',
  INVITATION_INVALID: 'This invitation link no longer works: it was used already, replaced by a newer one or has expired.',
};

/** A message with the platform's name filled in. */
export function authErrorMessage(code: AuthErrorCode, productName: string): string {
  return authErrorMessages[code].replaceAll('{product}', productName);
}

const tags = ['auth'];

/**
 * Sign-in and the browser session (docs/product.md, "Identity and sessions"). The calls of
 * the first page take their method and path from `firstPageCalls` (auth-constants.ts).
 */
export const authRoutes = {
  jwks: route({ method: 'GET', path: '/auth/jwks', operationId: 'getJwks', tags, response: jwksResponse }),
  checkEmail: route({ ...firstPageCalls.checkEmail, tags, params: checkParams, query: checkQuery, response: checkResponse }),
  signIn: route({ ...firstPageCalls.signIn, tags, body: passwordSignInBody, response: idTokenResponse }),
  redeemSignInLink: route({ ...firstPageCalls.redeemSignInLink, tags, body: customTokenBody, response: idTokenResponse }),
  acceptInvitation: route({
    ...firstPageCalls.acceptInvitation,
    tags,
    body: invitationPasswordBody,
    response: idTokenResponse,
  }),
  checkInvitation: route({
    ...firstPageCalls.checkInvitation,
    tags,
    query: invitationCheckQuery,
    response: invitationCheckResponse,
  }),
  activateInvitation: route({
    ...firstPageCalls.activateInvitation,
    tags,
    body: invitationPasswordBody,
    response: activateInvitationResponse,
  }),
  createSession: route({ ...firstPageCalls.createSession, tags, body: createSessionBody, response: userResponse }),
  me: route({ ...firstPageCalls.me, tags, response: userResponse }),
  setOwnLocale: route({ ...firstPageCalls.setOwnLocale, tags, body: ownLocaleBody, response: ownLocaleBody }),
  trackActivity: route({
    ...firstPageCalls.trackActivity,
    tags,
    body: trackActivityBody,
    response: trackActivityResponse,
  }),
  validateOauth: route({
    method: 'POST',
    path: '/auth/validate-oauth',
    operationId: 'validateOauth',
    tags,
    // Fastify hands the validator null for a request without a body.
    body: validateOauthBody.nullish(),
    response: validateOauthResponse,
  }),
  logout: route({ ...firstPageCalls.logout, tags, response: logoutResponse }),
  requestPasswordReset: route({
    ...firstPageCalls.requestPasswordReset,
    tags,
    body: passwordResetRequestBody,
    response: passwordResetRequestResponse,
  }),
  checkPasswordReset: route({
    ...firstPageCalls.checkPasswordReset,
    tags,
    body: passwordResetTokenBody,
    response: passwordResetCheckResponse,
  }),
  resetPassword: route({
    ...firstPageCalls.resetPassword,
    tags,
    body: passwordResetBody,
    response: passwordResetResponse,
  }),
};

/** A person's open sessions and "sign out that device". */
export const sessionRoutes = {
  list: route({
    method: 'GET',
    path: '/auth/sessions',
    operationId: 'listSessions',
    tags,
    query: sessionsQuery,
    response: sessionsResponse,
  }),
  revoke: route({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    operationId: 'revokeSession',
    tags,
    params: sessionParams,
    response: revokedSessionResponse,
  }),
};

/**
 * Single sign-on round trips; both answer with a redirect, not JSON. The callback's query
 * is the provider's, read whole by the OpenID Connect client.
 */
export const ssoRoutes = {
  start: route({ ...firstPageCalls.startSso, tags, params: ssoParams, query: ssoStartQuery }),
  callback: route({ method: 'GET', path: '/auth/:provider/callback', operationId: 'finishSingleSignOn', tags, params: ssoParams }),
};
