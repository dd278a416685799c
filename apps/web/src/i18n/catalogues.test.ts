/**
 * The four catalogues are complete: the same keys (plural forms as each language needs),
 * no empty values, the same {{placeholders}}, no English left in the other languages,
 * and a translation for every error code of the contracts and every error an import records.
 */
import { authErrorCodes } from '@console/contracts/auth';
import { errorCodes } from '@console/contracts/errors';
import { organizationErrorCodes, organizationSettingErrorCodes } from '@console/contracts/organizations';
import { userImportErrorMessages } from '@console/contracts/user-imports';
import { describe, expect, it } from 'vitest';
import { shownOfTotal } from '../lib/format';
import { loadCatalogue, namespaces } from './catalogues';
import { activateLocale, i18n } from './index';
import { type Locale, locales } from './locales';

const catalogues = Object.fromEntries(await Promise.all(locales.map(async (l) => [l, await loadCatalogue(l)]))) as Record<
  Locale,
  Record<string, unknown>
>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

const flat = Object.fromEntries(locales.map((l) => [l, flatten(catalogues[l])])) as Record<Locale, Map<string, unknown>>;
const baseKeys = (l: Locale) => new Set([...flat[l].keys()].map((k) => k.replace(PLURAL, '')));

/** Values the same in every language: names, words developers use as they are, figures. */
const sameEverywhere = [
  // “Webhook” is the word each language uses.
  'auditTrail.areas.webhook',
  'auditTrail.targetTypes.webhook',
  // “Endpoint” is the word developers use in every language; the code and the duration are figures.
  'common.nav.webhooks',
  'common.titles.webhooks',
  'webhooks.columns.endpoint',
  'dashboard.health.webhooks.endpoints',
  'webhooks.log.statusCode',
  'webhooks.log.duration',
  'accessKeys.permissions.areas.webhooks',
  // An area with its level in brackets: placeholders only.
  'accessKeys.permissions.item',
  // The names of encodings are the same in every language.
  'userImports.details.encodings.utf-8',
  'userImports.details.encodings.utf-16le',
  'userImports.details.encodings.utf-16be',
  'dashboard.providers.google',
  'dashboard.providers.microsoft',
  // The names of the protocols a connection speaks.
  'ssoConnections.kindOidc',
  'ssoConnections.kindSaml',
  // A duration in milliseconds: a figure and its unit.
  'requestLog.list.ms',
];
/** Placeholders and punctuation only (French puts a space before its colon). */
const placeholdersOnly = ['auditTrail.details.target', 'userImports.summary.labelled'];
/** "token" is the word Spanish and Portuguese use for a bearer token. */
const token = ['provisioning.tokens.title', 'provisioning.tokens.token'];

/**
 * Values that are rightly the same as in English: brand and product names, and words
 * that these languages use as they are.
 */
const sameAsEnglish: Record<Exclude<Locale, 'en'>, string[]> = {
  // "error" and "options", "actions", "invitations" are the same words in Spanish and French.
  es: [...sameEverywhere, ...token, ...placeholdersOnly, 'userImports.errors.error', 'userImports.errors.count_one'],
  fr: [
    ...sameEverywhere,
    // "Description" and "Invitation" are French as well.
    'webhooks.form.description',
    'people.invitation.title',
    'userImports.options.title',
    'userImports.list.actions',
    'userImports.details.invitations',
    'analytics.list.type',
    'analytics.list.actions',
    'provisioning.tokens.actions',
    'accessKeys.columns.actions',
    // French says "workflow" (one word for it everywhere).
    'workflowImports.workflows.label',
    'workflowImports.recent.counts',
    'workflowImports.items.workflow',
    // "Console" and "Division" are French words too.
    'lookup.sources.console',
    'lookup.user.division',
    // "Active" (a person) is French as well.
    'people.status.active',
    'people.source.console',
    'people.person.division',
    // "Actions" and "Action" are French words too.
    'auditTrail.filters.actions',
    'auditTrail.details.action',
    // "Route" is French as well.
    'requestLog.filters.route',
  ],
  pt: [
    ...sameEverywhere,
    ...token,
    ...placeholdersOnly,
    // Brazilian Portuguese says "e-mail".
    'auth.signIn.email',
    'dashboard.account.email',
    'people.list.email',
    'people.person.email',
    // "console" is Portuguese as well.
    'lookup.sources.console',
    'people.source.console',
  ],
};

