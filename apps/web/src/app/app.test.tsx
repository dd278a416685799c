/** The shell end to end in jsdom: locale routing, guards, language switch, revoked session, navigation. (Sign-in and logout: features/auth/auth.test.tsx.) */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { writeCookie } from '../lib/cookies';
import { queryClient } from '../lib/query-client';
import { appConfig, fakeApi, renderApp, renderSignedIn, sessionRevokedReply, user } from '../test/app';
import type { Access } from './guards';
import { pages } from './pages';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

const where = (router: ReturnType<typeof renderApp>) => router.state.location.pathname + router.state.location.search;

describe('locale routing', () => {
  it('sends the root to the browser’s language and remembers it', async () => {
    browserLanguages(['fr-FR', 'en']);
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(where(router)).toBe('/fr');
    expect(document.cookie).toContain('i18n_redirected=fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe('Connexion Intégrations');
  });

  it('prefers the remembered language to the browser’s', async () => {
    browserLanguages(['fr-FR']);
    writeCookie('i18n_redirected', 'es', 1);
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(where(router)).toBe('/es');
  });

  it('shows the 404 page for an unknown path, in its locale', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/pt/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Não encontrado' })).toBeTruthy();
    expect(screen.getByText('Não foi possível encontrar esta página')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Página inicial' }).getAttribute('href')).toBe('/pt');
  });

  it('switches language from the user menu, keeping the page', async () => {
    const calls = fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/es?redirect=%2Fes%2Fdashboard');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el menú de usuario' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Idioma/ }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(where(router)).toBe('/fr?redirect=%2Fes%2Fdashboard');
    expect(document.cookie).toContain('i18n_redirected=fr');
    // Nobody is signed in: nobody's language to keep.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("keeps a signed-in person's choice of language as theirs, the language of their e-mails", async () => {
    const { calls, router } = renderSignedIn('/dashboard', {
      api: { 'PUT /api/auth/me/locale': (call) => ({ body: call.body }) },
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the user menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Language/ }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(where(router)).toBe('/fr/dashboard');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/auth/me/locale', { locale: 'fr' }]]),
    );
  });
});

describe('guards', () => {
  it('sends a signed-in user at /?redirect=/es//evil.example/phish to the dashboard, never to the other host', async () => {
    const { router } = renderSignedIn('/?redirect=%2Fes%2F%2Fevil.example%2Fphish');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(where(router)).toBe('/dashboard');
    expect(window.location.origin).toBe(new URL(where(router), window.location.origin).origin);
  });

  it('sends staff at the root to the Super home, not to an empty customer dashboard, and keeps the redirect safe', async () => {
    const { router } = renderSignedIn('/es', { as: 'staff' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Superadministración' })).toBeTruthy();
    expect(where(router)).toBe('/es/super');
    expect(screen.getByRole('link', { name: 'Inicio de Integraciones' }).getAttribute('href')).toBe('/es/super');
  });

  it('sends staff back to the page they came from, and never to another host', async () => {
    const { router } = renderSignedIn('/?redirect=%2Fes%2F%2Fevil.example%2Fphish', { as: 'staff' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Super' })).toBeTruthy();
    expect(where(router)).toBe('/super');
  });

  it('shows the error page, 500 "Unknown middleware", for a page whose access names no guard, and logs it', async () => {
    // Logged to the browser's console (decision 060): an error no screen could show in words.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pages.push({ path: 'broken', access: 'auditor' as Access, page: async () => ({ Component: () => <p>opened</p> }) });
    try {
      renderSignedIn('/broken');
      expect(await screen.findByRole('heading', { level: 1, name: 'An error occurred' })).toBeTruthy();
      expect(screen.getByText('500')).toBeTruthy();
      expect(screen.queryByText('opened')).toBeNull();
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 500, data: 'Unknown middleware auditor' }));
    } finally {
      pages.pop();
    }
  });

  it('logs no missing page to the browser console: a 404 is no failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
    expect(logged).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session home, remembering the page', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/es/dashboard');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(where(router)).toBe('/es?redirect=%2Fes%2Fdashboard');
  });

  it('sends a user who is not staff from /super (any locale) to the dashboard', async () => {
    const { router } = renderSignedIn('/fr/super/organizations');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(where(router)).toBe('/fr/dashboard');
  });

  it('alerts when the session was closed from another device, then offers the root', async () => {
    renderSignedIn('/dashboard', {
      api: { 'GET /api/auth/me': () => sessionRevokedReply() },
    });
    const alert = await screen.findByRole('alertdialog', { name: 'Session closed' });
    expect(within(alert).getByText('You were logged out from another device.')).toBeTruthy();
    expect(document.cookie).not.toContain('userInfo=');
  });

  it('says the real reason a session ended, in the page language: "SSO login only" turned on', async () => {
    renderSignedIn('/fr/dashboard', {
      api: { 'GET /api/auth/me': () => sessionRevokedReply('sso_required') },
    });
    const alert = await screen.findByRole('alertdialog', { name: 'Session fermée' });
    expect(within(alert).getByText('Votre organisation n’autorise plus que l’authentification unique (SSO).')).toBeTruthy();
  });
});

