/** Sign-in (e-mail, password, single sign-on), logout, and the pages sign-in comes back to, through the whole app in jsdom. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '../../lib/cookies';
import { forgetSessionRevoked, http } from '../../lib/http';
import { appConfig, fakeApi, renderApp, renderSignedIn, setUserInfoCookie, user } from '../../test/app';

/** 64 characters with spaces, no digit, capital or sign: a passphrase people choose for themselves (decision 068). */
const PASSPHRASE = 'correct horse battery staple on a quiet morning by the old mill!';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const where = (router: ReturnType<typeof renderApp>) => router.state.location.pathname + router.state.location.search;

const setLocaleCookie = (locale: string) => {
  document.cookie = `i18n_redirected=${locale}; path=/`;
};

describe('sign-in', () => {
  it('checks the e-mail, then the password, then welcomes the user on the dashboard', async () => {
    const admin = user();
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'admin@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/sign-in': () => ({ body: { idToken: 'header.payload.sig', expiresIn: 3600 } }),
      'POST /api/auth': () => {
        setUserInfoCookie(admin);
        return { body: { user: admin } };
      },
      'GET /api/auth/me': () => ({ body: { user: admin } }),
    });
    const ui = userEvent.setup();
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await ui.type(email, 'admin@acme');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    await ui.clear(email);
    await ui.type(email, ' admin@acme.example ');
    await ui.click(screen.getByRole('button', { name: 'Next' }));

    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await ui.type(password, '12345');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Use at least 6 characters')).toBeTruthy();
    await ui.clear(password);
    await ui.type(password, 'Demo-Console-2026!');
    await ui.click(screen.getByRole('button', { name: 'Sign in' }));

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
    renderApp('/es');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Correo electrónico/ }), { target: { value: 'x@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.change(await screen.findByLabelText(/^Contraseña/), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Este correo electrónico no está autorizado en tu red de Acme Learn')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/logout')).toBe(true));
  });

  it('tells a person of the platform app, once and in the page’s language, that the console is for administrators and where their app is', async () => {
    const appAccount = (appUrl: string | null) => ({
      status: 403,
      body: {
        statusCode: 403,
        code: 'APP_ACCOUNT',
        message: 'This console is for administrators. Your account works in the Workframe app: sign in there.',
        details: { appUrl, organizationName: 'Acme Manufacturing' },
      },
    });
    let answer = appAccount('https://learn.acme.example');
    fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'vera@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/sign-in': () => answer,
      'DELETE /api/logout': () => ({ status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no session' } }),
    });
    const signIn = async (password: string) => {
      fireEvent.change(await screen.findByLabelText(/^Contraseña/, { selector: 'input' }), { target: { value: password } });
      fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    };
    renderApp('/es');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Correo electrónico/ }), { target: { value: 'vera@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await signIn('Activ8-Passw0rd!');
    const said =
      'Esta consola es para administradores. Tu cuenta de Workframe en Acme Manufacturing funciona en la app de Workframe: inicia sesión allí con la misma dirección de correo y contraseña.';
    expect(await screen.findByText(said)).toBeTruthy();
    // Once: no notice beside it, no problem under the field, not the generic refusal.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getAllByText(said)).toHaveLength(1);
    expect(screen.queryByText(/no está autorizado/)).toBeNull();
    expect(screen.getByRole('link', { name: 'https://learn.acme.example' }).getAttribute('href')).toBe('https://learn.acme.example');
    expect(screen.getByRole('link', { name: 'Abrir la app de Workframe' }).getAttribute('href')).toBe('https://learn.acme.example');

    // Without an address anywhere: who to ask.
    answer = appAccount(null);
    await signIn('Activ8-Passw0rd!');
    expect(
      await screen.findByText(
        'Esta consola es para administradores. Tu cuenta de Workframe en Acme Manufacturing funciona en la app de Workframe: tu administrador puede decirte dónde abrirla.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Abrir la app de Workframe' })).toBeNull();
  });

  it('says a wrong password under the password field, in the user’s language, until the next keystroke', async () => {
    fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'x@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/sign-in': () => ({
        status: 401,
        body: { statusCode: 401, code: 'BAD_CREDENTIALS', message: 'Your credentials are incorrect' },
      }),
      'DELETE /api/logout': () => ({ status: 401, body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no session' } }),
    });
    renderApp('/fr');
    await screen.findByRole('heading', { name: 'Connexion' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Adresse e-mail/ }), { target: { value: 'x@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    const password = await screen.findByLabelText(/^Mot de passe/);
    fireEvent.change(password, { target: { value: 'not-the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    // Under the field, tied to it (aria-describedby), and invalid; the notice says it too.
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const help = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe('Vos identifiants sont incorrects');
    expect(password.closest('form')?.contains(help ?? null)).toBe(true);
    fireEvent.change(password, { target: { value: 'a' } });
    expect(password.getAttribute('aria-invalid')).toBe('false');
  });
});

describe('logout', () => {
  it('asks for confirmation, closes the session and says see you soon', async () => {
    const { calls, router } = renderSignedIn('/dashboard', {
      api: {
        'DELETE /api/logout': () => {
          deleteCookie('userInfo');
          return { body: { loggedOut: true } };
        },
      },
    });
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await ui.click(screen.getByRole('button', { name: 'Open the user menu' }));
    expect(within(await screen.findByRole('menu')).getByText('admin@acme.example')).toBeTruthy();
    await ui.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await ui.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('See you soon!')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/logout')).toBe(true);
  });
  it('ends quietly: a call answered SESSION_REVOKED while one logs out oneself is no "closed from another device"', async () => {
    forgetSessionRevoked();
    let loggedOut = false;
    renderSignedIn('/dashboard', {
      api: {
        'GET /api/auth/me': () =>
          loggedOut ? { status: 401, body: { statusCode: 401, code: 'SESSION_REVOKED', message: 'closed' } } : { body: { user: user() } },
        'DELETE /api/logout': async () => {
          loggedOut = true;
          deleteCookie('userInfo');
          // A call of the screen in flight as the session closes: the server finds it revoked.
          await http('auth/me').catch(() => undefined);
          return { body: { loggedOut: true } };
        },
      },
    });
    const ui = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await ui.click(screen.getByRole('button', { name: 'Open the user menu' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await ui.click(within(await screen.findByRole('alertdialog', { name: 'Log out?' })).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('See you soon!')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Session closed' })).toBeNull();
    expect(screen.queryByText('You were logged out from another device.')).toBeNull();
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
      'GET /api/auth/invitation': () => ({
        body: {
          state: 'valid',
          invitation: {
            displayName: 'Ines Invited',
            email: 'ines@acme.example',
            organizationName: 'Acme',
            access: 'console',
            appUrl: null,
          },
        },
      }),
      'POST /api/auth/invitation/accept': () => ({ body: { idToken, expiresIn: 3600 } }),
      'POST /api/auth': () => {
        setUserInfoCookie(invited);
        return { body: { user: invited } };
      },
      'GET /api/auth/me': () => ({ body: { user: invited } }),
    });
    const router = renderApp('/auth/invitation/accept?token=invitation-token-123');
    await screen.findByRole('heading', { name: 'Choose your password' });
    // The link is checked first: the form comes once it is known to work.
    const password = await screen.findByLabelText(/^New password/, { selector: 'input' });
    fireEvent.change(password, { target: { value: 'abcdefgh1' } });
    expect(screen.getAllByTitle('Not met yet')).toHaveLength(1); // the length: no class of character is asked
    fireEvent.change(password, { target: { value: 'Abcdefgh1!' } });
    expect(screen.queryAllByTitle('Not met yet')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), { target: { value: 'Abcdefgh1?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password and sign in' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/invitation/accept')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), { target: { value: 'Abcdefgh1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password and sign in' }));
    expect(await screen.findByText('Welcome, Ines Invited!')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/api/auth/invitation/accept')?.body).toEqual({
      token: 'invitation-token-123',
      password: 'Abcdefgh1!',
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/auth')?.body).toMatchObject({ idToken, email: 'ines@acme.example' });
  });

  const invitationOf = (access: 'console' | 'app') => ({
    displayName: 'Vera Viewer',
    email: 'vera@acme.example',
    organizationName: 'Acme Manufacturing',
    access,
    appUrl: 'https://learn.acme.example',
  });
  const linkStates: Record<string, object> = {
    'used-invitation-token': { state: 'used' },
    'replaced-invitation-token': { state: 'replaced' },
    'expired-invitation-token': { state: 'expired' },
    'unknown-invitation-token': { state: 'invalid' },
    'app-invitation-token': { state: 'valid', invitation: invitationOf('app') },
    'console-invitation-token': { state: 'valid', invitation: invitationOf('console') },
  };
  const invitationApi = (extra: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      'GET /api/app-config': () => ({ body: { ...appConfig, platformAppUrl: 'https://app.workframe.example' } }),
      'GET /api/auth/invitation': (call) => ({ body: linkStates[new URL(call.path, 'http://x').searchParams.get('token') ?? ''] }),
      ...extra,
    });

  it('activates the account of a Viewer with a password under the policy, then says where to use it, with no console session', async () => {
    const calls = invitationApi({
      // The organization's own address, which comes before the installation's (app-config).
      'POST /api/auth/invitation/activate': () => ({
        body: { activated: true, email: 'vera@acme.example', appUrl: 'https://learn.acme.example' },
      }),
    });
    const router = renderApp('/auth/invitation/activate?token=app-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Activate your account' })).toBeTruthy();
    const password = await screen.findByLabelText(/^New password/, { selector: 'input' });
    expect(screen.getByText('Vera Viewer, choose a password for your Workframe account at Acme Manufacturing.')).toBeTruthy();
    // A passphrase: a length and nothing else, spaces welcome, up to 128 characters.
    expect(screen.getByText(/^From 10 to 128 characters, spaces welcome/)).toBeTruthy();
    fireEvent.change(password, { target: { value: 'abcdefgh1' } });
    expect(screen.getAllByTitle('Not met yet')).toHaveLength(1);
    fireEvent.change(password, { target: { value: PASSPHRASE } });
    expect(screen.queryAllByTitle('Not met yet')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), { target: { value: PASSPHRASE } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeTruthy();
    expect(where(router)).toBe('/auth/invitation/ready');
    expect(
      screen.getByText(
        'Your Workframe account is ready. Sign in to the Workframe app with vera@acme.example and the password you just chose.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://learn.acme.example' }).getAttribute('href')).toBe('https://learn.acme.example');
    expect(screen.getByRole('link', { name: 'Open the Workframe app' }).getAttribute('href')).toBe('https://learn.acme.example');
    expect(screen.queryByText('https://app.workframe.example')).toBeNull();
    expect(calls.find((c) => c.path === '/api/auth/invitation/activate')?.body).toEqual({
      token: 'app-invitation-token',
      password: PASSPHRASE,
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth')).toBe(false);
  });

  it('picks the language as the sign-in page does: ?locale, then the choice stored in this browser, then the link’s', async () => {
    invitationApi();
    // Nothing chosen: the invitation's language, the link's prefix.
    const router = renderApp('/es/auth/invitation/activate?token=app-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Activa tu cuenta' })).toBeTruthy();
    // Chosen before in this browser (the language menu's cookie): it comes first.
    setLocaleCookie('fr');
    await router.navigate('/es/auth/invitation/activate?token=app-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Activez votre compte' })).toBeTruthy();
    expect(where(router)).toBe('/fr/auth/invitation/activate?token=app-invitation-token');
    // An explicit ?locale comes before both, is remembered, and leaves the address.
    await router.navigate('/es/auth/invitation/activate?token=app-invitation-token&locale=pt');
    expect(await screen.findByRole('heading', { name: 'Ative sua conta' })).toBeTruthy();
    expect(where(router)).toBe('/pt/auth/invitation/activate?token=app-invitation-token');
    expect(document.cookie).toContain('i18n_redirected=pt');
    // The same rule on the sign-in page.
    await router.navigate('/?locale=es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(where(router)).toBe('/es');
    // An unknown ?locale only leaves the address.
    await router.navigate('/auth/invitation/ready?locale=de');
    expect(await screen.findByRole('heading', { name: 'Tu cuenta está lista' })).toBeTruthy();
    expect(where(router)).toBe('/es/auth/invitation/ready');
  });

  it('shows no problem under the untouched password field when the reader switches language, only after a submit', async () => {
    invitationApi();
    const ui = userEvent.setup();
    renderApp('/fr/auth/invitation/activate?token=app-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Activez votre compte' })).toBeTruthy();
    // The password field has the focus; the reader goes to the user menu instead of typing.
    await ui.click(screen.getByRole('button', { name: 'Ouvrir le menu utilisateur' }));
    await ui.click(await screen.findByRole('menuitem', { name: /^Langue/ }));
    await ui.click(await screen.findByRole('menuitemradio', { name: 'Português' }));
    expect(await screen.findByRole('heading', { name: 'Ative sua conta' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.queryByText('Ce champ est obligatoire')).toBeNull();
    expect(screen.queryByText('Este campo é obrigatório')).toBeNull();
    // Leaving the empty field is no error either; a submit is.
    await ui.click(screen.getByRole('heading', { name: 'Ative sua conta' }));
    expect(screen.queryByText('Este campo é obrigatório')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Ativar minha conta' }));
    expect(await screen.findByText('Este campo é obrigatório')).toBeTruthy();
  });

  it('shows a spinner named for what it does while the link is checked, in the page language', async () => {
    let answer: () => void = () => {};
    fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/invitation': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: linkStates['app-invitation-token'] });
        }),
    });
    renderApp('/es/auth/invitation/activate?token=app-invitation-token');
    expect(await screen.findByRole('progressbar', { name: 'Comprobando tu invitación…' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Nueva contraseña/)).toBeNull();
    answer();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Activa tu cuenta' })).toBeTruthy();
  });

  it('says on load, with no form, that a link was used, replaced, expired or is not valid, in the page language', async () => {
    invitationApi();
    const router = renderApp('/auth/invitation/activate?token=used-invitation-token');
    expect(await screen.findByRole('heading', { name: 'This invitation was used already' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/auth/password/forgot');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();

    await router.navigate('/auth/invitation/accept?token=replaced-invitation-token');
    expect(await screen.findByRole('heading', { name: 'A newer invitation was sent to you' })).toBeTruthy();
    expect(screen.getByText(/Use the link in the latest invitation e-mail/)).toBeTruthy();

    await router.navigate('/pt/auth/invitation/activate?token=expired-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Este convite expirou' })).toBeTruthy();
    expect(screen.getByText('Os convites valem por 14 dias. Peça ao seu administrador para enviar um novo.')).toBeTruthy();

    await router.navigate('/pt/auth/invitation/activate?token=unknown-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Este link de convite não funciona' })).toBeTruthy();
    // A token cut short by a mail client: said without asking the server.
    await router.navigate('/auth/invitation/activate?token=short');
    expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('sends each invitation to its page: a Viewer on the console page to activation, an admin on activation to the console page', async () => {
    invitationApi();
    const router = renderApp('/es/auth/invitation/accept?token=app-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Activa tu cuenta' })).toBeTruthy();
    expect(where(router)).toBe('/es/auth/invitation/activate?token=app-invitation-token');
    await router.navigate('/auth/invitation/activate?token=console-invitation-token');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(where(router)).toBe('/auth/invitation/accept?token=console-invitation-token');
  });

  it('shows the state of a link used up while its form was open, rather than a refusal', async () => {
    let used = false;
    invitationApi({
      'GET /api/auth/invitation': () => ({ body: used ? { state: 'used' } : { state: 'valid', invitation: invitationOf('app') } }),
      'POST /api/auth/invitation/activate': () => {
        used = true;
        return { status: 400, body: { statusCode: 400, code: 'INVITATION_INVALID', message: 'no longer works' } };
      },
    });
    renderApp('/auth/invitation/activate?token=app-invitation-token');
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), { target: { value: 'Abcdefgh1!' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), { target: { value: 'Abcdefgh1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect(await screen.findByRole('heading', { name: 'This invitation was used already' })).toBeTruthy();
  });

  it('says the account is ready without an address when the platform app has none configured', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/fr/auth/invitation/ready');
    expect(await screen.findByRole('heading', { name: 'Votre compte est prêt' })).toBeTruthy();
    expect(screen.getByText(/Connectez-vous à l’application Workframe avec votre adresse e-mail/)).toBeTruthy();
    expect(screen.getByText('Votre administrateur peut vous dire où ouvrir l’application Workframe.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Ouvrir/ })).toBeNull();
  });

  it('resets a forgotten password from the sign-in page: the same answer, then a link checked on load, in Spanish', async () => {
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'GET /api/auth/password/check': () => ({
        body: { user: { email: 'ana@acme.example', temporary: true }, ssoData: { required: false, providers: [] } },
      }),
      'POST /api/auth/password-reset/request': () => ({ body: { requested: true } }),
    });
    const ui = userEvent.setup();
    renderApp('/es');
    await ui.type(await screen.findByRole('textbox', { name: /^Correo/ }), 'ana@acme.example');
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }));
    await ui.click(await screen.findByRole('link', { name: '¿Has olvidado tu contraseña?' }));
    expect(await screen.findByRole('heading', { name: 'Restablece tu contraseña' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Correo/ })).toHaveProperty('value', 'ana@acme.example');
    await ui.click(screen.getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText(/Si ana@acme.example pertenece a una cuenta/)).toBeTruthy();
    // The page's language goes with it: the e-mail's, for a person without one of their own.
    expect(calls.find((c) => c.path === '/api/auth/password-reset/request')?.body).toEqual({ email: 'ana@acme.example', locale: 'es' });
  });

  it('says at once that a used reset link does not work, and sets the password with a good one, ending every session', async () => {
    const calls = fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'POST /api/auth/password-reset/check': (call) =>
        (call.body as { token: string }).token === 'good-reset-token-1'
          ? { body: { email: 'ana@acme.example' } }
          : { status: 400, body: { statusCode: 400, code: 'PASSWORD_RESET_INVALID', message: 'used' } },
      'POST /api/auth/password-reset': () => ({ body: { passwordReset: true, ssoLoginOnly: false } }),
    });
    const used = renderApp('/auth/password/reset?token=spent-reset-token-1');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByText('This password reset link is not valid: it was used already or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/auth/password/forgot');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();

    await used.navigate('/auth/password/reset?token=good-reset-token-1');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(await screen.findByText(/For ana@acme.example\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password/, { selector: 'input' }), { target: { value: 'Abcdefgh1!' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/, { selector: 'input' }), { target: { value: 'Abcdefgh1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByText(/every session of your account was ended/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/password-reset')?.body).toEqual({
      token: 'good-reset-token-1',
      password: 'Abcdefgh1!',
    });
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

  it('says a malformed sign-in link is not valid, not that a form has errors', async () => {
    fakeApi({
      'GET /api/app-config': () => ({ body: appConfig }),
      'POST /api/auth/custom': () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'The request is not valid.',
          details: [{ path: '/token', message: 'Too small', in: 'body' }],
        },
      }),
      'DELETE /api/logout': () => ({ body: { loggedOut: true } }),
    });
    renderApp('/es/auth/custom/sign-in?token=abc');
    expect(await screen.findByRole('heading', { name: 'No se pudo iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Este enlace no es válido o ha caducado.');
    expect(screen.queryByText('Hay errores en el formulario')).toBeNull();
  });

  it('answers 404 for an auth page that does not exist', async () => {
    fakeApi({ 'GET /api/app-config': () => ({ body: appConfig }) });
    renderApp('/auth/nowhere/success');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});
