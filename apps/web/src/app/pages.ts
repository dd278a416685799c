/**
 * Every page of the console, once. Each exists in the four locales (English without a
 * prefix, /es, /fr, /pt) and is its own lazily loaded chunk. A page module exports
 * `Component` (React Router's lazy route convention).
 *
 * To add a screen, add one line to `pages` (and its entry to menu.ts if it belongs in
 * the left menu).
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { preloadAuthForm } from '../features/auth/auth-forms';
import { isAuthResult } from '../features/auth/auth-results';
import { settingsPart } from '../features/organizations/settings-paths';
import { stripLocale } from '../i18n/locales';
import { canPrefetch } from '../lib/prefetch';
import type { Access } from './guards';

export interface PageModule {
  Component: ComponentType;
}

export interface PageRoute {
  /** The English-form path without its leading '/': '' is the home page; ':id' segments allowed. */
  path: string;
  access: Access;
  page: () => Promise<PageModule>;
  /** Which values of the path's parameters exist; anything else is a 404. */
  exists?: (params: LoaderFunctionArgs['params']) => boolean;
  /** Code the page will load for these parameters, started beside the page's own chunk. */
  /** Starts what the page will need (its code, a link's check) while the guard runs. */
  preload?: (params: LoaderFunctionArgs['params'], url: URL) => void;
}

const authResultPage = () => import('../features/auth/pages/AuthResultPage');
const settingsPage = () => import('../features/organizations/pages/OrganizationSettingsPage');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const pages: PageRoute[] = [
  { path: '', access: 'signedOut', page: () => import('../features/auth/pages/HomePage') },
  { path: 'dashboard', access: 'session', page: () => import('./dashboard/DashboardPage') },
  { path: 'user-imports', access: 'admin', page: () => import('../features/user-imports/pages/UserImportsPage') },
  { path: 'analytics', access: 'admin', page: () => import('../features/analytics/pages/AnalyticsPage') },
  { path: 'logout', access: 'session', page: () => import('../features/auth/pages/LogoutPage') },
  { path: 'keys', access: 'admin', page: () => import('../features/access-keys/pages/AccessKeysPage') },
  { path: 'provisioning', access: 'admin', page: () => import('../features/provisioning/pages/ProvisioningPage') },
  { path: 'webhooks', access: 'admin', page: () => import('../features/webhooks/pages/WebhooksPage') },
  {
    path: 'webhooks/:id',
    access: 'admin',
    page: () => import('../features/webhooks/pages/WebhookPage'),
    exists: (p) => UUID.test(p.id ?? ''),
  },
  { path: 'single-sign-on', access: 'admin', page: () => import('../features/single-sign-on/SingleSignOnPage') },
  { path: 'people', access: 'admin', page: () => import('../features/people/pages/PeoplePage') },
  {
    path: 'people/:id',
    access: 'admin',
    page: () => import('../features/people/pages/PersonPage'),
    exists: (p) => UUID.test(p.id ?? ''),
  },
  { path: 'documentation', access: 'admin', page: () => import('../features/documentation/pages/DocumentationPage') },
  { path: 'audit-trail', access: 'admin', page: () => import('../features/audit-trail/pages/AuditTrailPage') },
  { path: 'request-log', access: 'admin', page: () => import('../features/request-log/pages/RequestLogPage') },
  { path: 'super', access: 'staff', page: () => import('./super/SuperHomePage') },
  { path: 'super/organizations', access: 'staff', page: () => import('../features/organizations/pages/OrganizationsPage') },
  {
    path: 'super/organizations/:id',
    access: 'staff',
    page: () => import('./super/OrganizationPage'),
    exists: (p) => UUID.test(p.id ?? ''),
  },
  {
    path: 'super/organizationManagers/:id',
    access: 'staff',
    page: () => import('../features/organizations/pages/OrganizationManagerPage'),
    exists: (p) => UUID.test(p.id ?? ''),
  },
  { path: 'super/organizations/:id/settings', access: 'staff', page: settingsPage, exists: (p) => UUID.test(p.id ?? '') },
  ...(['constants', 'Settings'] as const).map((section) => ({
    path: `super/organizations/:id/${section}/:part`,
    access: 'staff' as const,
    page: settingsPage,
    exists: (p: LoaderFunctionArgs['params']) => UUID.test(p.id ?? '') && settingsPart(section, p.part) !== undefined,
  })),
  {
    path: 'super/organizations/:id/new-workflow-import',
    access: 'staff',
    page: () => import('../features/workflow-imports/pages/NewWorkflowImportPage'),
    exists: (p) => UUID.test(p.id ?? ''),
  },
  { path: 'super/user', access: 'staff', page: () => import('../features/lookup/pages/UserLookupPage') },
  { path: 'super/workflows', access: 'staff', page: () => import('../features/lookup/pages/WorkflowSearchPage') },
  {
    path: 'super/workflows/WorkflowSearchResult',
    access: 'staff',
    page: () => import('../features/lookup/pages/WorkflowSearchResultPage'),
  },
  {
    path: 'super/workflows/WorkflowSearchResultContainer',
    access: 'staff',
    page: () => import('../features/lookup/pages/WorkflowSearchResultContainerPage'),
  },
  { path: 'auth/:status', access: 'public', page: authResultPage, exists: (p) => isAuthResult(undefined, p.status) },
  {
    path: 'auth/:app/:status',
    access: 'public',
    page: authResultPage,
    exists: (p) => isAuthResult(p.app, p.status),
    preload: (p, url) => preloadAuthForm(p.app, p.status, url),
  },
];

/** Starts loading the page behind a link before it is clicked, unless the connection is slow or metered. */
export function prefetchPage(to: string): void {
  if (!canPrefetch()) return;
  const path = stripLocale(to.split(/[?#]/)[0]).replace(/^\/+|\/+$/g, '');
  const page = pages.find((p) => p.path === path);
  page?.page().catch(() => undefined);
}
