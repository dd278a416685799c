/**
 * The Single sign-on screen's domains in jsdom against the scripted API: claiming (a refusal
 * in words, by its reason), the TXT record with its copy buttons, Verify now and what the
 * last look found, removal after a confirmation that says what stops; and the Super
 * organization page's domains, verified by hand by staff who may change, read by the others.
 */
import type { DomainView } from '@console/contracts/domains';
import type { SsoConnectionView } from '@console/contracts/sso-connections';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { renderSignedIn, screenPosts } from '../../test/app';
import { anOrganization } from '../../test/organizations';
import { aConnection, aSamlConnection } from '../../test/sso-connections';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function aDomain(n: number, domain: string, overrides: Partial<DomainView> = {}): DomainView {
  return {
    id: id(n),
    domain,
    status: 'pending',
    recordName: `_workframe-verification.${domain}`,
    recordValue: `workframe-verification=token${n}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    verifiedAt: null,
    verifiedBy: null,
    lastCheckedAt: null,
    lastCheckError: null,
    ...overrides,
  };
}

const refused = (reason: string) => ({
  status: 400,
  body: { statusCode: 400, code: 'DOMAIN_INVALID', message: 'refused', details: { reason } },
});

describe('the Single sign-on screen', () => {
  it('claims a domain, checks an empty one before sending, and explains a refusal by its reason', async () => {
    const user = userEvent.setup();
    let domains: DomainView[] = [];
    const { calls } = renderSignedIn('/single-sign-on', {
      api: {
        'GET /api/domains': () => ({ body: { domains } }),
        'POST /api/domains': (call) => {
          const { domain } = call.body as { domain: string };
          if (domain === 'gmail.com') return refused('public');
          if (domain === 'workframe.io') return refused('staff');
          domains = [aDomain(1, domain.toLowerCase())];
          return { body: { domain: domains[0] } };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Single sign-on' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Verified domains' });
    expect(await within(section).findByText('No domain yet. Claim the first one above.')).toBeTruthy();

    const field = within(section).getByRole('textbox', { name: 'Domain' });
    await user.click(within(section).getByRole('button', { name: 'Claim domain' }));
    expect(within(section).getByText('Enter a domain.')).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);

    await user.type(field, 'gmail.com{Enter}');
    expect(await within(section).findByText(/This is the domain of a public mail service/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'workframe.io{Enter}');
    expect(await within(section).findByText("This is Workframe's own domain: an organization cannot claim it.")).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'ACME.example{Enter}');
    const item = await within(section).findByRole('listitem', { name: 'acme.example' });
    expect(within(item).getByText('Waiting for the TXT record')).toBeTruthy();
    expect(within(item).getByText('_workframe-verification.acme.example')).toBeTruthy();
    expect(within(item).getByText('workframe-verification=token1')).toBeTruthy();
    expect(within(item).getByRole('button', { name: "Copy the record's name" })).toBeTruthy();
    expect(within(item).getByRole('button', { name: "Copy the record's value" })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(screenPosts(calls).map((c) => c.body)).toEqual([
      { domain: 'gmail.com' },
      { domain: 'workframe.io' },
      { domain: 'ACME.example' },
    ]);
  });

  it('by keyboard, gives the focus to the field once Claim domain has been answered', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    renderSignedIn('/single-sign-on', {
      api: {
        'GET /api/domains': () => ({ body: { domains: [] } }),
        'POST /api/domains': () =>
          new Promise((resolve) => {
            answer = () => resolve(refused('public'));
          }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Verified domains' });
    const field = within(section).getByRole('textbox', { name: 'Domain' });
    await user.type(field, 'gmail.com');
    await user.tab();
    const claim = within(section).getByRole('button', { name: 'Claim domain' });
    expect(document.activeElement).toBe(claim);
    await user.keyboard('{Enter}');
    await waitFor(() => expect((claim as HTMLButtonElement).disabled).toBe(true));
    // A browser drops the focus of a control that becomes disabled (jsdom does not).
    claim.blur();
    answer();
    expect(await within(section).findByText(/This is the domain of a public mail service/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('copies the record’s value, says what Verify now found, and shows the domain verified', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let current = aDomain(1, 'acme.example');
    let looks = 0;
    renderSignedIn('/single-sign-on', {
      api: {
        'GET /api/domains': () => ({ body: { domains: [current] } }),
        [`POST /api/domain/${id(1)}/verify`]: () => {
          looks++;
          current =
            looks === 1
              ? { ...current, lastCheckedAt: '2026-11-20T10:05:00.000Z', lastCheckError: 'wrong_value' }
              : { ...current, status: 'verified', verifiedBy: 'dns', verifiedAt: '2026-11-20T10:10:00.000Z', lastCheckError: null };
          return { body: { domain: current } };
        },
      },
    });
    const item = await screen.findByRole('listitem', { name: 'acme.example' });
    await user.click(within(item).getByRole('button', { name: "Copy the record's value" }));
    expect(writeText).toHaveBeenCalledWith('workframe-verification=token1');

    await user.click(within(item).getByRole('button', { name: 'Verify now' }));
    const message =
      "Found TXT records at _workframe-verification.acme.example, but none with the expected value. Copy the value again and replace the record's.";
    await waitFor(() => expect(within(item).getByRole('status').textContent).toContain(message));

    await user.click(within(item).getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(within(item).getByText('Verified')).toBeTruthy());
    expect(within(item).queryByRole('button', { name: 'Verify now' })).toBeNull();
    expect(within(item).queryByText('_workframe-verification.acme.example')).toBeNull();
  });

  it('removes a verified domain only after a confirmation that says single sign-on stops for its addresses', async () => {
    const user = userEvent.setup();
    let domains = [aDomain(1, 'acme.example', { status: 'verified', verifiedBy: 'dns', verifiedAt: '2026-11-20T10:10:00.000Z' })];
    const { calls } = renderSignedIn('/single-sign-on', {
      api: {
        'GET /api/domains': () => ({ body: { domains } }),
        [`DELETE /api/domain/${id(1)}`]: () => {
          const removedDomain = domains[0];
          domains = [];
          return { body: { removedDomain } };
        },
      },
    });
    const item = await screen.findByRole('listitem', { name: 'acme.example' });
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove acme.example?' });
    expect(dialog.textContent).toContain(
      "Single sign-on will stop sending people with an @acme.example address to your organization's identity provider.",
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(await within(item).findByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove acme.example?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await screen.findByText('No domain yet. Claim the first one above.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/domain/${id(1)}`]);
  });
});

