/**
 * Where to go after signing in. The `redirect` parameter is honoured only for a path on
 * this origin ('/keys?page=2'), never for '//evil.example', 'https://…' or a path that
 * becomes one once its locale changes ('/es//evil.example'): the contracts' sanitizer,
 * the server's too, checks it before and again after the locale helpers (open redirect).
 */
import { safeRedirectPath } from '@console/contracts/redirects';
import { isLocaleRoot, type Locale, localizePath, stripLocale } from '../i18n/locales';

export const REDIRECT_PARAM = 'redirect';

export function safeRedirect(value: string | null | undefined): string | null {
  return safeRedirectPath(value);
}

/** The dashboard when the user came from a root (or nowhere), else where they came from, in `locale`. */
export function signInTarget(redirect: string | null | undefined, locale: Locale): string {
  const dashboard = localizePath('/dashboard', locale);
  const safe = safeRedirect(redirect);
  if (!safe) return dashboard;
  const url = new URL(safe, 'http://x');
  const page = stripLocale(url.pathname);
  if (isLocaleRoot(url.pathname) || page.startsWith('/auth/') || page === '/logout') return dashboard;
  // Checked again once the locale is changed: only the result is what the browser follows.
  return safeRedirect(`${localizePath(url.pathname, locale)}${url.search}${url.hash}`) ?? dashboard;
}

/** The sign-in page of `locale`, remembering `from` (the page that needed a session). */
export function signInPage(locale: Locale, from?: string): string {
  const home = localizePath('/', locale);
  return from && !isLocaleRoot(from) ? `${home}?${REDIRECT_PARAM}=${encodeURIComponent(from)}` : home;
}
