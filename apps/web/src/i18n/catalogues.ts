/**
 * The one registration of the translation catalogues: one JSON file per namespace in
 * each locale's folder (locales/<locale>/<namespace>.json). A feature adds its namespace
 * with one import line below and the same file in every locale folder; the parity test
 * (catalogues.test.ts) checks the four agree. English is bundled and is the type of every
 * catalogue; the other locales' files are separate chunks, loaded when first shown.
 */

import type { Locale } from './locales';
import accessKeys from './locales/en/accessKeys.json';
import analytics from './locales/en/analytics.json';
import auditTrail from './locales/en/auditTrail.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import dashboard from './locales/en/dashboard.json';
import documentation from './locales/en/documentation.json';
import errors from './locales/en/errors.json';
import lookup from './locales/en/lookup.json';
import organizations from './locales/en/organizations.json';
import people from './locales/en/people.json';
import provisioning from './locales/en/provisioning.json';
import ssoConnections from './locales/en/ssoConnections.json';
import userImports from './locales/en/userImports.json';
import webhooks from './locales/en/webhooks.json';
import workflowImports from './locales/en/workflowImports.json';

export const en = {
  common,
  auth,
  errors,
  dashboard,
  accessKeys,
  documentation,
  userImports,
  organizations,
  analytics,
  lookup,
  workflowImports,
  provisioning,
  people,
  auditTrail,
  webhooks,
  ssoConnections,
};

export type Catalogue = typeof en;
export type Namespace = keyof Catalogue;
export const namespaces = Object.keys(en) as Namespace[];

const translations = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

/** A locale's whole catalogue: every namespace, from its own file. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return en;
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const load = translations[`./locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`No ${ns} catalogue for ${locale}`);
      return [ns, await load()] as const;
    }),
  );
  return Object.fromEntries(entries) as Catalogue;
}
