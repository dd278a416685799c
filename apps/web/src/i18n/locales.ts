/**
 * The four locales and their URL prefixes: English has none, the others /es, /fr, /pt.
 * Pure functions over paths, shared by the router, the language menu and the guards.
 */
export const locales = ['en', 'es', 'fr', 'pt'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Each language names itself in the language menu, so these are not translated. */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français', pt: 'Português' };

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** The locale a path is in: its first segment when that is a prefix, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== defaultLocale ? first : defaultLocale;
}

/**
 * Slashes, backslashes, tabs and newlines at the start: browsers read '//x', '/\\x' and
 * '/\t/x' as the host x, so a path keeps exactly one leading slash.
 */
const LEADING_SEPARATORS = /^[/\\\t\n\r]+/;

/** The path without its locale prefix, always starting with one '/' ('/es//x' is '/x', never '//x'). */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  const rest = locale === defaultLocale ? pathname : pathname.slice(locale.length + 1);
  return `/${rest.replace(LEADING_SEPARATORS, '')}`;
}

/** `to` (an English-form path such as '/dashboard', or '' for the root) in `locale`. */
export function localizePath(to: string, locale: Locale): string {
  const path = stripLocale(to.startsWith('/') ? to : `/${to}`);
  const prefix = localePrefix(locale);
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}

/** True for '/', '/es', '/fr/' and the like: the roots the sign-in sends on to the dashboard. */
export function isLocaleRoot(pathname: string): boolean {
  return stripLocale(pathname).replace(/\/+$/, '') === '';
}

/** The first supported locale among the browser's languages ('pt-BR' counts as 'pt'). */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}

/** `?locale=es` on a page a link opens: a language chosen explicitly, as the language menu does. */
export const LOCALE_PARAM = 'locale';

/**
 * The one rule of the pages a link opens, the sign-in page and an invitation's pages: a
 * language chosen explicitly (`?locale=`), else the one chosen before in this browser (the
 * language menu's cookie), else the suggestion: the invitation's language (its link's prefix,
 * from the person's, the organization's or the inviter's) or, on the sign-in page, the browser's.
 */
export function chooseLocale(explicit: unknown, stored: unknown, suggested: () => Locale): Locale {
  if (isLocale(explicit)) return explicit;
  if (isLocale(stored)) return stored;
  return suggested();
}
