import { describe, expect, it } from 'vitest';
import { isLocaleRoot, localeFromLanguages, localeOfPath, localizePath, stripLocale } from './locales';

describe('locale paths', () => {
  it('reads the locale of a path; English has no prefix', () => {
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/dashboard')).toBe('en');
    expect(localeOfPath('/es')).toBe('es');
    expect(localeOfPath('/fr/keys')).toBe('fr');
    expect(localeOfPath('/en/keys')).toBe('en');
    expect(localeOfPath('/esperanto')).toBe('en');
  });

  it('strips and adds prefixes', () => {
    expect(stripLocale('/pt/super/user')).toBe('/super/user');
    expect(stripLocale('/pt')).toBe('/');
    expect(stripLocale('/keys')).toBe('/keys');
    expect(localizePath('/dashboard', 'es')).toBe('/es/dashboard');
    expect(localizePath('/fr/dashboard', 'en')).toBe('/dashboard');
    expect(localizePath('/es/keys', 'pt')).toBe('/pt/keys');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/es', 'en')).toBe('/');
    expect(localizePath('', 'pt')).toBe('/pt');
  });

  it('knows the roots', () => {
    for (const root of ['/', '/es', '/fr/', '/pt']) expect(isLocaleRoot(root)).toBe(true);
    for (const page of ['/dashboard', '/es/keys', '/fr/super']) expect(isLocaleRoot(page)).toBe(false);
  });

  it('picks the first supported browser language, by its primary subtag', () => {
    expect(localeFromLanguages(['pt-BR', 'en-US'])).toBe('pt');
    expect(localeFromLanguages(['de-DE', 'fr-CA', 'es'])).toBe('fr');
    expect(localeFromLanguages(['ES'])).toBe('es');
    expect(localeFromLanguages(['de', 'it'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
  });
});
