/**
 * The dashboard's integration health card against a scripted API held to the contracts, in
 * French, Spanish and Portuguese: each part only for what the organization uses, its figures
 * (failing and disabled endpoints, how long the oldest delivery has waited, the last SCIM
 * request refused with its reason, the trail's newest events as the trail words them) in the
 * page's language, and a link to each part's screen; a new organization gets one friendly line.
 */
import type { EventView } from '@console/contracts/events';
import type { IntegrationHealth } from '@console/contracts/integration-health';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { renderSignedIn } from '../../test/app';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An event of `n` minutes and a half ago: the half minute is the test's slack before it reads as a minute more. */
const event = (n: number, overrides: Partial<EventView>): EventView => ({
  id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
  action: 'access_key.rolled',
  occurredAt: ago(n * MINUTE + MINUTE / 2),
  organizationId: id(2),
  actor: { type: 'user', id: id(101), name: 'Nadia Fischer' },
  targets: [{ type: 'access_key', id: id(201), name: 'LMS sync' }],
  data: {},
  ...overrides,
});

const REFUSAL =
  'This user is an Organizational Admin of the console: provisioning cannot deactivate them unless the organization lets the identity provider manage Organizational Admins (Provisioning screen).';

const unused: IntegrationHealth = { webhooks: null, provisioning: null, auditTrail: { events: [] } };

/** Made when a test starts: its times are so long ago, whole minutes and a half. */
const everything = (): IntegrationHealth => ({
  webhooks: { endpoints: 4, failing: 1, disabled: 2, disabledForFailing: 1, oldestWaitingSince: ago(2 * HOUR + 20 * MINUTE) },
  provisioning: {
    lastCallAt: ago(5.5 * MINUTE),
    lastEvent: {
      id: id(301),
      at: ago(5.5 * MINUTE),
      kind: 'refused',
      resourceType: 'User',
      resourceName: 'nadia@acme.example',
      method: 'PATCH',
      status: 403,
      reason: REFUSAL,
    },
  },
  auditTrail: {
    events: [
      event(3, {}),
      event(30, {
        action: 'webhook.disabled',
        actor: { type: 'system', id: null, name: 'system' },
        targets: [{ type: 'webhook', id: id(401), name: 'https://hooks.acme.example/in' }],
      }),
    ],
  },
});

/** The dashboard as an Organizational Admin, its other cards answered, the health as given. */
function renderHealth(path: string, health: IntegrationHealth | (() => { status: number; body: unknown })) {
  return renderSignedIn(path, {
    api: {
      'GET /api/integration-health': typeof health === 'function' ? health : () => ({ body: health }),
      'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }),
      'GET /api/user-imports': () => ({ body: { userImports: [], total: 0 } }),
      'GET /api/settings/documentation': () => ({ body: { documentationURL: 'http://localhost:3000/api/v1/reference' } }),
    },
  });
}

const card = async (title: string) =>
  within((await screen.findByRole('heading', { level: 2, name: title })).closest('.MuiCard-root') as HTMLElement);
const part = async (c: ReturnType<typeof within>, name: string) => within(await c.findByRole('region', { name }));