/** The codes that `translated` (a catalogue's object keyed by code) has no text for. */
const untranslated = (codes: Iterable<string>, translated: object) => [...codes].filter((c) => !Object.hasOwn(translated, c));

describe('translation catalogues', () => {
  it('have the namespaces that i18n loads, in every locale', () => {
    for (const l of locales) expect(Object.keys(catalogues[l]).sort()).toEqual([...namespaces].sort());
  });

  for (const l of locales.filter((l): l is Exclude<Locale, 'en'> => l !== 'en')) {
    it(`${l} has exactly the keys of en`, () => {
      expect([...baseKeys(l)].sort()).toEqual([...baseKeys('en')].sort());
    });

    it(`${l} has no value left in English`, () => {
      const same = [...flat[l]].filter(([k, v]) => flat.en.get(k) === v && !sameAsEnglish[l].includes(k)).map(([k]) => k);
      expect(same).toEqual([]);
    });
  }

  for (const l of locales) {
    it(`${l} has no empty or non-text value`, () => {
      const bad = [...flat[l]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad).toEqual([]);
    });

    it(`${l} keeps the {{placeholders}} of en`, () => {
      const names = (v: unknown) => [...String(v).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      const wrong = [...flat[l]]
        .filter(([k, v]) => {
          const english = flat.en.get(k) ?? flat.en.get(k.replace(PLURAL, '_other'));
          return JSON.stringify(names(v)) !== JSON.stringify(names(english));
        })
        .map(([k]) => k);
      expect(wrong).toEqual([]);
    });

    it(`${l} has every plural form its language needs (CLDR, Intl.PluralRules)`, () => {
      const needed = new Intl.PluralRules(l).resolvedOptions().pluralCategories;
      const plurals = new Set([...flat[l].keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      expect(plurals.size).toBeGreaterThan(0);
      for (const base of plurals) {
        const forms = [...flat[l].keys()].filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k)).map((k) => k.match(PLURAL)?.[1]);
        // _zero is i18next's own form for a count of 0, in any language, beside the CLDR forms.
        const cldr = forms.filter((form) => form !== 'zero' || needed.includes('zero'));
        expect({ key: base, forms: cldr.sort() }).toEqual({ key: base, forms: [...needed].sort() });
      }
    });
  }

  it('translate every error code of the contracts', () => {
    const codes = new Set<string>([
      ...errorCodes,
      ...Object.values(authErrorCodes),
      ...Object.values(organizationErrorCodes),
      ...Object.values(organizationSettingErrorCodes),
    ]);
    expect(untranslated(codes, (catalogues.en as { errors: { codes: object } }).errors.codes)).toEqual([]);
  });

  it('translate every error an import can record (the errors dialog shows them by code)', () => {
    expect(
      untranslated(Object.keys(userImportErrorMessages), (catalogues.en as { userImports: { errorCodes: object } }).userImports.errorCodes),
    ).toEqual([]);
  });

  it('say a count of 0 with the plural in Portuguese, where CLDR counts 0 with "one"', async () => {
    await activateLocale('pt');
    try {
      const total = (count: number) => i18n.t('organizations:settings.importStatus.workflowTotal', { count });
      expect(total(0)).toBe('0 importações de fluxos de trabalho para esta organização');
      expect(total(1)).toBe('1 importação de fluxos de trabalho para esta organização');
      expect(total(2)).toBe('2 importações de fluxos de trabalho para esta organização');
    } finally {
      await activateLocale('en');
    }
  });

  it('agree "shown" with the total whose noun it is, and write its numbers in the locale', async () => {
    await activateLocale('pt');
    try {
      const keys = (shown: number, total: number) => i18n.t('accessKeys:shown', shownOfTotal(shown, total, 'pt'));
      // Not "1 de 1 chaves exibida".
      expect(keys(1, 1)).toBe('1 de 1 chave exibida');
      expect(keys(1, 25)).toBe('1 de 25 chaves exibidas');
      expect(keys(20, 1500)).toBe('20 de 1.500 chaves exibidas');
    } finally {
      await activateLocale('en');
    }
    const keys = (shown: number, total: number) => i18n.t('accessKeys:shown', shownOfTotal(shown, total, 'en'));
    expect(keys(1, 1)).toBe('1 of 1 key shown');
    expect(keys(1, 25)).toBe('1 of 25 keys shown');
  });
});