describe('the Super organization page’s domains', () => {
  const acme = anOrganization(900, { name: 'Acme Manufacturing', clientKey: 'acme', workspacesCount: 1 });
  let connections: () => SsoConnectionView[] = () => [];
  const page = (as: 'staff' | 'staffReader', domains: () => DomainView[], verify?: () => { body: { domain: DomainView } }) =>
    renderSignedIn(`/super/organizations/${acme.id}`, {
      as,
      api: {
        [`GET /api/organization/${acme.id}`]: () => ({ body: { organization: acme } }),
        [`GET /api/organization/${acme.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
        [`GET /api/organization/${acme.id}/domains`]: () => ({ body: { domains: domains() } }),
        ...(verify && { [`POST /api/organization/${acme.id}/domains/${id(1)}/verify`]: verify }),
        [`GET /api/organization/${acme.id}/sso-connections`]: () => ({ body: { connections: connections(), total: connections().length } }),
      },
    });

  it('lets staff who may change verify a pending domain by hand, after a confirmation', async () => {
    const user = userEvent.setup();
    let current = aDomain(1, 'acme.example', { lastCheckedAt: '2026-11-20T10:05:00.000Z', lastCheckError: 'no_record' });
    const { calls } = page(
      'staff',
      () => [current],
      () => {
        current = { ...current, status: 'verified', verifiedBy: 'staff', verifiedAt: '2026-11-21T10:00:00.000Z', lastCheckError: null };
        return { body: { domain: current } };
      },
    );
    // The first test here loads the section's chunk (and the page's), which a busy machine compiles slowly.
    const section = await screen.findByRole('region', { name: 'Verified domains' }, { timeout: 45_000 });
    const item = await within(section).findByRole('listitem');
    expect(within(item).getByText(/No TXT record found at _workframe-verification.acme.example/)).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Verify by hand' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Verify acme.example by hand?' });
    expect(dialog.textContent).toContain('records it as done by Workframe');
    await user.click(within(dialog).getByRole('button', { name: 'Verify domain' }));
    await waitFor(() => expect(within(section).getByText('Verified by Workframe')).toBeTruthy());
    expect(screenPosts(calls).map((c) => c.path)).toEqual([`/api/organization/${acme.id}/domains/${id(1)}/verify`]);
  });

  it('shows staff the organization’s connections, read-only: enabled or not, whether anyone has signed in through each, its provider, first arrival, certificates', async () => {
    connections = () => [
      aConnection(1, { name: 'Okta', lastSignInAt: '2026-12-02T08:30:00.000Z', jit: true, jitRole: 'publisher' }),
      aSamlConnection(2, { name: 'Old ADFS', enabled: false }),
    ];
    page('staffReader', () => []);
    const section = await screen.findByRole('region', { name: 'Single sign-on connections' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `OktaEnabledOpenID ConnectLast sign-in through it ${formatDateTime('2026-12-02T08:30:00.000Z')}` +
        'Identity provider: https://acme.okta.exampleFirst arrival creates people as Publisher.',
      'Old ADFSDisabledSAML 2.0Nobody has signed in through it yet.Identity provider: http://www.okta.com/exk1' +
        'First arrival is off: only people already in the organization sign in.' +
        `Trusted certificate CN=Old key, valid until ${formatDateTime('2026-12-20T00:00:00.000Z')}` +
        `Trusted certificate CN=New key, valid until ${formatDateTime('2029-11-01T00:00:00.000Z')}`,
    ]);
    // Read-only for every staff role, and no secret shown.
    expect(section.textContent).not.toContain('WXYZ');
    expect(within(section).queryByRole('button')).toBeNull();
    connections = () => [];
  });

  it('shows read-only staff the domains without the action', async () => {
    page('staffReader', () => [aDomain(1, 'acme.example')]);
    await screen.findByRole('heading', { level: 1, name: 'Acme Manufacturing' });
    const section = await screen.findByRole('region', { name: 'Verified domains' });
    expect(await within(section).findByText('acme.example')).toBeTruthy();
    expect(within(section).getByText('Waiting for the TXT record')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Verify by hand' })).toBeNull();
  });
});
