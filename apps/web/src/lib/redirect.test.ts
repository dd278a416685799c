import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Locale, locales, localizePath, stripLocale } from '../i18n/locales';
import { homeOf, safeRedirect, signInPage, signInTarget, ssoReturnTarget } from './redirect';

const origin = window.location.origin;

describe('the redirect parameter', () => {
  it('keeps paths of this origin', () => {
    expect(safeRedirect('/keys?page=2#top')).toBe('/keys?page=2#top');
    expect(safeRedirect('/es/user-imports')).toBe('/es/user-imports');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'keys',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('goes to the dashboard from a root, and back to the page otherwise, in the current locale', () => {
    expect(signInTarget(null, 'en')).toBe('/dashboard');
    expect(signInTarget('/', 'es')).toBe('/es/dashboard');
    expect(signInTarget('/fr', 'fr')).toBe('/fr/dashboard');
    expect(signInTarget('/keys?page=2', 'en')).toBe('/keys?page=2');
    expect(signInTarget('/es/keys', 'pt')).toBe('/pt/keys');
    expect(signInTarget('//evil.example', 'en')).toBe('/dashboard');
    expect(signInTarget('/logout', 'en')).toBe('/dashboard');
    expect(signInTarget('/auth/google/success', 'en')).toBe('/dashboard');
  });

  it('sends staff home to the Super area, and everyone else to the dashboard', () => {
    const staff = { isStaff: true, allowedRoleTypes: ['read' as const], signInProvider: 'google' as const };
    expect(homeOf(staff)).toBe('/super');
    expect(homeOf({ ...staff, signInProvider: 'password' })).toBe('/dashboard');
    expect(homeOf({ ...staff, allowedRoleTypes: [] })).toBe('/dashboard');
    expect(homeOf(null)).toBe('/dashboard');
    expect(signInTarget('/es', 'es', homeOf(staff))).toBe('/es/super');
    expect(signInTarget('/keys', 'fr', homeOf(staff))).toBe('/fr/keys');
    expect(signInTarget('//evil.example', 'en', homeOf(staff))).toBe('/super');
  });

  it('sends single sign-on back to the page, or to the root that becomes the home once the person is known', () => {
    expect(ssoReturnTarget(null, 'es')).toBe('/es');
    expect(ssoReturnTarget('/fr', 'fr')).toBe('/fr');
    expect(ssoReturnTarget(null, 'en')).toBe('/');
    expect(ssoReturnTarget('/keys?page=2', 'pt')).toBe('/pt/keys?page=2');
    expect(ssoReturnTarget('//evil.example', 'en')).toBe('/');
  });

  it('remembers where the user came from on the sign-in page', () => {
    expect(signInPage('en', '/keys')).toBe('/?redirect=%2Fkeys');
    expect(signInPage('fr', '/fr/keys?page=2')).toBe('/fr?redirect=%2Ffr%2Fkeys%3Fpage%3D2');
    expect(signInPage('es', '/es')).toBe('/es');
    expect(signInPage('pt')).toBe('/pt');
  });
});

describe('the redirect parameter, attacked', () => {
  it('never turns /es//evil.example/phish into another host once the locale is changed', () => {
    for (const locale of locales) {
      const target = signInTarget('/es//evil.example/phish', locale);
      expect(new URL(target, origin).origin).toBe(origin);
      expect(target).toBe(localizePath('/dashboard', locale));
    }
    expect(stripLocale('/es//evil.example/phish')).toBe('/evil.example/phish');
    expect(stripLocale('/fr/\\evil.example')).toBe('/evil.example');
    expect(localizePath('//evil.example', 'en')).toBe('/evil.example');
    expect(localizePath('/es/\t/evil.example', 'en')).toBe('/evil.example');
  });

  /** Two origins the console could be served from: an accepted path must stay on each. */
  const bases = ['http://console.example', 'https://console.example:8443'];
  const staysHome = (path: string) =>
    bases.every((base) => {
      try {
        return new URL(path, base).origin === new URL(base).origin;
      } catch {
        return false; // '//' is no URL at all: not a page of this origin either
      }
    });
  /** What react-router treats as a full URL (it leaves the app for another origin). */
  const absolute = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

  /** Paths built from the pieces attackers combine: separators in every encoding, control characters, locales, hosts. */
  const separators = ['/', '//', '///', '\\', '/\\', '%2F', '%2f', '%5C', '%5c', '%252F', '.', '..', '%2e', '%2E%2e', '\uff0f', '\uff3c'];
  const punctuation = ['@', ':', '?', '#', '&', ' ', '%09', '%0a', '%00', '%20', '\u3002', '%E3%80%82'];
  const controls = ['\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u0085', '\u00a0', '\u2028', '\ufeff'];
  const prefixes = ['es', 'fr', 'pt', 'en', '/es', '/fr/', '/pt//'];
  const words = ['evil.example', 'evil.example:443', 'user:pass@evil.example', 'http:', 'https:', 'javascript:', 'data:'];
  const harmless = ['é', '\u{1f600}', 'dashboard', 'keys?page=2'];
  const piece = fc.constantFrom(...separators, ...punctuation, ...controls, ...prefixes, ...words, ...harmless);
  const attack = fc.oneof(
    fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')),
    fc.array(piece, { maxLength: 10 }).map((parts) => `/${parts.join('')}`),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${s}`),
    fc.webPath(),
    fc.tuple(fc.constantFrom('', '/es', '/fr/', '/pt//', '/en/', '/es/%2F', '/fr\\'), fc.webPath()).map(([prefix, path]) => prefix + path),
    fc.webUrl(),
  );
  const locale = fc.constantFrom<Locale>(...locales);

  it('accepts only paths that resolve to the same origin, before and after the locale helpers', () => {
    fc.assert(
      fc.property(attack, locale, (value, to) => {
        const accepted = safeRedirect(value);
        if (accepted === null) return;
        expect(staysHome(accepted)).toBe(true);
        expect(accepted).not.toMatch(absolute);
        // Accepting is stable: what it accepted, it accepts unchanged.
        expect(safeRedirect(accepted)).toBe(accepted);
        const localized = localizePath(accepted, to);
        expect(staysHome(localized)).toBe(true);
        expect(safeRedirect(localized)).not.toBeNull();
        const stripped = stripLocale(accepted);
        expect(staysHome(stripped)).toBe(true);
        expect(safeRedirect(stripped)).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('sends a signed-in user to a page of this origin whatever the parameter', () => {
    fc.assert(
      fc.property(attack, locale, (value, to) => {
        const target = signInTarget(value, to);
        expect(staysHome(target)).toBe(true);
        expect(target).not.toMatch(absolute);
      }),
      { numRuns: 3000 },
    );
  });

  it('has locale helpers that never make a host of any path', () => {
    fc.assert(
      fc.property(attack, locale, (value, to) => {
        for (const path of [stripLocale(value), localizePath(value, to)]) {
          expect(path).toMatch(/^\/(?![/\\\t\n\r])/);
          expect(staysHome(path)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
