import type { APIRequestContext, Page } from '@playwright/test';
import { demoAdmin, mainMenu, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** What an integration does: a token from the authorization endpoint, then a list call with both headers. */
async function listWorkflows(request: APIRequestContext, apiKey: string) {
  const token = await request.post('/api/v1/auth/token', { data: demoAdmin });
  expect(token.status()).toBe(200);
  const { idToken } = await token.json();
  return request.get('/api/v1/workflows?limit=5', { headers: { apiKey, Authorization: `Bearer ${idToken}` } });
}

/** Copies the revealed key with the dialog's copy action and returns what the clipboard holds. */
async function copyRevealedKey(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: `The key “${name}”` });
  await expect(dialog).toBeVisible();
  const shown = (await dialog.getByTestId('revealed-key').textContent()) ?? '';
  expect(shown).toMatch(/^wfk_[0-9A-Za-z]{38}$/);
  await dialog.getByRole('button', { name: 'Copy the key' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  return copied;
}

test('an admin creates a key, uses it, edits, rolls and deletes it', async ({ page, request, checkA11y }) => {
  await signInAsDemoAdmin(page);
  await (await mainMenu(page)).getByRole('link', { name: 'Keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access keys' })).toBeVisible();
  await expect(page).toHaveTitle('Access keys Integrations');

  // Create: the form's checks first, then a valid key, revealed once and copied.
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('form', { name: 'New access key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('There are errors in the form')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('E2E sync');
  await expect(form.getByText('8/75')).toBeVisible();
  await form.getByRole('textbox', { name: 'Description' }).fill('Made by the browser test');
  await checkA11y();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('dialog', { name: 'The key “E2E sync”' })).toBeVisible();
  await settledDialog(page);
  await checkA11y();
  const first = await copyRevealedKey(page, 'E2E sync');

  const row = page.getByRole('rowgroup', { name: 'E2E sync' });
  await expect(row.getByText(`${first.slice(0, 8)}…${first.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(first)).toHaveCount(0);

  // Use it against the running server, as an integration would.
  const used = await listWorkflows(request, first);
  expect(used.status()).toBe(200);
  expect((await used.json()).total).toBeGreaterThan(0);

  // Edit in place.
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = row.getByRole('form', { name: 'Edit E2E sync' });
  await edit.getByRole('textbox', { name: 'Name' }).fill('E2E sync renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The key was saved')).toBeVisible();
  const renamed = page.getByRole('rowgroup', { name: 'E2E sync renamed' });
  await expect(renamed).toHaveAttribute('data-mode', 'idle');

  // Roll with no grace: a new secret, and the old one is refused at once.
  await renamed.getByRole('button', { name: 'Roll' }).click();
  const rollDialog = page.getByRole('dialog', { name: 'Roll the key “E2E sync renamed”' });
  await rollDialog.getByRole('radio', { name: 'Stop it now' }).check();
  await settledDialog(page);
  await checkA11y();
  await rollDialog.getByRole('button', { name: 'Roll key' }).click();
  const second = await copyRevealedKey(page, 'E2E sync renamed');
  expect(second).not.toBe(first);
  const old = await listWorkflows(request, first);
  expect(old.status()).toBe(401);
  expect((await old.json()).code).toBe('API_KEY_EXPIRED');
  expect((await listWorkflows(request, second)).status()).toBe(200);

  // Delete after the row's confirmation: refused at once.
  await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(renamed.getByRole('alert')).toContainText('Delete the key “E2E sync renamed”?');
  await expect(renamed.getByRole('button', { name: 'Delete key' })).toBeDisabled();
  await renamed.getByRole('textbox', { name: 'Type “E2E sync renamed” to confirm' }).fill('E2E sync renamed');
  await renamed.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByText('The key was deleted')).toBeVisible();
  await expect(renamed).toHaveCount(0);
  const deleted = await listWorkflows(request, second);
  expect(deleted.status()).toBe(401);
  expect((await deleted.json()).code).toBe('API_KEY_INVALID');
});

test('a key row is idle, editing or removing; the two are exclusive and a second click cancels', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('form', { name: 'New access key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Row states');
  await form.getByRole('textbox', { name: 'Description' }).fill('State machine');
  await form.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('button', { name: 'I have copied it' }).click();

  const row = page.getByRole('rowgroup', { name: 'Row states' });
  const edit = row.getByRole('button', { name: 'Edit', exact: true });
  const remove = row.getByRole('button', { name: 'Delete', exact: true });
  await expect(row).toHaveAttribute('data-mode', 'idle');
  await edit.click();
  await expect(row).toHaveAttribute('data-mode', 'editing');
  await expect(row.getByRole('form')).toBeVisible();
  await expect(edit).toHaveAttribute('aria-pressed', 'true');
  await remove.click();
  await expect(row).toHaveAttribute('data-mode', 'removing');
  await expect(row.getByRole('form')).toHaveCount(0);
  await expect(row.getByRole('alert')).toBeVisible();
  await remove.click();
  await expect(row).toHaveAttribute('data-mode', 'idle');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await edit.click();
  await edit.click();
  await expect(row).toHaveAttribute('data-mode', 'idle');
  await expect(row.getByRole('form')).toHaveCount(0);
});

test('the documentation page explains the API in four languages and links to a working reference', async ({ page, checkA11y }) => {
  await signInAsDemoAdmin(page);
  const headings = {
    '': 'API documentation',
    '/es': 'Documentación de la API',
    '/fr': 'Documentation de l’API',
    '/pt': 'Documentação da API',
  };
  for (const [prefix, heading] of Object.entries(headings)) {
    await page.goto(`${prefix}/documentation`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The first example calls the API; the webhooks section's verifies a delivery.
    const [callExample, webhookExample] = [page.locator('pre').first(), page.locator('pre').nth(1)];
    await expect(callExample).toContainText('-H "apiKey: $API_KEY"');
    await expect(callExample).toContainText('/api/v1/auth/token');
    await expect(webhookExample).toContainText("from 'standardwebhooks'");
    await checkA11y();
  }

  // The last page was Portuguese: the reference opens in Portuguese where its prose is ours.
  const reference = page.getByRole('link', { name: /API/ }).last();
  const href = await reference.getAttribute('href');
  expect(href).toMatch(/\/api\/v1\/reference\/\?lang=pt$/);
  const errors: string[] = [];
  const refPage = await page.context().newPage();
  refPage.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await refPage.goto(href!);
  // The page's own first screen lists the calls before Scalar's script has run…
  await expect(refPage.locator('#first-screen')).toContainText('GET /api/v1/workflows');
  await expect(refPage.locator('html')).toHaveAttribute('lang', 'pt');
  // …and gives way to Scalar's interactive reference once it has drawn. Its introduction (the
  // headers, limits and safe retries) fills the first screen; the sidebar leads to the calls,
  // which Scalar draws as they come into view.
  const scalar = refPage.locator('.scalar-app');
  await scalar.getByText('Fluxos de trabalho', { exact: true }).first().click({ timeout: 20_000 });
  await expect(scalar.getByText('/api/v1/workflows').first()).toBeVisible({ timeout: 20_000 });
  await expect(refPage.locator('#first-screen')).toBeHidden();
  await expect(scalar.getByRole('heading', { name: /API de integração de/ }).first()).toBeVisible();
  // Tags keep their names and show them translated (x-displayName): the sidebar's groups.
  await expect(scalar.getByText('Espaços de trabalho', { exact: true }).first()).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  await refPage.close();
});
