import type { Page } from '@playwright/test';
import { demoAdmin, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

/** Closes the one-time dialog of a new key and returns the key it showed. */
async function revealedKey(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: `The key “${name}”` });
  await expect(dialog).toBeVisible();
  const key = (await dialog.getByTestId('revealed-key').textContent()) ?? '';
  expect(key).toMatch(/^wfk_[0-9A-Za-z]{38}$/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  return key;
}

test('an admin makes a read-only key, sees its permissions, and finds a write refused to it in the request log', async ({
  page,
  request,
  checkA11y,
}) => {
  await signInAsDemoAdmin(page);
  await page.goto('/keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('form', { name: 'New access key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Read-only HR sync');
  await form.getByRole('radio', { name: 'Chosen per area' }).check();
  await form.getByRole('combobox', { name: 'Users' }).selectOption('read');
  await checkA11y();
  await form.getByRole('button', { name: 'Create key' }).click();
  await settledDialog(page);
  const key = await revealedKey(page, 'Read-only HR sync');

  // Its details: the row shows what it may do; its edit form opens on the same levels.
  const row = page.getByRole('rowgroup', { name: 'Read-only HR sync' });
  await expect(row.getByText('Permissions: Users (read)', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = row.getByRole('form', { name: 'Edit Read-only HR sync' });
  await expect(edit.getByRole('radio', { name: 'Chosen per area' })).toBeChecked();
  await expect(edit.getByRole('combobox', { name: 'Users' })).toHaveValue('read');
  await expect(edit.getByRole('combobox', { name: 'Webhooks' })).toHaveValue('none');
  await checkA11y();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // As an integration: its reads pass, its writes are refused with the permission named.
  const token = await request.post('/api/v1/auth/token', { data: demoAdmin });
  expect(token.status()).toBe(200);
  const headers = { apiKey: key, Authorization: `Bearer ${(await token.json()).idToken}` };
  expect((await request.get('/api/v1/users?limit=5', { headers })).status()).toBe(200);
  const write = await request.post('/api/v1/users', { headers, data: { email: 'refused.e2e@example.com', displayName: 'Refused' } });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({
    code: 'ACCESS_KEY_PERMISSION_DENIED',
    message: 'This access key may not write users: it has users: read.',
  });
  const other = await request.get('/api/v1/workflows?limit=5', { headers });
  expect(other.status()).toBe(403);

  // The refused write in the request log, with the permission it lacked in its details.
  const refusedId = write.headers()['x-request-id'];
  await page.goto('/request-log?status=4xx');
  const refusedRow = page.getByRole('table', { name: 'Calls' }).locator('tr[data-status="403"]').filter({ hasText: 'POST /v1/users' });
  // Calls are written a second or so after their answers: the list shows them once read again.
  await expect(async () => {
    await page.reload();
    await expect(refusedRow.filter({ hasText: 'Read-only HR sync' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await refusedRow.filter({ hasText: 'Read-only HR sync' }).first().getByRole('button', { name: 'Details: POST /v1/users' }).click();
  const details = page.getByRole('dialog', { name: 'Call details' });
  await settledDialog(page);
  await expect(details.getByText('ACCESS_KEY_PERMISSION_DENIED')).toBeVisible();
  await expect(details.getByText(refusedId, { exact: true })).toBeVisible();
  await checkA11y();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.goto('/keys');

  // On a phone the row still says it, and the form's areas stack.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByText('Permissions: Users (read)', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const phoneForm = row.getByRole('form', { name: 'Edit Read-only HR sync' });
  const users = await phoneForm.getByRole('combobox', { name: 'Users' }).boundingBox();
  const imports = await phoneForm.getByRole('combobox', { name: 'User imports' }).boundingBox();
  expect(imports!.y).toBeGreaterThan(users!.y + users!.height - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an admin makes a key that acts on its own, and a call with that key alone succeeds', async ({ page, request, checkA11y }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('form', { name: 'New access key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Nightly LMS sync');
  // By keyboard: the choice is a checkbox that Space toggles.
  const choice = form.getByRole('checkbox', { name: 'Acts on its own' });
  await expect(choice).not.toBeChecked();
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await checkA11y();
  await form.getByRole('button', { name: 'Create key' }).click();
  await settledDialog(page);
  const key = await revealedKey(page, 'Nightly LMS sync');

  const row = page.getByRole('rowgroup', { name: 'Nightly LMS sync' });
  await expect(row.getByText('Acts on its own, without a person’s idToken', { exact: true })).toBeVisible();

  // As an integration: the key alone, no Authorization header, no person's password.
  const users = await request.get('/api/v1/users?limit=5', { headers: { apiKey: key } });
  expect(users.status()).toBe(200);
  expect((await users.json()).total).toBeGreaterThan(0);

  // On a phone the row still says it, within the screen's width.
  await page.setViewportSize({ width: 375, height: 800 });
  const said = row.getByText('Acts on its own, without a person’s idToken', { exact: true });
  await expect(said).toBeVisible();
  for (const box of [await row.boundingBox(), await said.boundingBox()]) expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  // Its edit form keeps the choice, and Space turns it off.
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = row.getByRole('form', { name: 'Edit Nightly LMS sync' });
  const editChoice = edit.getByRole('checkbox', { name: 'Acts on its own' });
  await expect(editChoice).toBeChecked();
  const formBox = await edit.boundingBox();
  expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(375);
  await editChoice.focus();
  await page.keyboard.press('Space');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Calls with an API user’s idToken', { exact: true })).toBeVisible();
});
