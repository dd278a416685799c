/** The dashboard's cards against a scripted API: each shows its summary and links to its screen. */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { anAccessKey } from '../../test/access-keys';
import { renderSignedIn } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.setDefaultOptions(defaults);
});

const defaults = queryClient.getDefaultOptions();
/** The query client's own retries of a 5xx are tested with it; here one failure is the failure. */
const noRetries = () => queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
const serverError = { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'boom' } };

const key = (n: number, lastUsedAt: string | null) => anAccessKey(n, { name: `ERP ${n}`, keyLast4: `000${n}`, lastUsedAt });

/** The dashboard as an Organizational Admin: the other cards' calls answered, then `handlers`. */
const renderDashboard = (path: string, handlers: NonNullable<Parameters<typeof renderSignedIn>[1]>['api']) =>
  renderSignedIn(path, {
    api: {
      'GET /api/user-imports': () => ({ body: { userImports: [], total: 0 } }),
      'GET /api/settings/documentation': () => ({ body: { documentationURL: 'http://localhost:3000/api/v1/reference' } }),
      ...handlers,
    },
  });

describe('the dashboard', () => {
  it('summarises the keys: how many, the newest with their last use, and a link to the keys screen', async () => {
    renderDashboard('/fr/dashboard', {
      'GET /api/integrations': () => ({
        body: { integrations: [key(1, '2026-11-21T08:30:00.000Z'), key(2, null), key(3, null), key(4, null)], total: 24 },
      }),
    });
    const card = within((await screen.findByRole('heading', { name: 'Clés d’accès' })).closest('.MuiCard-root') as HTMLElement);
    expect(await card.findByText('24 clés dans votre organisation')).toBeTruthy();
    expect(card.getAllByRole('listitem')).toHaveLength(3);
    expect(card.getByText('ERP 1 · wfk_AbCd…0001')).toBeTruthy();
    expect(card.getByText(/^Dernière utilisation : 2026-11-21/)).toBeTruthy();
    expect(card.getAllByText('Pas encore utilisée')).toHaveLength(2);
    expect(card.getByRole('link', { name: 'Gérer les clés' }).getAttribute('href')).toBe('/fr/keys');
  });

  it('says so when the organization has no key', async () => {
    renderDashboard('/dashboard', { 'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }) });
    expect(await screen.findByText('There are no access keys yet.')).toBeTruthy();
  });

  it('shows an error in the card when the keys fail to load, and Retry asks again', async () => {
    noRetries();
    let fail = true;
    const { calls } = renderDashboard('/dashboard', {
      'GET /api/integrations': () => (fail ? serverError : { body: { integrations: [key(1, null)], total: 1 } }),
    });
    const card = within((await screen.findByRole('heading', { name: 'Access keys' })).closest('.MuiCard-root') as HTMLElement);
    expect((await card.findByRole('alert')).textContent).toContain('Something went wrong on the server.');
    expect(card.queryByText('There are no access keys yet.')).toBeNull();
    fail = false;
    fireEvent.click(card.getByRole('button', { name: 'Retry' }));
    expect(await card.findByText('1 key in your organization')).toBeTruthy();
    expect(card.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/integrations'))).toHaveLength(2);
  });

  it('never says "No imports yet." when the imports failed to load', async () => {
    noRetries();
    renderDashboard('/es/dashboard', {
      'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }),
      'GET /api/user-imports': () => ({ status: 403, body: { statusCode: 403, code: 'SOMETHING_UNTRANSLATED', message: 'no' } }),
    });
    const card = within(
      (await screen.findByRole('heading', { name: 'Importaciones de usuarios recientes' })).closest('.MuiCard-root') as HTMLElement,
    );
    expect((await card.findByRole('alert')).textContent).toContain('No se pudieron cargar las importaciones.');
    // A refusal does not pass on a second try: no Retry that can never work.
    expect(card.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(card.queryByText('Todavía no hay importaciones.')).toBeNull();
  });

  it('links the API card to the guide and to the interactive reference', async () => {
    renderDashboard('/es/dashboard', { 'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }) });
    const card = within((await screen.findByRole('heading', { name: 'API de integración' })).closest('.MuiCard-root') as HTMLElement);
    expect(card.getByRole('link', { name: 'Leer la guía' }).getAttribute('href')).toBe('/es/documentation');
    const reference = await card.findByRole('link', { name: /Abrir la referencia/ });
    expect(reference.getAttribute('href')).toBe('http://localhost:3000/api/v1/reference');
  });
});

describe('the account card', () => {
  it('shows the organization ID beside the button that copies it, and says so', async () => {
    renderDashboard('/es/dashboard', { 'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }) });
    const card = within((await screen.findByRole('heading', { name: 'Tu cuenta' })).closest('.MuiCard-root') as HTMLElement);
    const row = card.getByText('ID de la organización').closest('div') as HTMLElement;
    const button = within(row).getByRole('button', { name: 'Copiar el ID de la organización' });
    expect(button.closest('dd')?.textContent).toMatch(/^[0-9a-f-]{36}$/);
  });
});
