import { useLocation, useNavigate } from 'react-router';
import { writeCookie } from '../lib/cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, localeOfPath, localizePath } from './locales';

/** The locale of the current URL, and `localize('/dashboard')` for links in it. */
export function useLocale() {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  return { locale, localize: (to: string) => localizePath(to, locale) };
}

export function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

/** Switches language: the same page under the new prefix, remembered in the cookie. */
export function useSwitchLocale() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (locale: Locale) => {
    rememberLocale(locale);
    navigate(`${localizePath(pathname, locale)}${search}${hash}`);
  };
}
