/**
 * The Provisioning screen in jsdom against a scripted API: the base URL, a token named when
 * made and revealed once, renamed, rolled and revoked by its name (typed), in English and in
 * French, the defaults, the Organizational Admins setting (asked before it is turned on,
 * saved on its own), the events, failures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, screenPosts } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const token = (n: number, extra: object = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: n === 1 ? 'Okta production' : 'Entra ID production',
  prefix: `wfs_Ab${n}x`,
  last4: `99${n}9`,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Ada Admin',
  lastUsedAt: null,
  expiresAt: null,
  ...extra,
});

const state = (tokens: object[] = []) => ({
  baseUrl: 'https://console.example.com/api/scim/v2',
  tokens,
  config: { defaultRole: 'viewer', defaultWorkspaceIds: [], sendInvitations: false, managesAdmins: false },
  workspaces: [
    { id: '11111111-1111-4111-8111-111111111111', name: 'Assembly' },
    { id: '22222222-2222-4222-8222-222222222222', name: 'Quality' },
  ],
  lastCallAt: null,
});

const noEvents = () => ({ body: { events: [], total: 0 } });

describe('the Provisioning screen', () => {
  it('shows the base URL, creates a token with the name typed and reveals its secret once', async () => {
    const user = userEvent.setup();
    let tokens: object[] = [];
    const { calls } = renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: state(tokens) }),
        'GET /api/provisioning/events': noEvents,
        'POST /api/provisioning/tokens': ({ body }) => {
          tokens = [token(1, body as object)];
          return { status: 201, body: { token: tokens[0], secret: 'wfs_secretsecretsecretsecretsecretse123456' } };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Provisioning' })).toBeTruthy();
    expect((await screen.findByTestId('scim-base-url')).textContent).toBe('https://console.example.com/api/scim/v2');
    expect(screen.getByText('No provisioning call yet.')).toBeTruthy();
    expect(screen.getByText('There is no token yet. Create one and paste it in your identity provider.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const naming = await screen.findByRole('dialog', { name: 'New SCIM token' });
    const name = within(naming).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Nothing is made without a name.
    await user.click(within(naming).getByRole('button', { name: 'Create token' }));
    expect(await within(naming).findByText('This field is required')).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);
    // The field in error takes the focus back, once the form has said what is wrong.
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.type(name, '  Okta production ');
    expect(await within(naming).findByText('18/100')).toBeTruthy();
    await user.click(within(naming).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new SCIM token “Okta production”' });
    expect(screen.queryByRole('dialog', { name: 'New SCIM token' })).toBeNull();
    expect(within(dialog).getByText('wfs_secretsecretsecretsecretsecretse123456')).toBeTruthy();
    // The dialog covers the Connection part: it shows the base URL the token goes with, copiable.
    expect(within(dialog).getByTestId('revealed-companion').textContent).toBe('https://console.example.com/api/scim/v2');
    expect(within(dialog).getByRole('button', { name: 'Copy the SCIM base URL' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(within(table).getByText('Okta production')).toBeTruthy();
    expect(within(table).getByText('wfs_Ab1x…9919')).toBeTruthy();
    expect(screen.queryByText('wfs_secretsecretsecretsecretsecretse123456')).toBeNull();
    // The dialog that named it has gone: the focus goes to the new token's row, not to the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(within(table).getByText('Okta production').closest('tr')));
    expect(screenPosts(calls).map((c) => [c.path, c.body])).toEqual([['/api/provisioning/tokens', { name: 'Okta production' }]]);
  });

  it('at the cap, says so and offers no new token; revoking asks for the token’s name typed', async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: state([token(1), token(2, { expiresAt: '2026-11-21T10:00:00.000Z' })]) }),
        'GET /api/provisioning/events': noEvents,
        'DELETE /api/provisioning/token/00000000-0000-4000-8000-000000000001': () => ({ body: { token: token(1) } }),
      },
    });
    expect(await screen.findByText('Your organization has the most tokens allowed (2): revoke one to create another.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'New token' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Works until/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke the token Okta production' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the token “Okta production”?' });
    const confirmButton = within(dialog).getByRole('button', { name: 'Revoke' }) as HTMLButtonElement;
    expect(confirmButton.disabled).toBe(true);
    const typed = within(dialog).getByRole('textbox', { name: 'Type “Okta production” to confirm' });
    // The other token's name does not confirm this one.
    await user.type(typed, 'Entra ID production');
    expect(confirmButton.disabled).toBe(true);
    await user.clear(typed);
    await user.type(typed, 'Okta production');
    await user.click(confirmButton);
    expect(await screen.findByText('The token “Okta production” was revoked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('in French, by keyboard: names a new token, says what is wrong with a name, keeps it when refused, renames and rolls by name', async () => {
    const user = userEvent.setup();
    let tokens: { id: string; name: string }[] = [token(1)];
    let refuseNext = true;
    const { calls } = renderSignedIn('/fr/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: state(tokens) }),
        'GET /api/provisioning/events': noEvents,
        'POST /api/provisioning/tokens': ({ body }) => {
          if (refuseNext) {
            refuseNext = false;
            return { status: 409, body: { statusCode: 409, code: 'SCIM_TOKEN_LIMIT_REACHED', message: 'x', details: { max: 2 } } };
          }
          const made = token(2, body as object);
          tokens = [...tokens, made];
          return { status: 201, body: { token: made, secret: 'wfs_secretsecretsecretsecretsecretse654321' } };
        },
        'PATCH /api/provisioning/token/00000000-0000-4000-8000-000000000001': ({ body }) => {
          tokens = tokens.map((x) => (x.id === token(1).id ? { ...x, ...(body as object) } : x));
          return { body: { token: tokens[0] } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Jetons' });
    expect(within(table).getByText('Okta production')).toBeTruthy();
    expect(within(table).getByText('wfs_Ab1x…9919')).toBeTruthy();

    screen.getByRole('button', { name: 'Nouveau jeton' }).focus();
    await user.keyboard('{Enter}');
    const naming = await screen.findByRole('dialog', { name: 'Nouveau jeton SCIM' });
    expect(within(naming).getByText(/Donnez-lui le nom du fournisseur d’identité/)).toBeTruthy();
    const name = within(naming).getByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    await user.keyboard(`${'x'.repeat(101)}{Enter}`);
    expect(await within(naming).findByText('Utilisez au plus 100 caractères')).toBeTruthy();
    await user.clear(name);
    await user.keyboard('Entra\u202EID{Enter}');
    expect(await within(naming).findByText(/^Un nom ne peut pas contenir de caractères de contrôle/)).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);

    // Refused by the server (another admin made one meanwhile): said in French, the dialog keeps the name.
    await user.clear(name);
    await user.keyboard('Entra ID production{Enter}');
    expect(await screen.findByText(/^Votre organisation a atteint le nombre maximal de jetons SCIM/)).toBeTruthy();
    expect((within(naming).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe('Entra ID production');
    await user.keyboard('{Enter}');
    const reveal = await screen.findByRole('dialog', { name: 'Votre nouveau jeton SCIM « Entra ID production »' });
    await user.click(within(reveal).getByRole('button', { name: 'Je l’ai copié' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Jetons' })).getByText('Entra ID production')).toBeTruthy());
    expect(screenPosts(calls).map((c) => c.body)).toEqual([{ name: 'Entra ID production' }, { name: 'Entra ID production' }]);

    // Renamed: the dialog holds the current name, Enter saves the new one.
    screen.getByRole('button', { name: 'Renommer le jeton Okta production' }).focus();
    await user.keyboard('{Enter}');
    const renaming = await screen.findByRole('dialog', { name: 'Renommer le jeton « Okta production »' });
    const field = within(renaming).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement;
    expect(field.value).toBe('Okta production');
    await user.clear(field);
    await user.keyboard('Okta staging{Enter}');
    expect(await screen.findByText('Le jeton s’appelle désormais « Okta staging »')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: 'Okta staging' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Renommer/ })).toBeNull());

    // Rolling says the new token keeps the name.
    await user.click(await screen.findByRole('button', { name: 'Renouveler le jeton Okta staging' }));
    const rolling = await screen.findByRole('dialog', { name: 'Renouveler le jeton « Okta staging »' });
    expect(within(rolling).getByText('Le nouveau jeton garde le nom « Okta staging ».')).toBeTruthy();
  });

  it('saves the defaults of new users', async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: state() }),
        'GET /api/provisioning/events': noEvents,
        'PUT /api/provisioning/config': ({ body }) => ({ body: { config: body } }),
      },
    });
    const form = await screen.findByRole('form', { name: 'New users' });
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Publisher' }));
    await user.click(within(form).getByRole('combobox', { name: 'Workspaces' }));
    await user.click(await screen.findByRole('option', { name: 'Quality' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Send an invitation e-mail to new users' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings of new users were saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      defaultRole: 'publisher',
      defaultWorkspaceIds: ['22222222-2222-4222-8222-222222222222'],
      sendInvitations: true,
    });
  });

  it('keeps Organizational Admins from the identity provider until an admin confirms, by keyboard, that it may manage them', async () => {
    const user = userEvent.setup();
    let managesAdmins = false;
    const { calls } = renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: { ...state(), config: { ...state().config, managesAdmins } } }),
        'GET /api/provisioning/events': noEvents,
        'PUT /api/provisioning/config/managesAdmins': ({ body }) => {
          managesAdmins = (body as { managesAdmins: boolean }).managesAdmins;
          return { body: { managesAdmins } };
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Organizational Admins' });
    const toggle = within(section).getByRole('switch', { name: 'Let the identity provider manage Organizational Admins' });
    expect(toggle).toHaveProperty('checked', false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /cannot deactivate, delete, rename or change the e-mail of an Organizational Admin.*403/,
    );
    expect(within(section).queryByTestId('admins-managed')).toBeNull();

    // Turning it on asks first; cancelling changes nothing.
    toggle.focus();
    await user.keyboard(' ');
    let dialog = await screen.findByRole('alertdialog', { name: 'Let the identity provider manage Organizational Admins?' });
    expect(within(dialog).getByText(/lock you out of the console/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(toggle).toHaveProperty('checked', false);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    toggle.focus();
    await user.keyboard(' ');
    dialog = await screen.findByRole('alertdialog', { name: 'Let the identity provider manage Organizational Admins?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The identity provider can now manage Organizational Admins')).toBeTruthy();
    await waitFor(() => expect(within(section).getByRole('switch')).toHaveProperty('checked', true));
    expect(within(section).getByTestId('admins-managed').textContent).toMatch(/take over an admin account/);

    // Turning it off protects them again at once, without a question.
    within(section).getByRole('switch').focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Organizational Admins are out of the identity provider’s reach again')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(within(section).getByRole('switch')).toHaveProperty('checked', false));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/provisioning/config/managesAdmins', { managesAdmins: true }],
      ['/api/provisioning/config/managesAdmins', { managesAdmins: false }],
    ]);
  });

  it('shows the setting on when it is, and says so when it cannot be changed', async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: { ...state(), config: { ...state().config, managesAdmins: true } } }),
        'GET /api/provisioning/events': noEvents,
        'PUT /api/provisioning/config/managesAdmins': () => ({ status: 503, body: { statusCode: 503, code: 'SOMETHING', message: 'x' } }),
        'PUT /api/provisioning/config': ({ body }) => ({ body: { config: body } }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Organizational Admins' });
    const toggle = within(section).getByRole('switch', { name: 'Let the identity provider manage Organizational Admins' });
    expect(toggle).toHaveProperty('checked', true);
    expect(within(section).getByTestId('admins-managed')).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('The setting of Organizational Admins could not be changed.')).toBeTruthy();
    await waitFor(() => expect(within(section).getByRole('switch')).toHaveProperty('checked', true));

    // The defaults of new users are saved without it.
    const form = screen.getByRole('form', { name: 'New users' });
    await user.click(within(form).getByRole('checkbox', { name: 'Send an invitation e-mail to new users' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings of new users were saved')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisioning/config')?.body).toEqual({
      defaultRole: 'viewer',
      defaultWorkspaceIds: [],
      sendInvitations: true,
    });
  });

  it('lists the events with refusals and their reasons, and offers Retry when they fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderSignedIn('/provisioning', {
      api: {
        'GET /api/provisioning': () => ({ body: { ...state(), lastCallAt: '2026-11-22T08:00:00.000Z' } }),
        'GET /api/provisioning/events': () =>
          fail
            ? { status: 503, body: { statusCode: 503, code: 'SOMETHING', message: 'x' } }
            : {
                body: {
                  events: [
                    {
                      id: '00000000-0000-4000-8000-0000000000e2',
                      at: '2026-11-22T08:00:00.000Z',
                      kind: 'refused',
                      resourceType: 'User',
                      resourceName: 'ann@acme.example',
                      method: 'POST',
                      status: 409,
                      reason: 'A user with this userName already exists.',
                    },
                    {
                      id: '00000000-0000-4000-8000-0000000000e1',
                      at: '2026-11-22T07:00:00.000Z',
                      kind: 'created',
                      resourceType: 'User',
                      resourceName: 'ann@acme.example',
                      method: 'POST',
                      status: 201,
                      reason: null,
                    },
                  ],
                  total: 2,
                },
              },
      },
    });
    expect(await screen.findByText('The events could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Recent events' });
    expect(within(table).getByText('Refused')).toBeTruthy();
    expect(within(table).getByText('A user with this userName already exists.')).toBeTruthy();
    expect(screen.getByText(/^Last provisioning call:/)).toBeTruthy();
  });
});
