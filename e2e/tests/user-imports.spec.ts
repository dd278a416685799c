/**
 * User imports in Chromium against the built console (demo data: Acme Manufacturing has
 * the workspaces Assembly Line and Maintenance): a valid file completes, a file with
 * errors shows them filtered by e-mail, a .txt is refused, a failed import is retried,
 * and an import is removed after confirmation.
 */
import type { Page } from '@playwright/test';
import { signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openImports(page: Page) {
  await signInAsDemoAdmin(page);
  await page.goto('/user-imports');
  await expect(page.getByRole('heading', { level: 1, name: 'User imports' })).toBeVisible();
}

async function upload(page: Page, name: string, content: string) {
  await page.getByTestId('user-import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${name} is being imported`)).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a valid file is uploaded and completes, with live progress and its details', async ({ page, checkA11y }) => {
  await openImports(page);
  await checkA11y();
  const id = stamp();
  const name = `valid-${id}.csv`;
  const csv = [
    'email,name,role,workspaces,teams',
    ...Array.from({ length: 40 }, (_, i) => `e2e-${id}-${i}@acme.example,E2E User ${i},viewer,Assembly Line|Maintenance,Day shift`),
  ].join('\n');
  await upload(page, name, csv);
  await expect(row(page, name).getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await row(page, name)
    .getByRole('button', { name: `Details of ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Import details' });
  await expect(dialog.getByText('40 created, 0 updated, 0 failed')).toBeVisible();
  await expect(dialog.getByText('Completed')).toBeVisible();
  await checkA11y();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a file with errors: the details list them by e-mail with their rows, filtered by e-mail in any case', async ({ page, checkA11y }) => {
  await openImports(page);
  const id = stamp();
  const name = `errors-${id}.csv`;
  const csv = `email,name,workspaces\nok-${id}@acme.example,Ok,Assembly Line\nnot-an-email,Bad,Assembly Line\nbad2-${id}@acme.example,Bad Two,Nowhere\nbad2-${id}@ACME.example,Bad Again,Maintenance\n`;
  await upload(page, name, csv);
  const line = row(page, name);
  await expect(line.getByText('Input format or data errors')).toBeVisible({ timeout: 60_000 });
  await line.getByRole('button', { name: 'Details', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Errors of ${name}` });
  await expect(dialog.getByText('The e-mail is not valid.')).toBeVisible();
  await expect(dialog.getByText('The e-mail appears in more than one row.')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '4, 5' })).toBeVisible();
  await expect(dialog.getByText('3 errors')).toBeVisible();
  await checkA11y();
  await dialog.getByRole('searchbox', { name: 'Filter by e-mail' }).fill(`BAD2-${id}`);
  await expect(dialog.getByText('2 errors')).toBeVisible();
  await expect(dialog.getByText('The e-mail is not valid.')).toHaveCount(0);
  await expect(dialog.getByText('No workspace of the organization has this name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('a file that is not .csv is refused with the bad-format notice, and the form needs a file', async ({ page }) => {
  await openImports(page);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('You need to specify the file')).toBeVisible();
  await expect(page.getByText('no file detected')).toBeVisible();
  await page
    .getByTestId('user-import-file')
    .setInputFiles({ name: 'users.txt', mimeType: 'text/plain', buffer: Buffer.from('email,name\n') });
  await expect(page.getByText('Format is incorrect. Remember that we are expecting a CSV file')).toBeVisible();
  await expect(page.getByText('users.txt')).toHaveCount(0);
});

test('a failed import is retried, and an import is removed after confirmation', async ({ page }) => {
  await openImports(page);
  const id = stamp();
  const name = `retry-${id}.csv`;
  await upload(page, name, `email,name,workspaces\nr-${id}@acme.example,Retry Me,Nowhere\n`);
  const line = row(page, name);
  await expect(line.getByText('Input format or data errors')).toBeVisible({ timeout: 60_000 });
  await line.getByRole('button', { name: `Retry ${name}` }).click();
  await expect(page.getByText('The import is running again')).toBeVisible();
  // Still no such workspace: it ends with the same errors.
  await expect(line.getByText('Input format or data errors')).toBeVisible({ timeout: 60_000 });

  await line.getByRole('button', { name: `Remove ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this import?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The import was removed')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});
