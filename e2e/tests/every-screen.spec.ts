/**
 * Every screen, at a phone's size (390 × 844) and a desktop's (1440 × 900), in the four
 * languages: the page never scrolls sideways, and no text is squeezed
 * into a column so narrow that it wraps a letter or two a line. One signed-in page per
 * persona and language visits all its screens at both sizes; the screens marked `axe` are
 * checked for accessibility at each size too (the fixture checks only the last page). With
 * SCREENSHOTS_DIR set, a full-page PNG of each screen, size and language is saved there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CSRF, demoAdmin, signInAsStaff, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

type CheckA11y = (other?: Page) => Promise<void>;

const locales = ['en', 'es', 'fr', 'pt'] as const;
type Locale = (typeof locales)[number];
const sizes = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const screenshots = process.env.SCREENSHOTS_DIR;
/** The left menu's name: signed in on a wide screen it stands beside the page (its code loads lazily). */
const menuName = { en: 'Main menu', es: 'Menú principal', fr: 'Menu principal', pt: 'Menu principal' } as const;

/** A screen: its name in reports and file names, its English-form path, and whether axe checks it at each size. */
interface Screen {
  name: string;
  path: string;
  axe?: boolean;
}

const prefixed = (locale: Locale, to: string) => (locale === 'en' ? to : `/${locale}${to === '/' ? '' : to}`);

/** What is wrong with the page as it is: sideways scrolling, and texts squeezed to a letter a line. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > window.innerWidth)
      problems.push(`scrolls sideways: ${scroller.scrollWidth} px wide in ${window.innerWidth} px`);
    // A text node's own box: a text squeezed to a letter or two a line is narrower than 24 px and taller than 3 lines.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (text.length <= 3 || !element) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible') continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      if (box.width < 24 && box.height > 3 * lineHeight) {
        problems.push(`"${text.slice(0, 40)}" wraps into ${Math.round(box.height / lineHeight)} lines ${Math.round(box.width)} px wide`);
      }
    }
    return problems;
  });
}

/**
 * Visits each screen at both sizes and checks it; problems are collected, not thrown at the
 * first. Signed in, a wide screen is checked once its left menu is there too.
 */
async function checkScreens(
  page: Page,
  locale: Locale,
  screens: Screen[],
  { signedIn = true, checkA11y }: { signedIn?: boolean; checkA11y?: CheckA11y } = {},
) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const screen of screens) {
      await page.goto(prefixed(locale, screen.path));
      await expect(page.locator('h1').first(), `${screen.name} has its heading`).toBeVisible();
      if (signedIn && size.width >= 900 && screen.name !== 'logout') {
        // By its element, not its role: behind an open dialog the page is hidden from assistive technology.
        await expect(page.locator(`nav[aria-label="${menuName[locale]}"]`)).toBeVisible();
      }
      // Loaded: no skeleton and no progress bar left (lists show theirs only after 200 ms: wait past it).
      await page.waitForTimeout(250);
      await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
      const where = `${screen.name} at ${size.width} px in ${locale}`;
      expect.soft(await layoutProblems(page), where).toEqual([]);
      if (screen.axe && checkA11y) await checkA11y();
      if (screenshots) {
        fs.mkdirSync(screenshots, { recursive: true });
        await page.screenshot({ path: path.join(screenshots, `${locale}-${size.width}-${screen.name}.png`), fullPage: true });
      }
    }
  }
}

type Api = <T>(url: string) => Promise<T>;
type Named = { id: string; name: string };

/**
 * The new-workflow-import page lists the organization's recent imports in a table, the
 * widest of the Super area: the first run schedules one from Globex into `target` through
 * the API. It avoids what other specs count: Globex's Safety & Compliance workspace
 * (super-workflow-import) and the forklift workflows (super-lookup).
 */
async function ensureWorkflowImport(browser: Page, api: Api, target: string) {
  const { total } = await api<{ total: number }>(`/organization/${target}/workflow-imports?page=1&limit=1`);
  if (total > 0) return;
  const page = '?page=1&limit=20';
  const { organizations } = await api<{ organizations: Named[] }>(`/organizations${page}&q=Globex`);
  const source = organizations[0].id;
  const pick = (list: Named[]) => list.find((w) => !/safety/i.test(w.name)) ?? list[0];
  const sourceWorkspace = pick((await api<{ workspaces: Named[] }>(`/organization/${source}/workspaces${page}`)).workspaces).id;
  const { workflows } = await api<{ workflows: { id: string; title: string }[] }>(
    `/organization/${source}/workspace/${sourceWorkspace}/workflows${page}`,
  );
  const workflow = workflows.find((w) => !/forklift/i.test(w.title));
  const targetWorkspace = pick((await api<{ workspaces: Named[] }>(`/organization/${target}/workspaces${page}`)).workspaces).id;
  const { authors } = await api<{ authors: { id: string }[] }>(`/organization/${target}/workspace/${targetWorkspace}/authors${page}`);
  expect(workflow, 'a Globex workflow to copy').toBeTruthy();
  const res = await browser.request.post(`/api/organization/${target}/workspace/${targetWorkspace}/workflows`, {
    headers: CSRF,
    data: {
      sourceOrganizationId: source,
      sourceWorkspaceId: sourceWorkspace,
      workflows: [workflow?.id],
      targetOrganizationId: target,
      targetWorkspaceId: targetWorkspace,
      targetAuthorId: authors[0].id,
    },
  });
  expect(res.status(), await res.text()).toBe(202);
}

