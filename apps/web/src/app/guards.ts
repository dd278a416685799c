/**
 * Route guards, run as loaders before a page's code is even fetched:
 * - the bare root '/' goes to the browser's (or the remembered) language;
 * - the sign-in page sends a signed-in user on to their home (staff: the Super home; others: the dashboard);
 * - other pages need a session (the userInfo cookie, confirmed by GET auth/me), or go home;
 *   opening one reports the person's activity (features/auth/api/activity.ts);
 * - the regular area's pages need an Organizational Admin, or go to the person's home (staff: the Super home);
 * - /super paths, in any locale, need a staff user, or go to the dashboard;
 * - a page whose access is none of these shows the error page (500 "Unknown middleware …").
 */
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { reportActivity } from '../features/auth/api/activity';
import { meQuery } from '../features/auth/api/session';
import { activateLocale, loadLocale } from '../i18n';
import {
  chooseLocale,
  defaultLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_PARAM,
  type Locale,
  localeFromLanguages,
  localePrefix,
  localizePath,
  stripLocale,
} from '../i18n/locales';
import { rememberLocale } from '../i18n/use-locale';
import { appConfigQuery } from '../lib/app-config';
import { readCookie } from '../lib/cookies';
import { setProductName } from '../lib/error-message';
import { isHttpError } from '../lib/http';
import { permissionsOf } from '../lib/permissions';
import { queryClient } from '../lib/query-client';
import { homeOf, REDIRECT_PARAM, signInPage, signInTarget } from '../lib/redirect';
import { clearLocalSession, isStaffSession, readSession } from '../lib/session';

/** `admin`: the regular area (lib/permissions.ts, `adminArea`); `staff`: the Super area. */
export const accesses = ['public', 'signedOut', 'session', 'admin', 'staff'] as const;
export type Access = (typeof accesses)[number];

function isSuperPath(pathname: string): boolean {
  const path = stripLocale(pathname);
  return path === '/super' || path.startsWith('/super/');
}

/** The locale branch: its catalogue's shell (the page's guard adds the rest if it needs it), the app config, and the /super permission check. */
export async function localeLoader(locale: Locale, { request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isSuperPath(url.pathname)) {
    const session = readSession();
    if (!session) throw redirect(signInPage(locale, url.pathname + url.search));
    if (!isStaffSession(session)) throw redirect(localizePath('/dashboard', locale));
  }
  const [config] = await Promise.all([queryClient.ensureQueryData(appConfigQuery).catch(() => undefined), activateLocale(locale, 'shell')]);
  if (config) setProductName(config.productName);
  return null;
}

/** The language for '/': the remembered choice, else the browser's, remembered from now on. */
export function preferredLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  return chooseLocale(undefined, readCookie(LOCALE_COOKIE), () => {
    const detected = localeFromLanguages(languages);
    rememberLocale(detected);
    return detected;
  });
}

function isInvitationPath(pathname: string): boolean {
  return stripLocale(pathname).startsWith('/auth/invitation/');
}

/**
 * A page a link opened, moved to the language of the one rule (chooseLocale): `?locale=` is
 * remembered as the language menu's choice and leaves the address; nothing happens when the
 * page is already in its language.
 */
function followLocaleRule(url: URL, locale: Locale, suggested: () => Locale): void {
  const explicit = url.searchParams.get(LOCALE_PARAM);
  const target = chooseLocale(explicit, readCookie(LOCALE_COOKIE), suggested);
  if (isLocale(explicit)) rememberLocale(explicit);
  if (explicit === null && target === locale) return;
  const search = new URLSearchParams(url.searchParams);
  search.delete(LOCALE_PARAM);
  const query = search.toString();
  throw redirect(`${localizePath(url.pathname, target)}${query ? `?${query}` : ''}${url.hash}`);
}

export async function guard(access: Access, locale: Locale, { request }: LoaderFunctionArgs) {
  // A page that names a guard nobody wrote fails closed: without this it would open to anyone
  // with a session, as none of the checks below names it.
  if (!(accesses as readonly string[]).includes(access)) throw data(`Unknown middleware ${String(access)}`, { status: 500 });
  const url = new URL(request.url);
  // An invitation's pages: its link's language is the suggestion, after an explicit and a stored choice.
  if (access === 'public' && isInvitationPath(url.pathname)) followLocaleRule(url, locale, () => locale);
  if (access === 'public') return null;

  if (access === 'signedOut') {
    // `?locale=` chooses; /es, /fr, /pt are explicit choices too; only the bare root follows
    // the stored choice, else the browser's language.
    if (url.searchParams.has(LOCALE_PARAM)) followLocaleRule(url, locale, () => locale);
    if (locale === defaultLocale && url.pathname === '/') {
      const preferred = preferredLocale();
      if (preferred !== defaultLocale) {
        const from = url.searchParams.get(REDIRECT_PARAM);
        const search = from ? `?${REDIRECT_PARAM}=${encodeURIComponent(signInTarget(from, preferred))}` : '';
        throw redirect(`${localePrefix(preferred)}${search}`);
      }
    }
    const session = readSession();
    if (session) throw redirect(signInTarget(url.searchParams.get(REDIRECT_PARAM), locale, homeOf(session)));
    return null;
  }

  const from = url.pathname + url.search;
  const session = readSession();
  if (!session) throw redirect(signInPage(locale, from));
  // A signed-in page may say anything of the catalogue: its namespaces load beside the session check.
  const catalogue = loadLocale(locale, 'all');
  catalogue.catch(() => undefined); // awaited below, unless a redirect is thrown first
  try {
    reportActivity(await queryClient.fetchQuery(meQuery));
  } catch (err) {
    if (isHttpError(err) && err.statusCode === 401) {
      // Expired or revoked (the revoked case also shows its alert): forget it, sign in again.
      clearLocalSession();
      throw redirect(signInPage(locale, from));
    }
    throw err;
  }
  if (access === 'staff' && !isStaffSession(session)) throw redirect(localizePath('/dashboard', locale));
  if (access === 'admin' && !permissionsOf(session).adminArea) throw redirect(localizePath(homeOf(session), locale));
  await catalogue;
  return null;
}
