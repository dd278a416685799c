/**
 * Every action of the contracts has, in every language, its sentence (with the actor or what
 * was acted on in it) and its short name for the action filter; every area, kind of actor
 * and kind of target its name. A new action without them fails here.
 */
import {
  type EventView,
  eventActions,
  eventActorTypes,
  eventAreas,
  eventTargetTypes,
  staffAsCustomersSeeThem,
} from '@console/contracts/events';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { loadCatalogue } from '../../i18n/catalogues';
import { locales } from '../../i18n/locales';
import { eventSentence } from './event-sentence';

const at = (value: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

describe('the audit trail’s texts', () => {
  for (const locale of locales)
    it(`${locale}: a sentence and a name for every action, and a name for every area, actor type and target type`, async () => {
      const { auditTrail } = await loadCatalogue(locale);
      const missing = [
        ...eventActions.flatMap((a) => [`sentences.${a}`, `actions.${a}`]),
        ...eventAreas.map((a) => `areas.${a}`),
        ...eventActorTypes.map((a) => `actorTypes.${a}`),
        ...eventTargetTypes.map((a) => `targetTypes.${a}`),
      ].filter((path) => typeof at(auditTrail, path) !== 'string');
      expect(missing).toEqual([]);
      // Each sentence names who acted or what was acted on (the generated reports name neither: there is no one to name).
      const silent = eventActions.filter(
        (a) => a !== 'analytics_report.generated' && !/\{\{(actor|target)\}\}/.test(String(at(auditTrail, `sentences.${a}`))),
      );
      expect(silent).toEqual([]);
    });

  const event = (overrides: Partial<EventView>): EventView => ({
    id: '0190a000-0000-7000-8000-000000000001',
    action: 'access_key.rolled',
    occurredAt: '2026-11-27T10:00:00.000Z',
    organizationId: '00000000-0000-4000-8000-000000000002',
    actor: { type: 'user', id: '00000000-0000-4000-8000-000000000001', name: 'Nadia Fischer' },
    targets: [{ type: 'access_key', id: '00000000-0000-4000-8000-000000000009', name: 'LMS sync' }],
    data: {},
    ...overrides,
  });

  it('says a webhook or a connection was turned off or on, not just changed, in every language', async () => {
    const switched = (action: 'webhook.updated' | 'sso_connection.updated', from: boolean, to: boolean, url = 'https://a.example') =>
      event({
        action,
        targets: [{ type: action === 'webhook.updated' ? 'webhook' : 'sso_connection', id: 'w', name: 'ERP' }],
        data: { before: { url, enabled: from }, after: { url: 'https://b.example', enabled: to } },
      });
    const en = i18n.getFixedT('en');
    expect(eventSentence(en, switched('webhook.updated', true, false))).toBe('Nadia Fischer turned off the webhook ERP');
    expect(eventSentence(en, switched('webhook.updated', false, true))).toBe('Nadia Fischer turned on the webhook ERP');
    expect(eventSentence(en, switched('webhook.updated', true, true))).toBe('Nadia Fischer changed the webhook ERP');
    expect(eventSentence(en, switched('sso_connection.updated', true, false))).toBe(
      'Nadia Fischer turned off the single sign-on connection ERP',
    );
    const { activateLocale } = await import('../../i18n');
    await activateLocale('es');
    await activateLocale('en');
    expect(eventSentence(i18n.getFixedT('es'), switched('webhook.updated', true, false))).toBe('Nadia Fischer desactivó el webhook ERP');
    for (const locale of locales) {
      const { auditTrail } = await loadCatalogue(locale);
      for (const path of ['webhook.turned_off', 'webhook.turned_on', 'sso_connection.turned_off', 'sso_connection.turned_on']) {
        expect(String(at(auditTrail, `sentences.${path}`)), `${locale} ${path}`).toMatch(/\{\{actor\}\}.*\{\{target\}\}/);
      }
    }
  });

  it('writes an event as a sentence in the reader’s language, the console by its name there', async () => {
    const t = i18n.getFixedT('en');
    expect(eventSentence(t, event({}))).toBe('Nadia Fischer rolled the access key LMS sync');
    expect(
      eventSentence(
        t,
        event({
          action: 'organization.setting.changed',
          targets: [{ type: 'organization', id: 'o', name: 'Acme' }],
          data: { key: 'publicSharing', before: false, after: true },
        }),
      ),
    ).toBe('Nadia Fischer changed the setting “Public sharing” of Acme');
    expect(
      eventSentence(
        t,
        event({
          action: 'user_import.completed',
          actor: { type: 'system', id: null, name: 'system' },
          targets: [{ type: 'user_import', id: 'i', name: 'staff.csv' }],
        }),
      ),
    ).toBe('The import of staff.csv completed');
    expect(eventSentence(t, event({ action: 'scim.group.created', targets: [{ type: 'scim_group', id: 'g', name: '' }] }))).toBe(
      'Nadia Fischer created the group (no name)',
    );
    const { activateLocale } = await import('../../i18n');
    await activateLocale('fr');
    expect(eventSentence(i18n.getFixedT('fr'), event({}))).toBe('Nadia Fischer a renouvelé la clé d’accès LMS sync');
    expect(
      eventSentence(
        i18n.getFixedT('fr'),
        event({
          action: 'user.password_reset_requested',
          actor: { type: 'system', id: null, name: 'system' },
          targets: [{ type: 'user', id: 'u', name: 'Ana' }],
        }),
      ),
    ).toBe('La console a envoyé à Ana un lien pour réinitialiser son mot de passe');
    await activateLocale('en');
  });

  it('names a SCIM token as its admin called it, and what the token did after it, in Spanish and French', async () => {
    const { activateLocale } = await import('../../i18n');
    const okta = { type: 'scim_token' as const, id: 't', name: 'Okta production' };
    await activateLocale('es');
    const es = i18n.getFixedT('es');
    expect(eventSentence(es, event({ action: 'scim.token.created', targets: [okta] }))).toBe(
      'Nadia Fischer creó el token SCIM Okta production',
    );
    expect(eventSentence(es, event({ action: 'scim.token.renamed', targets: [okta] }))).toBe(
      'Nadia Fischer renombró el token SCIM Okta production',
    );
    expect(
      eventSentence(
        es,
        event({ action: 'scim.user.created', actor: { ...okta, ip: '127.0.0.1' }, targets: [{ type: 'user', id: 'u', name: 'Ana' }] }),
      ),
    ).toBe('Okta production creó al usuario Ana');
    await activateLocale('fr');
    const fr = i18n.getFixedT('fr');
    expect(eventSentence(fr, event({ action: 'scim.token.revoked', targets: [okta] }))).toBe(
      'Nadia Fischer a révoqué le jeton SCIM Okta production',
    );
    expect(eventSentence(fr, event({ action: 'scim.token.rolled', targets: [okta] }))).toBe(
      'Nadia Fischer a renouvelé le jeton SCIM Okta production',
    );
    await activateLocale('en');
  });

  it('names the provider’s staff as an organization reads them (no one in particular), and by name for staff', async () => {
    const renamed = { action: 'organization.updated' as const, targets: [{ type: 'organization' as const, id: 'o', name: 'Acme' }] };
    const asCustomers = event({ ...renamed, actor: staffAsCustomersSeeThem });
    const { activateLocale } = await import('../../i18n');
    for (const locale of locales) await activateLocale(locale);
    await activateLocale('en');
    const sentences = Object.fromEntries(locales.map((locale) => [locale, eventSentence(i18n.getFixedT(locale), asCustomers)]));
    expect(sentences.en).toBe('The provider’s staff changed the organization Acme');
    expect(sentences.fr).toBe('Le personnel du fournisseur a modifié l’organisation Acme');
    for (const locale of locales) {
      const { auditTrail } = await loadCatalogue(locale);
      expect(sentences[locale].startsWith(`${auditTrail.staff} `), sentences[locale]).toBe(true);
    }
    const staffRead = event({ ...renamed, actor: { type: 'staff', id: '00000000-0000-4000-8000-000000000003', name: 'Stella Staff' } });
    expect(eventSentence(i18n.getFixedT('en'), staffRead)).toBe('Stella Staff changed the organization Acme');
  });
});