describe('activity', () => {
  it('reports the person and this device as signed-in pages open, at most once in five minutes', async () => {
    // Past any report an earlier test of this file made.
    const start = Date.now() + 60 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    try {
      const admin = user();
      const { calls, router } = renderSignedIn('/dashboard', { as: admin });
      const reports = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/auth/track-activity');
      await screen.findByRole('heading', { name: 'Dashboard' });
      await waitFor(() => expect(reports()).toHaveLength(1));
      expect(reports()[0]?.body).toEqual({
        userId: admin.uid,
        email: admin.email,
        deviceInfo: expect.objectContaining({ userAgent: navigator.userAgent }),
      });

      vi.setSystemTime(start + 4 * 60_000);
      await router.navigate('/documentation');
      await router.navigate('/dashboard');
      expect(reports()).toHaveLength(1);

      vi.setSystemTime(start + 5 * 60_000 + 1_000);
      await router.navigate('/documentation');
      await waitFor(() => expect(reports()).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports nothing on the signed-out pages', async () => {
    const calls = fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls.filter((c) => c.path.includes('track-activity'))).toEqual([]);
  });
});

/** The dashboard on screen; the next session check (on the next navigation) waits until `answerRecheck()`. */
async function dashboardWithWaitingRecheck() {
  const admin = user();
  let answer: (reply: { body: unknown }) => void = () => {};
  let calls = 0;
  const { router } = renderSignedIn('/dashboard', {
    as: admin,
    api: {
      // The first check answers at once; the next one (a minute later, or after a refresh) waits.
      'GET /api/auth/me': () => (calls++ === 0 ? { body: { user: admin } } : new Promise((resolve) => (answer = resolve))),
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return { router, answerRecheck: () => answer({ body: { user: admin } }) };
}

it('shows the blue progress bar while a navigation loads', async () => {
  const { router, answerRecheck } = await dashboardWithWaitingRecheck();
  expect(screen.queryByTestId('navigation-progress')).toBeNull();
  queryClient.clear();
  void router.navigate('/es/dashboard');
  const bar = await screen.findByTestId('navigation-progress');
  expect(getComputedStyle(bar.querySelector('.MuiLinearProgress-bar') as Element).backgroundColor).toBe('rgb(21, 101, 192)');
  answerRecheck();
  await waitFor(() => expect(where(router)).toBe('/es/dashboard'));
  await waitFor(() => expect(screen.queryByTestId('navigation-progress')).toBeNull());
});

it('keeps the page in its own language until the switched one replaces it', async () => {
  const { router, answerRecheck } = await dashboardWithWaitingRecheck();
  queryClient.clear();
  void router.navigate('/es/dashboard');
  // The Spanish catalogue is loaded and i18next switched while the new page still waits for its data.
  await waitFor(() => expect(i18n.language).toBe('es'));
  expect(where(router)).toBe('/dashboard');
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  answerRecheck();
  expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy();
  expect(where(router)).toBe('/es/dashboard');
});
