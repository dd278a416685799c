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

test('an admin makes a read-only key, sees its permissions, and a write with it is refused', async ({ page, request, checkA11y }) => {
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
