/** The single sign-on connections section in jsdom against the scripted API: the list, adding one, the test's outcome, the refusals. */
import type { SamlCertificateView, SsoConnectionView } from '@console/contracts/sso-connections';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { formatDateTime } from '../../lib/format';
import { fakeApi } from '../../test/app';
import { aConnection, aSamlConnection, fingerprint } from '../../test/sso-connections';
import { ConnectionsSection } from './ConnectionsSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = '00000000-0000-4000-8000-000000000001';

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
  it('shows each connection with its callback URL to copy, never its secret, its last sign-in, and its refusals in words', async () => {
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({
        body: {
          connections: [aConnection(1), aConnection(2, { name: 'Entra', lastSignInAt: '2026-12-02T08:30:00.000Z' })],
          total: 2,
        },
      }),
      [`GET /api/sso-connection/${id}/refusals`]: () => ({
        body: { refusals: [{ at: '2026-12-01T11:00:00.000Z', reasonCode: 'issuer_mismatch', reason: 'It names https://evil.example.' }] },
      }),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Okta' })).toBeTruthy();
    expect(screen.getByText(`https://console.example/api/auth/sso/connections/${id}/callback`)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Copy the callback URL' })).toHaveLength(2);
    expect(screen.getAllByText('ending in WXYZ')).toHaveLength(2);
    // What "SSO login only" asks of a connection: that someone has signed in through it.
    expect(screen.getByText('Nobody has signed in through it yet.')).toBeTruthy();
    expect(screen.getByText(`Last sign-in through it ${formatDateTime('2026-12-02T08:30:00.000Z')}`)).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Refused sign-ins' })[0]);
    const list = await screen.findByRole('list', { name: 'Refused sign-ins' });
    expect(within(list).getByText(/The ID token names another issuer\./).textContent).toContain('It names https://evil.example.');
    // In the console's one date format (decision 060), as every date on the screen.
    expect(within(list).getByText(formatDateTime('2026-12-01T11:00:00.000Z')).tagName).toBe('TIME');
    expect(calls.some((c) => c.path === `/api/sso-connection/${id}/refusals`)).toBe(true);
  });

  it('says what to do when "SSO login only" keeps the connection: the last one people signed in through', async () => {
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({
        body: { connections: [aConnection(1, { lastSignInAt: '2026-12-02T08:30:00.000Z' })], total: 1 },
      }),
      [`PATCH /api/sso-connection/${id}`]: () => ({
        status: 409,
        body: { statusCode: 409, code: 'SSO_LOGIN_ONLY_LAST_CONNECTION', message: 'This is the last enabled connection…' },
      }),
    });
    renderSection();
    const toggle = await screen.findByRole('switch', { name: 'Enabled' });
    await userEvent.click(toggle);
    expect(
      await screen.findByText(
        '“SSO login only” is on and this is your organization’s last enabled connection that people have signed in through: without it, nobody could sign in. Ask support to turn “SSO login only” off first, or first sign in through another enabled connection.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false });
    expect(toggle).toHaveProperty('checked', true);
  });

  it('adds an OpenID Connect connection with its secret, sent once', async () => {
    let listed: SsoConnectionView[] = [];
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: listed, total: listed.length } }),
      'POST /api/sso-connections': () => {
        listed = [aConnection(1, { name: 'Entra' })];
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
      'GET /api/sso-connections': () => ({ body: { connections: [aConnection(1)], total: 1 } }),
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

describe('a SAML connection in the section', () => {
  const samlConnection = (overrides: Partial<SsoConnectionView> = {}) => aSamlConnection(1, overrides);

  it('shows our entity ID, ACS URL and metadata to copy and download, the certificates with their expiry, and removes one', async () => {
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: [samlConnection()], total: 1 } }),
      [`DELETE /api/sso-connection/${id}/saml/certificate/${encodeURIComponent(fingerprint('AA'))}`]: () => ({
        body: { connection: samlConnection() },
      }),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Okta SAML' })).toBeTruthy();
    expect(screen.getByText(`https://console.example/api/auth/sso/connections/${id}/saml/acs`)).toBeTruthy();
    for (const name of ['Copy the entity ID', 'Copy the ACS URL', 'Copy the metadata URL'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the metadata XML' }).getAttribute('href')).toBe(
      `https://console.example/api/auth/sso/connections/${id}/saml/metadata`,
    );
    // The certificate ending within 30 days is named by its fingerprint, with its date and what to do; the other is not.
    const notices = screen.getAllByRole('alert');
    expect(notices).toHaveLength(1);
    expect(notices[0].textContent).toBe(
      `The signing certificate with SHA-256 fingerprint ${fingerprint('AA')} expires on ${formatDateTime('2026-12-20T00:00:00.000Z')}. ` +
        'Your identity provider will sign with a new one around then, and responses signed with a certificate this connection does not trust are refused. ' +
        'Before then, give the metadata again or “Trust another certificate” with the new one; remove this one once the identity provider signs with the new one.',
    );
    const certificates = screen.getByRole('list', { name: 'Trusted signing certificates' });
    expect(within(certificates).getAllByText('Expires soon')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: `Remove the certificate ${fingerprint('AA')}` }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Stop trusting this certificate?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Stop trusting it' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toBeTruthy());
  });

  it('says which certificate expired and what to do; a connection whose certificates are far from their end shows no warning', async () => {
    const [old, next] = samlConnection().saml!.certificates;
    const withCertificates = (id: string, certificates: SamlCertificateView[]) =>
      samlConnection({ id, name: `SAML ${id.slice(-1)}`, saml: { ...samlConnection().saml!, certificates } });
    fakeApi({
      'GET /api/sso-connections': () => ({
        body: {
          connections: [
            withCertificates('00000000-0000-4000-8000-000000000002', [{ ...old, expiry: 'expired' }, next]),
            withCertificates('00000000-0000-4000-8000-000000000003', [next]),
          ],
          total: 2,
        },
      }),
    });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'SAML 3' })).toBeTruthy();
    const notices = screen.getAllByRole('alert');
    expect(notices.map((n) => n.textContent)).toEqual([
      `The signing certificate with SHA-256 fingerprint ${fingerprint('AA')} expired on ${formatDateTime(old.notAfter)}. ` +
        'If your identity provider now signs with a new one, make sure this connection trusts it (give the metadata again or “Trust another certificate”), then remove this one.',
    ]);
    expect(screen.getByText('Expired')).toBeTruthy();
  });

  it('adds a SAML connection and gives its metadata as an uploaded XML file, or by URL', async () => {
    let listed: SsoConnectionView[] = [];
    const calls = fakeApi({
      'GET /api/sso-connections': () => ({ body: { connections: listed, total: listed.length } }),
      'POST /api/sso-connections': () => {
        listed = [
          samlConnection({ samlConfigured: false, saml: { ...samlConnection().saml!, idpEntityId: null, ssoUrl: null, certificates: [] } }),
        ];
        return { body: { connection: listed[0] } };
      },
      [`PUT /api/sso-connection/${id}/saml/metadata`]: () => {
        listed = [samlConnection()];
        return { body: { connection: listed[0] } };
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a SAML connection' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /^Issuer/ })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Okta SAML');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'saml', name: 'Okta SAML' }));
    expect(await screen.findByText(/Not set up yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Give the metadata' }));
    const metadata = await screen.findByRole('dialog');
    const xml = '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="http://www.okta.com/exk1"/>';
    const input = metadata.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([xml], 'okta-metadata.xml', { type: 'text/xml' }));
    expect(await within(metadata).findByText('okta-metadata.xml chosen')).toBeTruthy();
    await userEvent.click(within(metadata).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ source: 'upload', xml }));

    await userEvent.click(await screen.findByRole('button', { name: 'Give the metadata' }));
    const byUrl = await screen.findByRole('dialog');
    await userEvent.click(within(byUrl).getByRole('radio', { name: 'Read it from a URL' }));
    await userEvent.type(within(byUrl).getByRole('textbox', { name: /^Metadata URL/ }), 'https://acme.okta.example/metadata');
    await userEvent.click(within(byUrl).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ source: 'url', url: 'https://acme.okta.example/metadata' }),
    );
  });

  it('says in words why a SAML sign-in was refused, and that a daily read failed', async () => {
    fakeApi({
      'GET /api/sso-connections': () => ({
        body: {
          connections: [
            samlConnection({
              saml: {
                ...samlConnection().saml!,
                metadataUrl: 'https://acme.okta.example/metadata',
                metadataFailedAt: '2026-12-02T03:17:00.000Z',
                metadataError: 'https://acme.okta.example answered 503 for the metadata, not 200.',
              },
            }),
          ],
          total: 1,
        },
      }),
      [`GET /api/sso-connection/${id}/refusals`]: () => ({
        body: {
          refusals: [
            {
              at: '2026-12-01T11:00:00.000Z',
              reasonCode: 'SAML_UNTRUSTED_CERTIFICATE',
              reason: 'Signed with SHA-256 fingerprint CC:…, expected AA:….',
            },
          ],
        },
      }),
    });
    renderSection();
    expect(await screen.findByText(/The daily read of the metadata failed .* answered 503/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refused sign-ins' }));
    const list = await screen.findByRole('list', { name: 'Refused sign-ins' });
    expect(within(list).getByText(/Signed with a certificate this connection does not trust\./).textContent).toContain('expected AA');
  });
});
