import { describe, expect, it } from 'vitest';
import { safeRedirect, signInPage, signInTarget } from './redirect';

const origin = window.location.origin;

describe('the redirect parameter', () => {
  it('keeps paths of this origin', () => {
    expect(safeRedirect('/keys?page=2#top', origin)).toBe('/keys?page=2#top');
    expect(safeRedirect('/es/user-imports', origin)).toBe('/es/user-imports');
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
      expect(safeRedirect(bad, origin)).toBeNull();
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

  it('remembers where the user came from on the sign-in page', () => {
    expect(signInPage('en', '/keys')).toBe('/?redirect=%2Fkeys');
    expect(signInPage('fr', '/fr/keys?page=2')).toBe('/fr?redirect=%2Ffr%2Fkeys%3Fpage%3D2');
    expect(signInPage('es', '/es')).toBe('/es');
    expect(signInPage('pt')).toBe('/pt');
  });
});
