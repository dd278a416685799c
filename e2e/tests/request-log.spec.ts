/**
 * The request log end to end: the demo admin makes an access key, an integration calls the
 * API with it (a success, and a write the API refuses), then the admin opens the Request log
 * from the menu, finds both calls, keeps only the refused ones (in the address), reads the
 * refused call's details (its error code and the request id its answer carried; Escape closes
 * them, the focus back on its button), by keyboard. The screen fits a phone and a desktop.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CSRF, demoAdmin, mainMenu, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

/** A key of the signed-in admin, its secret shown once. */
async function newKey(page: Page, name: string): Promise<string> {
  const made = await page.request.post('/api/integrations', { headers: CSRF, data: { name, description: 'request log e2e' } });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).accessKey as string;
}

/** What an integration does with the key: a token, a list, and a POST the API refuses. */
async function integrationCalls(request: APIRequestContext, apiKey: string) {
  const token = await request.post('/api/v1/auth/token', { data: demoAdmin });
  expect(token.status()).toBe(200);
  const headers = { apiKey, Authorization: `Bearer ${(await token.json()).idToken}` };
  const listed = await request.get('/api/v1/workspaces?limit=5', { headers });
  expect(listed.status()).toBe(200);
  const refused = await request.post('/api/v1/users', { headers, data: { email: 'not an e-mail', displayName: 'Nobody' } });
  expect(refused.status()).toBe(400);
  return { refusedRequestId: refused.headers()['x-request-id'] };
}

/** The page scrolls no wider than the screen. */
async function fitsTheScreen(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test('an admin sees an integration’s calls in the request log, keeps the refused ones and opens one’s details', async ({
  page,
  request,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoAdmin(page);
  const keyName = `Request log ${Date.now().toString(36)}`;
  const { refusedRequestId } = await integrationCalls(request, await newKey(page, keyName));

  await (await mainMenu(page)).getByRole('link', { name: 'Request log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Request log' })).toBeVisible();
  await expect(page).toHaveTitle('Request log Integrations');
  const table = page.getByRole('table', { name: 'Calls' });
  // The calls are written a second or so after their answers: the list shows them once read again.
  const refusedRow = table.locator(`tr[data-status="400"]`).filter({ hasText: keyName });
  await expect(async () => {
    await page.reload();
    await expect(refusedRow.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(table.getByRole('row').filter({ hasText: keyName }).filter({ hasText: 'GET /v1/workspaces' })).toBeVisible();
  await fitsTheScreen(page);

  // Only the refused calls (4xx), chosen by keyboard, kept in the address.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name: '4xx: refused (the caller’s error)' });
  await expect(option).toBeVisible();
  await option.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]status=4xx/);
  await expect(table.getByRole('row').filter({ hasText: 'GET /v1/workspaces' }).filter({ hasText: keyName })).toHaveCount(0);
  await expect(refusedRow.first()).toBeVisible();
  await checkA11y();

  // The refused call's details: its error code and the request id its answer carried.
  const details = refusedRow.first().getByRole('button', { name: 'Details: POST /v1/users' });
  await details.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Call details' });
  await settledDialog(page);
  await expect(dialog.getByText('VALIDATION_ERROR')).toBeVisible();
  await expect(dialog.getByText(refusedRequestId, { exact: true })).toBeVisible();
  await expect(dialog.getByText(keyName)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  // On a phone, the calls are blocks and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(refusedRow.first()).toBeVisible();
  await fitsTheScreen(page);
});
