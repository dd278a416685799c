import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/app';
import { curlExample } from './pages/DocumentationPage';

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
  for (const [prefix, heading] of Object.entries(headings)) {
    it(`explains the external API in ${prefix || '/en'}, with a curl example and the reference`, async () => {
      renderSignedIn(`${prefix}/documentation`, {
        api: { 'GET /api/settings/documentation': () => ({ body: { documentationURL: 'http://localhost:3000/api/v1/reference/' } }) },
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.getAllByText(/apiKey/).length).toBeGreaterThan(0);
      expect(screen.getAllByText(/Authorization: Bearer/).length).toBeGreaterThan(1);
      expect(screen.getByText(/curl -s -X POST/)).toBeTruthy();
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
});
