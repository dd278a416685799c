/** The shell end to end in jsdom: locale routing, guards, sign-in, language switch, logout, revoked session. */
import type { AuthenticatedUser } from '@console/contracts/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { deleteCookie, writeCookie } from '../lib/cookies';
import { queryClient } from '../lib/query-client';
import { appConfig, fakeApi, renderApp, renderSignedIn, setUserInfoCookie, user } from '../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

const where = (router: ReturnType<typeof renderApp>) => router.state.location.pathname + router.state.location.search;

/** What the server answers once a sign-in succeeds: POST auth sets the readable cookie, auth/me knows the user. */
const sessionOpens = (who: AuthenticatedUser) => ({
  'POST /api/auth': () => {
    setUserInfoCookie(who);
    return { body: { user: who } };
  },
  'GET /api/auth/me': () => ({ body: { user: who } }),
});

describe('locale routing', () => {
  it('sends the root to the browser’s language and remembers it', async () => {
    browserLanguages(['fr-FR', 'en']);
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(where(router)).toBe('/fr');
    expect(document.cookie).toContain('i18n_redirected=fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe('Connexion Integrations');
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
    const u = userEvent.setup();
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/es?redirect=%2Fes%2Fdashboard');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    await u.click(screen.getByRole('button', { name: 'Abrir el menú de usuario' }));
    await u.click(await screen.findByRole('menuitem', { name: /Idioma/ }));
    await u.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(where(router)).toBe('/fr?redirect=%2Fes%2Fdashboard');
    expect(document.cookie).toContain('i18n_redirected=fr');
  });
});

describe('guards', () => {
  it('sends a visitor without a session home, remembering the page', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    const router = renderApp('/es/dashboard');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    expect(where(router)).toBe('/es?redirect=%2Fes%2Fdashboard');
  });

  it('sends a user who is not staff from /super (any locale) to the dashboard', async () => {
    const { router } = renderSignedIn('/fr/super/organizations', { as: 'orgAdmin' });
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(where(router)).toBe('/fr/dashboard');
  });

  it('alerts when the session was closed from another device, then offers the root', async () => {
    renderSignedIn('/dashboard', {
      api: { 'GET /api/auth/me': () => ({ status: 401, body: { statusCode: 401, code: 'SESSION_REVOKED', message: 'closed' } }) },
    });
    const alert = await screen.findByRole('alertdialog', { name: 'Session closed' });
    expect(within(alert).getByText('You were logged out from another device.')).toBeTruthy();
    expect(document.cookie).not.toContain('userInfo=');
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

describe('sign-in', () => {
  it('checks the e-mail, then the password, then welcomes the user on the dashboard', async () => {
    const u = userEvent.setup();
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'admin@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/sign-in': () => ({ body: { idToken: 'header.payload.sig', expiresIn: 3600 } }),
      ...sessionOpens(user()),
    });
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });

    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await u.type(email, 'admin@acme');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    await u.clear(email);
    await u.type(email, ' admin@acme.example ');
    await u.click(screen.getByRole('button', { name: 'Next' }));

    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await u.type(password, '12345');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Use at least 6 characters')).toBeTruthy();
    await u.clear(password);
    await u.type(password, 'Demo-Console-2026!');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Welcome, Ada Admin!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(where(router)).toBe('/dashboard');
    expect(calls.find((c) => c.path.startsWith('/api/auth/password/check'))?.path).toBe(
      '/api/auth/password/check?email=admin%40acme.example',
    );
    expect(calls.find((c) => c.path === '/api/auth/sign-in')?.body).toEqual({
      email: 'admin@acme.example',
      password: 'Demo-Console-2026!',
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/auth')?.body).toMatchObject({
      idToken: 'header.payload.sig',
      email: 'admin@acme.example',
    });
  });

  it('shows the server’s reason in the user’s language and signs out', async () => {
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: { ...appConfig, productName: 'Acme Learn' } }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'x@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/sign-in': () => ({ body: { idToken: 'h.p.s', expiresIn: 3600 } }),
      'POST /api/auth': () => ({
        status: 403,
        body: { statusCode: 403, code: 'NOT_AUTHORIZED', message: 'This email information was not authorized on your Acme Learn network' },
      }),
      'DELETE /api/logout': () => ({ status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no session' } }),
    });
    const u = userEvent.setup();
    renderApp('/es');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    await u.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'x@acme.example');
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    await u.type(await screen.findByLabelText(/^Contraseña/), 'whatever1');
    await u.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Este correo electrónico no está autorizado en tu red de Acme Learn')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/logout')).toBe(true));
  });
});

