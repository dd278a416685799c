/** The single sign-on connections section in jsdom against the scripted API: the list, adding one, the test's outcome, the refusals. */
import type { SsoConnectionView } from '@console/contracts/sso-connections';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { fakeApi } from '../../test/app';
import { ConnectionsSection } from './ConnectionsSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = '00000000-0000-4000-8000-000000000001';
const aConnection = (overrides: Partial<SsoConnectionView> = {}): SsoConnectionView => ({
  id,
  kind: 'oidc',
  name: 'Okta',
  enabled: true,
  issuer: 'https://acme.okta.example',
  clientId: 'console',
  clientSecretLast4: 'WXYZ',
  samlConfigured: false,
  jit: false,
  jitRole: 'viewer',
  groupRoles: [],
  callbackUrl: `https://console.example/api/auth/sso/connections/${id}/callback`,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

function renderSection(path = '/single-sign-on') {
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <ConnectionsSection />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the single sign-on connections section', () => {
  it('shows each connection with its callback URL to copy, never its secret, and its refusals in words', async () => {
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: [aConnection()], total: 1 } }),
      [`GET /api/sso-connection/${id}/refusals`]: () => ({
        body: { refusals: [{ at: '2026-12-01T11:00:00.000Z', reasonCode: 'issuer_mismatch', reason: 'It names https://evil.example.' }] },
      }),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Okta' })).toBeTruthy();
    expect(screen.getByText(`https://console.example/api/auth/sso/connections/${id}/callback`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the callback URL' })).toBeTruthy();
    expect(screen.getByText('ending in WXYZ')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refused sign-ins' }));
    const list = await screen.findByRole('list', { name: 'Refused sign-ins' });
    expect(within(list).getByText(/The ID token names another issuer\./).textContent).toContain('It names https://evil.example.');
    expect(calls.some((c) => c.path === `/api/sso-connection/${id}/refusals`)).toBe(true);
  });

  it('adds an OpenID Connect connection with its secret, sent once', async () => {
    let listed: SsoConnectionView[] = [];
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: listed, total: listed.length } }),
      'POST /api/sso-connections': () => {
        listed = [aConnection({ name: 'Entra' })];
        return { body: { connection: listed[0] } };
      },
    });
    renderSection();
    expect(await screen.findByText('No connection yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add an OpenID Connect connection' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Entra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Issuer/ }), 'https://login.acme.example');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'console');
    await userEvent.type(within(dialog).getByLabelText(/^Client secret/), 's3cret-from-the-provider');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      kind: 'oidc',
      name: 'Entra',
      issuer: 'https://login.acme.example',
      clientId: 'console',
      clientSecret: 's3cret-from-the-provider',
    });
    expect(await screen.findByRole('heading', { name: 'Entra' })).toBeTruthy();
    expect(screen.queryByText('s3cret-from-the-provider')).toBeNull();
  });

  it('shows what a test saw when the provider sends the admin back', async () => {
    fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: [aConnection()], total: 1 } }),
      [`GET /api/sso-connection/${id}/test`]: () => ({
        body: {
          test: {
            at: '2026-12-01T11:00:00.000Z',
            outcome: 'refused',
            reasonCode: 'domain_not_verified',
            reason: 'borg.example is not one of your organization’s verified domains.',
            claims: { email: 'ann@borg.example' },
            profile: null,
          },
        },
      }),
    });
    renderSection(`/single-sign-on?test=${id}`);
    const status = await screen.findByRole('status');
    expect(within(status).getByText('The address’s domain is not verified for your organization.'.replace('’', "'"))).toBeTruthy();
    expect(within(status).getByText(/ann@borg\.example/)).toBeTruthy();
  });
});
