/**
 * Analytics in Chromium against the built console: the demo organization has reports
 * after the first start; the page filters them by prefix, downloads one (its first line
 * is the header), generates new ones now, and reads in another language.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { demoAdmin, expectDashboard, mainMenu, signInAsDemoAdmin, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

async function openAnalytics(page: Page) {
  await signInAsDemoAdmin(page);
  const nav = await mainMenu(page);
  // Between User imports and API Docs.
  await expect(nav.getByRole('link')).toContainText(['Dashboard', 'Keys', 'User imports', 'Analytics', 'API Docs']);
  await nav.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

const reports = (page: Page) => page.getByRole('table', { name: 'Reports' });

test('the demo organization has reports; filter by prefix and download one', async ({ page, checkA11y }) => {
  await openAnalytics(page);
  // Generated when the server first started (a moment after it answers).
  await expect(reports(page)).toBeVisible({ timeout: 30_000 });
  await expect(
    reports(page)
      .getByRole('row')
      .filter({ hasText: /^completions-\d{4}-\d\d-\d\d\.csv/ })
      .first(),
  ).toBeVisible();
  await checkA11y();

  await page.getByRole('button', { name: 'Skill progress' }).click();
  await expect(page).toHaveURL(/\/analytics\?prefix=skill-progress$/);
  await expect(
    reports(page)
      .getByText(/^skill-progress-/)
      .first(),
  ).toBeVisible();
  await expect(reports(page).getByText(/^completions-/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Completions' }).click();
  const link = reports(page)
    .getByRole('link', { name: /^Download completions-/ })
    .first();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^completions-\d{4}-\d\d-\d\d\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('email,employeeId,workflowId,workflowTitle,completedAt,timeSpentSeconds,score');
  expect(text.split('\r\n').length).toBeGreaterThan(10);
});

test('generate now shows progress, then a notice', async ({ page }) => {
  await openAnalytics(page);
  await expect(reports(page)).toBeVisible({ timeout: 30_000 });
  const button = page.getByRole('button', { name: 'Generate now' });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  await button.click();
  await expect(page.getByText('The reports are ready.')).toBeVisible({ timeout: 30_000 });
  await expect(button).toBeEnabled();
});

test('the page in Portuguese, and the dashboard card leading to it', async ({ page }) => {
  await page.goto('/pt');
  await signInWithPassword(page, demoAdmin, { email: 'E-mail', next: 'Avançar', password: 'Senha', submit: 'Entrar' });
  await expectDashboard(page, 'Painel');
  const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Relatórios de análise' }) });
  await expect(card.getByText(/^Relatório mais recente: \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: 'Abrir Análises' }).click();
  await expect(page).toHaveURL(/\/pt\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Análises' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Progresso em habilidades' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Linhas' })).toBeVisible();
});