describe('the integration health card', () => {
  it('tells a French admin what fails, what waits, the last SCIM request and the newest events, each with its screen', async () => {
    const health = everything();
    renderHealth('/fr/dashboard', health);
    const shown = await card('État des intégrations');

    const webhooks = await part(shown, 'Webhooks');
    expect(webhooks.getByTestId('health-endpoints').textContent).toBe(
      '3 sur 4 en échec ou désactivésEn échec : 1 · Désactivés après des échecs : 1 · Désactivés par un administrateur : 1',
    );
    // Waiting 2 h 20 min: whole hours, in French; the exact time on hover, in the console's format.
    const waited = webhooks.getByText('2 h');
    expect(waited.tagName).toBe('TIME');
    expect(waited.getAttribute('title')).toBe(formatDateTime(health.webhooks?.oldestWaitingSince));
    expect(webhooks.getByRole('link', { name: 'Ouvrir Webhooks' }).getAttribute('href')).toBe('/fr/webhooks');

    const provisioning = await part(shown, 'Provisionnement');
    expect(provisioning.getAllByText('il y a 5 minutes')).toHaveLength(2);
    const request = provisioning.getByTestId('health-scim-request');
    expect(within(request).getByText('Refusé')).toBeTruthy();
    expect(within(request).getByText('Utilisateur nadia@acme.example')).toBeTruthy();
    expect(request.textContent).toContain('PATCH 403');
    // The reason as SCIM gave it, as the Provisioning screen shows it.
    expect(within(request).getByText(REFUSAL)).toBeTruthy();
    expect(provisioning.getByRole('link', { name: 'Ouvrir Provisionnement' }).getAttribute('href')).toBe('/fr/provisioning');

    const trail = await part(shown, 'Journal d’audit');
    const items = within(trail.getByRole('list', { name: 'Événements les plus récents' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Nadia Fischer a renouvelé la clé d’accès LMS syncil y a 3 minutes',
      'Le webhook https://hooks.acme.example/in a été désactivé : tous les envois échouaient depuis des joursil y a 30 minutes',
    ]);
    expect(trail.getByRole('link', { name: 'Ouvrir le journal d’audit' }).getAttribute('href')).toBe('/fr/audit-trail');
    expect(shown.queryByTestId('health-unused')).toBeNull();
  });

  it('gives a new Spanish organization one friendly line and no empty part', async () => {
    renderHealth('/es/dashboard', unused);
    const health = await card('Estado de las integraciones');
    expect((await health.findByTestId('health-unused')).textContent).toBe(
      'Aún no usas webhooks ni aprovisionamiento. Cuando añadas un endpoint de webhook o conectes tu proveedor de identidad, aquí verás cómo funcionan.',
    );
    expect(health.queryAllByRole('region')).toEqual([]);
    expect(health.queryAllByRole('link')).toEqual([]);
  });

  it('shows a Spanish organization without webhooks or provisioning only its trail, and the line about the rest', async () => {
    renderHealth('/es/dashboard', { ...unused, auditTrail: { events: [event(1, {})] } });
    const health = await card('Estado de las integraciones');
    await health.findByTestId('health-unused');
    expect(health.getAllByRole('region').map((r) => within(r).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Registro de auditoría',
    ]);
    expect(health.getByText('Nadia Fischer renovó la clave de acceso LMS sync')).toBeTruthy();
    expect(health.getByRole('link', { name: 'Abrir el registro de auditoría' }).getAttribute('href')).toBe('/es/audit-trail');
  });

  it('says in Portuguese when every endpoint delivers, nothing waits and the identity provider never called', async () => {
    renderHealth('/pt/dashboard', {
      webhooks: { endpoints: 2, failing: 0, disabled: 0, disabledForFailing: 0, oldestWaitingSince: null },
      provisioning: { lastCallAt: null, lastEvent: null },
      auditTrail: { events: [] },
    });
    const health = await card('Saúde das integrações');
    const webhooks = await part(health, 'Webhooks');
    expect(webhooks.getByTestId('health-endpoints').textContent).toBe('2, todos entregando');
    expect(webhooks.getByText('Nada aguardando entrega')).toBeTruthy();
    const provisioning = await part(health, 'Provisionamento');
    expect(provisioning.getByText('Ainda não: seu provedor de identidade não chamou')).toBeTruthy();
    expect(provisioning.getByText('Nenhuma registrada ainda')).toBeTruthy();
    // Used parts, no trail yet: no line about what is unused, no empty trail.
    expect(health.queryByTestId('health-unused')).toBeNull();
    expect(health.queryByRole('region', { name: 'Trilha de auditoria' })).toBeNull();
  });

  it('says so in the card when the health cannot be loaded, never as an unused organization', async () => {
    renderHealth('/es/dashboard', () => ({ status: 403, body: { statusCode: 403, code: 'SOMETHING_UNTRANSLATED', message: 'no' } }));
    const health = await card('Estado de las integraciones');
    expect((await health.findByRole('alert')).textContent).toContain('No se pudo cargar el estado de las integraciones.');
    expect(health.queryByTestId('health-unused')).toBeNull();
  });
});
