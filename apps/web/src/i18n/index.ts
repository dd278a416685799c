/**
 * i18next with namespaced catalogues. English's shell (common, auth, errors) is bundled; the
 * rest of English and every namespace of Spanish, French and Portuguese are chunks loaded
 * when a page of that language first needs them: the frame and the pages without a session
 * only the shell, a signed-in page the whole catalogue. Plurals use i18next's
 * suffixes (_one, _many, _other ...), chosen by Intl.PluralRules: the CLDR rules of ICU.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, englishShell, loadNamespaces, type Namespace, namespaces, shellNamespaces } from './catalogues';
import { defaultLocale, type Locale } from './locales';

export { type Catalogue, namespaces };

let ready: Promise<unknown> | undefined;

export function initI18n(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    resources: { en: englishShell },
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return ready;
}

/** Adds the locale's namespaces that are not there yet: the shell's, or every one. */
export async function loadLocale(locale: Locale, scope: 'shell' | 'all' = 'all'): Promise<void> {
  await initI18n();
  const wanted = (scope === 'shell' ? shellNamespaces : namespaces).filter((ns: Namespace) => !i18n.hasResourceBundle(locale, ns));
  if (wanted.length === 0) return;
  const catalogue = await loadNamespaces(locale, wanted);
  for (const ns of wanted) i18n.addResourceBundle(locale, ns, catalogue[ns], true, true);
}

/** Loads the locale's catalogue (the shell's namespaces, or every one) when needed and makes it the current language. */
export async function activateLocale(locale: Locale, scope: 'shell' | 'all' = 'all'): Promise<void> {
  await loadLocale(locale, scope);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export { i18n };
