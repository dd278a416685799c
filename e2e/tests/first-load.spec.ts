/**
 * A light, clean first load (decision 029): compressed files, a favicon, and no console
 * error, CSP violation or failed request on the sign-in page and the dashboard.
 */
import type { Page } from '@playwright/test';
import { expectDashboard, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

/** Console errors, CSP violations and failed answers of `page` from now on. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} ${e.blockedURI}`)),
  );
  return problems;
}

test('the sign-in page and the dashboard load compressed, with a favicon and without a console error', async ({ page }) => {
  const problems = watchProblems(page);
  const encodings = new Map<string, string>();
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/assets/')) return;
    const headers = await res.allHeaders();
    // The build makes no copy of a file under 1 KB: it comes as it is, with its length.
    const small = !headers['content-encoding'] && Number(headers['content-length']) < 1024;
    if (!small) encodings.set(res.url(), headers['content-encoding'] ?? '');
  });

  await page.goto('/');
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  const favicon = await page.request.get(icon ?? '');
  expect(favicon.ok()).toBe(true);
  expect(favicon.headers()['content-type']).toBe('image/svg+xml');
  expect((await page.request.get('/favicon.ico')).ok()).toBe(true);
  await signInAsDemoAdmin(page);
  await expect(page.getByText('Recent user imports')).toBeVisible();

  // Every script of the app (but tiny ones) arrived brotli-compressed (the build's .br copies).
  const scripts = [...encodings].filter(([url]) => url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(([, encoding]) => encoding !== 'br')).toEqual([]);
  expect(problems).toEqual([]);
});

test('a page opened directly in French has its title and language, and no console error', async ({ page }) => {
  await signInAsDemoAdmin(page);
  const problems = watchProblems(page);
  await page.goto('/fr/dashboard');
  await expectDashboard(page, 'Tableau de bord');
  await expect(page).toHaveTitle('Tableau de bord Intégrations');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(problems).toEqual([]);
});
