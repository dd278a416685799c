/**
 * The sign-in and session constants, without zod: the web app's first page imports
 * these and nothing heavier (auth.ts re-exports them for everyone else).
 */
export const SIGN_IN_PASSWORD_MIN = 6;
export const ID_TOKEN_COOKIE = 'id-token';
export const USER_INFO_COOKIE = 'userInfo';
export const SESSION_DAYS = 3;
/** Every cookie-authenticated call from the web app sends this header (CSRF defence). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'console';

/** Single sign-on providers (OpenID Connect), each enabled by configuration. */
export const ssoProviders = ['google', 'microsoft', 'oidc'] as const;