/**
 * A webhook endpoint for its page: a long address and description, one test event in its log.
 * The first run adds it (the e2e server allows a loopback address; nothing listens on port 9,
 * so its deliveries fail), subscribed to one rare event type so the other tests' events are
 * not sent to it.
 */
async function ensureWebhookEndpoint(page: Page): Promise<string> {
  const url = 'http://127.0.0.1:9/every-screen/integrations/acme-corporation/production/events/receiver?tenant=acme-international';
  const { webhooks } = await (await page.request.get('/api/webhooks?page=1&limit=100', { headers: CSRF })).json();
  const existing = (webhooks as { id: string; url: string }[]).find((w) => w.url === url);
  if (existing) return existing.id;
  const res = await page.request.post('/api/webhooks', {
    headers: CSRF,
    data: {
      url,
      description: 'Événements pour le système de gestion des ressources humaines (environnement de production principal)',
      eventTypes: ['user_import.stopped'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { webhook } = await res.json();
  const sent = await page.request.post(`/api/webhook/${webhook.id}/test`, { headers: CSRF });
  expect(sent.status(), await sent.text()).toBe(202);
  return webhook.id;
}

// Three personas × four languages × two sizes: a longer budget than one journey's.
test.describe.configure({ timeout: 180_000 });

for (const locale of locales) {
  test(`signed out, in ${locale}: sign-in and the 404 page fit a phone and a desktop`, async ({ page }) => {
    await checkScreens(
      page,
      locale,
      [
        { name: 'sign-in', path: '/' },
        { name: 'not-found', path: '/no-such-page' },
      ],
      { signedIn: false },
    );
  });

  test(`an Organizational Admin's screens, in ${locale}, fit a phone and a desktop`, async ({ page, checkA11y }) => {
    await page.goto('/');
    await signInWithPassword(page, demoAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A person the identity provider made (the demo data has them, with a profile and a manager).
    const { people } = await (await page.request.get('/api/people?source=scim&limit=1')).json();
    const endpoint = await ensureWebhookEndpoint(page);
    await checkScreens(
      page,
      locale,
      [
        // The logout confirmation is not last: the accessibility check after the test reads a settled page, not a dialog fading in.
        { name: 'logout', path: '/logout' },
        { name: 'dashboard', path: '/dashboard' },
        { name: 'people', path: '/people' },
        { name: 'person', path: `/people/${people[0].id}` },
        { name: 'keys', path: '/keys' },
        { name: 'provisioning', path: '/provisioning' },
        { name: 'user-imports', path: '/user-imports' },
        { name: 'analytics', path: '/analytics' },
        { name: 'documentation', path: '/documentation' },
        { name: 'audit-trail', path: '/audit-trail', axe: true },
        { name: 'webhooks', path: '/webhooks', axe: true },
        { name: 'webhook-endpoint', path: `/webhooks/${endpoint}`, axe: true },
      ],
      { checkA11y },
    );
  });

  test(`the Super area's screens, in ${locale}, fit a phone and a desktop`, async ({ page, baseURL, checkA11y }) => {
    await signInAsStaff(page, baseURL);
    const api: Api = async <T>(url: string): Promise<T> => {
      const res = await page.request.get(`/api${url}`, { headers: CSRF });
      expect(res.ok(), url).toBe(true);
      return (await res.json()) as T;
    };
    const { organizations } = await api<{ organizations: { id: string; name: string }[] }>('/organizations?page=1&limit=20&q=Acme');
    const acme = organizations[0].id;
    // The demo has no organization manager: the first run adds one, with a long name, as a manager's page needs one.
    let { managers } = await api<{ managers: { id: string }[] }>(`/organization/${acme}/managers?page=1&limit=20`);
    if (managers.length === 0) {
      const res = await page.request.post(`/api/organization/${acme}/managers`, {
        headers: CSRF,
        data: { displayName: 'Maximiliana Fernández-Villanueva', email: 'maximiliana.fernandez-villanueva@acme.example' },
      });
      expect(res.status()).toBe(201);
      managers = [(await res.json()).manager];
    }
    await ensureWorkflowImport(page, api, acme);
    const { workflows } = await api<{ workflows: { id: string; title: string }[] }>('/workflows?page=1&limit=20&q=a');
    const workflow = workflows[0];
    await checkScreens(
      page,
      locale,
      [
        { name: 'super', path: '/super' },
        { name: 'organizations', path: '/super/organizations' },
        // With the organization's audit trail.
        { name: 'organization-page', path: `/super/organizations/${acme}`, axe: true },
        { name: 'organization-edit', path: `/super/organizations/${acme}?mode=edit` },
        { name: 'organization-settings', path: `/super/organizations/${acme}/settings` },
        { name: 'organization-import-status', path: `/super/organizations/${acme}/constants/importStatus` },
        { name: 'new-workflow-import', path: `/super/organizations/${acme}/new-workflow-import` },
        { name: 'organization-manager', path: `/super/organizationManagers/${managers[0].id}` },
        { name: 'user-lookup', path: `/super/user?email=${encodeURIComponent(demoAdmin.email)}` },
        { name: 'workflow-lookup', path: '/super/workflows' },
        {
          name: 'workflow-search-result',
          path: `/super/workflows/WorkflowSearchResult?name=${encodeURIComponent(workflow.title.slice(0, 4))}`,
        },
        { name: 'workflow-details', path: `/super/workflows/WorkflowSearchResultContainer?id=${workflow.id}` },
      ],
      { checkA11y },
    );
  });
}
