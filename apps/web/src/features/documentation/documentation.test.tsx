import { webhookPayload } from '@console/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/app';
import { curlExample, webhookVerificationExample } from './pages/DocumentationPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the documentation screen', () => {
  const headings = {
    '': 'API documentation',
    '/es': 'Documentación de la API',
    '/fr': 'Documentation de l’API',
    '/pt': 'Documentação da API',
  };
  /** How each language says that a key acting on its own is sent alone. */
  const keyAlone = {
    '': /acts on its own .* needs no idToken/,
    '/es': /actúa por sí sola .* no necesita idToken/,
    '/fr': /agit seule .* n’a pas besoin d’idToken/,
    '/pt': /atua sozinha .* não precisa de idToken/,
  };
  for (const [prefix, heading] of Object.entries(headings)) {
    it(`explains the external API in ${prefix || '/en'}, with a curl example and the reference`, async () => {
      renderSignedIn(`${prefix}/documentation`, {
        api: { 'GET /api/settings/documentation': () => ({ body: { documentationURL: 'http://localhost:3000/api/v1/reference/' } }) },
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.getAllByText(/apiKey/).length).toBeGreaterThan(0);
      expect(screen.getAllByText(/Authorization: Bearer/).length).toBeGreaterThan(1);
      expect(screen.getByText(keyAlone[prefix as keyof typeof keyAlone])).toBeTruthy();
      expect(screen.getByText(/curl -s -X POST/)).toBeTruthy();
      // Paths as they are called, under the API's base path; a receiver on a developer's machine is reached through a tunnel.
      expect(screen.getByText(/GET \/api\/v1\/events\)/)).toBeTruthy();
      expect(screen.getByText(/cloudflared tunnel --url http:\/\/localhost:3000/)).toBeTruthy();
      // The link points at the usual address at once, then at the one the server gives, in the page's language.
      const link = await screen.findByRole('link', { name: /API/ });
      const lang = prefix ? `?lang=${prefix.slice(1)}` : '';
      await waitFor(() => expect(link.getAttribute('href')).toBe(`http://localhost:3000/api/v1/reference/${lang}`));
    });
  }

  it('gives a curl example that gets a token, then calls the API with both headers', () => {
    const example = curlExample('https://console.example.com/api/v1');
    expect(example).toContain("curl -s -X POST 'https://console.example.com/api/v1/auth/token'");
    expect(example).toContain('-H "apiKey: $API_KEY"');
    expect(example).toContain('-H "Authorization: Bearer $TOKEN"');
  });

  it('gives a webhook receiver that reads what a delivery carries: its type and its event’s id', () => {
    // A delivery's body as the contract defines it; the example's log line must find both values in it.
    const id = '01a22084-e32a-7177-ad4e-b32ab41dbe9c';
    const body = webhookPayload.parse({
      type: 'access_key.created',
      timestamp: '2026-11-28T05:01:10.844Z',
      data: {
        id,
        action: 'access_key.created',
        occurredAt: '2026-11-28T05:01:10.844Z',
        organizationId: '8139b53e-1cac-46f9-9562-b41118b132a3',
        actor: { type: 'user', id: '01a22083-8b16-705f-af5e-8dd904583709', name: 'Nadia Fischer', ip: '127.0.0.1', userAgent: 'curl/8' },
        targets: [{ type: 'access_key', id: '45b40631-551e-4603-982f-f2d6819b9b50', name: 'Newcomer key' }],
        data: {},
      },
    });
    const logged = webhookVerificationExample.match(/console\.log\(([^)]*)\)/)?.[1];
    expect(logged).toBeDefined();
    const values = (logged ?? '').split(',').map((path) =>
      path
        .trim()
        .split('.')
        .slice(1)
        .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], body),
    );
    expect(values).toEqual(['access_key.created', id]);
    // Not on the console's own default port.
    expect(webhookVerificationExample).not.toMatch(/\.listen\(3000\)/);
  });
});
