/**
 * i18next with namespaced catalogues. English is bundled; Spanish, French and Portuguese
 * are separate chunks loaded when their locale is first shown. Plurals use i18next's
 * suffixes (_one, _many, _other ...), chosen by Intl.PluralRules: the CLDR rules of ICU.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, en, loadCatalogue, namespaces } from './catalogues';
import { defaultLocale, type Locale } from './locales';

export { type Catalogue, namespaces };

let ready: Promise<unknown> | undefined;

export function initI18n(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    resources: { en },
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

/** Loads the locale's catalogue when needed and makes it the current language. */
export async function activateLocale(locale: Locale): Promise<void> {
  await initI18n();
  if (locale !== 'en' && !i18n.hasResourceBundle(locale, 'common')) {
    const catalogue = await loadCatalogue(locale);
    for (const ns of namespaces) i18n.addResourceBundle(locale, ns, catalogue[ns], true, true);
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export { i18n };
