/**
 * The one registration of the translation catalogues: one JSON file per namespace in
 * each locale's folder (locales/<locale>/<namespace>.json). A feature adds its namespace
 * with one line in each list below and the same file in every locale folder; the parity test
 * (catalogues.test.ts) checks the four agree. English is the type of every catalogue.
 */

import type { Locale } from './locales';
import type accessKeys from './locales/en/accessKeys.json';
import type analytics from './locales/en/analytics.json';
import type auditTrail from './locales/en/auditTrail.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import type dashboard from './locales/en/dashboard.json';
import type documentation from './locales/en/documentation.json';
import errors from './locales/en/errors.json';
import type lookup from './locales/en/lookup.json';
import type organizations from './locales/en/organizations.json';
import type people from './locales/en/people.json';
import type provisioning from './locales/en/provisioning.json';
import type requestLog from './locales/en/requestLog.json';
import type singleSignOn from './locales/en/singleSignOn.json';
import type ssoConnections from './locales/en/ssoConnections.json';
import type userImports from './locales/en/userImports.json';
import type webhooks from './locales/en/webhooks.json';
import type workflowImports from './locales/en/workflowImports.json';

export interface Catalogue {
  common: typeof common;
  auth: typeof auth;
  errors: typeof errors;
  dashboard: typeof dashboard;
  accessKeys: typeof accessKeys;
  documentation: typeof documentation;
  userImports: typeof userImports;
  organizations: typeof organizations;
  analytics: typeof analytics;
  lookup: typeof lookup;
  workflowImports: typeof workflowImports;
  provisioning: typeof provisioning;
  people: typeof people;
  auditTrail: typeof auditTrail;
  requestLog: typeof requestLog;
  webhooks: typeof webhooks;
  singleSignOn: typeof singleSignOn;
  ssoConnections: typeof ssoConnections;
}
export type Namespace = keyof Catalogue;
export const namespaces: readonly Namespace[] = [
  'common',
  'auth',
  'errors',
  'dashboard',
  'accessKeys',
  'documentation',
  'userImports',
  'organizations',
  'analytics',
  'lookup',
  'workflowImports',
  'provisioning',
  'people',
  'auditTrail',
  'requestLog',
  'webhooks',
  'singleSignOn',
  'ssoConnections',
];

/**
 * What the frame and the pages shown without a session (sign-in, the links of e-mails, the
 * error page) say. English's part is bundled, so the sign-in page shows without waiting for a
 * second file; every other namespace, and every other language, is a chunk of its own,
 * loaded when a page needs it (decision 065).
 */
export const shellNamespaces = ['common', 'auth', 'errors'] as const satisfies readonly Namespace[];
export const englishShell: Pick<Catalogue, (typeof shellNamespaces)[number]> = { common, auth, errors };

const translations = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/en/{common,auth,errors}.json'], {
  import: 'default',
});

/** Some namespaces of a locale's catalogue, each from its own file. */
export async function loadNamespaces<N extends Namespace>(locale: Locale, wanted: readonly N[]): Promise<Pick<Catalogue, N>> {
  const entries = await Promise.all(
    wanted.map(async (ns) => {
      if (locale === 'en' && ns in englishShell) return [ns, englishShell[ns as keyof typeof englishShell]] as const;
      const load = translations[`./locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`No ${ns} catalogue for ${locale}`);
      return [ns, await load()] as const;
    }),
  );
  return Object.fromEntries(entries) as Pick<Catalogue, N>;
}

/** A locale's whole catalogue: every namespace, from its own file. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return loadNamespaces(locale, namespaces);
}