describe('logout', () => {
  it('asks for confirmation, closes the session and says see you soon', async () => {
    const u = userEvent.setup();
    const { calls, router } = renderSignedIn('/dashboard', {
      api: {
        'DELETE /api/logout': () => {
          deleteCookie('userInfo');
          return { body: { loggedOut: true } };
        },
      },
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await u.click(screen.getByRole('button', { name: 'Open the user menu' }));
    expect(within(await screen.findByRole('menu')).getByText('admin@acme.example')).toBeTruthy();
    await u.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('See you soon!')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/logout')).toBe(true);
  });
});

function fakeIdToken(claims: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'ES256' })}.${b64(claims)}.signature`;
}

describe('auth result pages', () => {
  it('accepts an invitation with a password that meets the policy, then signs in', async () => {
    const invited = user({ displayName: 'Ines Invited', email: 'ines@acme.example' });
    const idToken = fakeIdToken({ email: 'ines@acme.example', sub: invited.uid });
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'POST /api/auth/invitation/accept': () => ({ body: { idToken, expiresIn: 3600 } }),
      ...sessionOpens(invited),
    });
    const u = userEvent.setup();
    const router = renderApp('/auth/invitation/accept?token=invitation-token-123');
    await screen.findByRole('heading', { name: 'Choose your password' });
    const password = screen.getByLabelText(/^New password/, { selector: 'input' });
    await u.type(password, 'abcdefgh1');
    expect(screen.getAllByTitle('Not met yet')).toHaveLength(3); // length, upper case, special character
    await u.clear(password);
    await u.type(password, 'Abcdefgh1!');
    expect(screen.queryAllByTitle('Not met yet')).toHaveLength(0);
    const repeat = screen.getByLabelText(/^Repeat the password/, { selector: 'input' });
    await u.type(repeat, 'Abcdefgh1?');
    await u.click(screen.getByRole('button', { name: 'Save the password and sign in' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/invitation/accept')).toBe(false);
    await u.clear(repeat);
    await u.type(repeat, 'Abcdefgh1!');
    await u.click(screen.getByRole('button', { name: 'Save the password and sign in' }));
    expect(await screen.findByText('Welcome, Ines Invited!')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/api/auth/invitation/accept')?.body).toEqual({
      token: 'invitation-token-123',
      password: 'Abcdefgh1!',
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/auth')?.body).toMatchObject({ idToken, email: 'ines@acme.example' });
  });

  it('welcomes a user back from single sign-on in the language they left in', async () => {
    const admin = user({ signInProvider: 'google' });
    fakeApi({
      'GET /api/app-config': () => ({ body: { ...appConfig, ssoProviders: ['google'] } }),
      'GET /api/auth/me': () => {
        setUserInfoCookie(admin);
        return { body: { user: admin } };
      },
    });
    const router = renderApp('/auth/google/success?redirect=%2Ffr%2Fdashboard');
    expect(await screen.findByText('Bienvenue, Ada Admin !')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(where(router)).toBe('/fr/dashboard');
  });

  it('offers the configured single sign-on providers', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: { ...appConfig, ssoProviders: ['google', 'microsoft'] } }) });
    renderApp('/es');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión con Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con Microsoft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /inicio de sesión único/ })).toBeNull();
  });

  it('explains a failed single sign-on in the user’s language', async () => {
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'DELETE /api/logout': () => ({ body: { loggedOut: true } }),
    });
    renderApp('/pt/auth/google/error?code=NOT_AUTHORIZED');
    expect(await screen.findByRole('heading', { name: 'Não foi possível entrar' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Este e-mail não está autorizado na sua rede Workframe');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/logout')).toBe(true));
  });

  it('answers 404 for an auth page that does not exist', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/auth/nowhere/success');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});
