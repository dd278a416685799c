/**
 * Where to go after signing in. The `redirect` parameter is honoured only for a path on
 * this origin ('/keys?page=2'), never for '//evil.example', 'https://…' or a path that
 * becomes one once its locale changes ('/es//evil.example'): the contracts' sanitizer,
 * the server's too, checks it before and again after the locale helpers (open redirect).
 */
import { safeRedirectPath } from '@console/contracts/redirects';
import { isLocaleRoot, type Locale, localizePath, stripLocale } from '../i18n/locales';
import { isStaffSession, type SessionInfo } from './session';

export const REDIRECT_PARAM = 'redirect';

export function safeRedirect(value: string | null | undefined): string | null {
  return safeRedirectPath(value);
}

/** Where a signed-in person starts (English form): staff the Super home, everyone else the dashboard. */
export function homeOf(person: Pick<SessionInfo, 'isStaff' | 'allowedRoleTypes' | 'signInProvider'> | null): string {
  return isStaffSession(person) ? '/super' : '/dashboard';
}

/**
 * `home` (the dashboard unless given; `homeOf(person)` once the person is known) when the
 * user came from a root (or nowhere), else where they came from, in `locale`.
 */
export function signInTarget(redirect: string | null | undefined, locale: Locale, home = '/dashboard'): string {
  const fallback = localizePath(home, locale);
  const safe = safeRedirect(redirect);
  if (!safe) return fallback;
  const url = new URL(safe, 'http://x');
  const page = stripLocale(url.pathname);
  if (isLocaleRoot(url.pathname) || page.startsWith('/auth/') || page === '/logout') return fallback;
  // Checked again once the locale is changed: only the result is what the browser follows.
  return safeRedirect(`${localizePath(url.pathname, locale)}${url.search}${url.hash}`) ?? fallback;
}

/**
 * The page a single sign-on trip returns to, chosen before the person is known: where they
 * came from, or the locale's root, which the end of the sign-in turns into their home.
 */
export function ssoReturnTarget(redirect: string | null | undefined, locale: Locale): string {
  return signInTarget(redirect, locale, '/');
}

/** The sign-in page of `locale`, remembering `from` (the page that needed a session). */
export function signInPage(locale: Locale, from?: string): string {
  const home = localizePath('/', locale);
  return from && !isLocaleRoot(from) ? `${home}?${REDIRECT_PARAM}=${encodeURIComponent(from)}` : home;
}
