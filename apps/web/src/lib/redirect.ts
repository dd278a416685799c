/**
 * Where to go after signing in. The `redirect` parameter is honoured only for a path on
 * this origin ('/keys?page=2'), never for '//evil.example' or 'https://…' (open redirect).
 */
import { isLocaleRoot, type Locale, localizePath, stripLocale } from '../i18n/locales';

export const REDIRECT_PARAM = 'redirect';

export function safeRedirect(value: string | null | undefined, origin = window.location.origin): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The dashboard when the user came from a root (or nowhere), else where they came from, in `locale`. */
export function signInTarget(redirect: string | null | undefined, locale: Locale): string {
  const safe = safeRedirect(redirect);
  if (!safe) return localizePath('/dashboard', locale);
  const url = new URL(safe, 'http://x');
  if (isLocaleRoot(url.pathname) || stripLocale(url.pathname).startsWith('/auth/') || stripLocale(url.pathname) === '/logout') {
    return localizePath('/dashboard', locale);
  }
  return `${localizePath(url.pathname, locale)}${url.search}${url.hash}`;
}

/** The sign-in page of `locale`, remembering `from` (the page that needed a session). */
export function signInPage(locale: Locale, from?: string): string {
  const home = localizePath('/', locale);
  return from && !isLocaleRoot(from) ? `${home}?${REDIRECT_PARAM}=${encodeURIComponent(from)}` : home;
}
