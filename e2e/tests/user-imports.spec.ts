/**
 * User imports in Chromium against the built console (demo data: Acme Manufacturing has
 * the workspaces Assembly Line and Maintenance): the template downloaded as it is imports,
 * a valid file completes, one with invitations turned off sends no e-mail, a file with
 * errors shows them filtered by e-mail (and offers no Retry: a new file is needed), a .txt
 * is refused, an import whose invitations fail ends in error and Retry completes it, and an
 * import is removed after confirmation.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { mailsTo, outboxDir } from '../fixtures/outbox';
import { signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';
import { chooseInvitations, confirmImport, openUserImports } from '../fixtures/user-imports';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openImports(page: Page) {
  await signInAsDemoAdmin(page);
  await openUserImports(page);
  await expect(page.getByRole('heading', { level: 1, name: 'User imports' })).toBeVisible();
  await chooseInvitations(page, true);
}

async function upload(page: Page, name: string, content: string) {
  await page.getByTestId('user-import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${name} is uploaded: it is checked, then waits for your confirmation`)).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Confirms the uploaded file, waits for it to complete and opens its details: two users created. */
async function importTwo(page: Page, name: string) {
  const line = row(page, name);
  await confirmImport(page, name);
  await expect(line.getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await line.getByRole('button', { name: `Details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Import details' });
  await expect(dialog.getByText('2 created, 0 updated, 0 failed')).toBeVisible();
  return dialog;
}

test('a valid file is uploaded and completes, with live progress and its details; at 1440 × 900 its summary’s Confirm is in view', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openImports(page);
  await checkA11y();
  const id = stamp();
  const name = `valid-${id}.csv`;
  const csv = [
    'email,name,role,workspaces,teams',
    ...Array.from({ length: 40 }, (_, i) => `e2e-${id}-${i}@acme.example,E2E User ${i},viewer,Assembly Line|Maintenance,Day shift`),
  ].join('\n');
  await upload(page, name, csv);
  // Where the upload left the page, without scrolling: the admin reads the summary and confirms.
  const summary = row(page, name).locator('[data-import-summary]');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary.getByRole('button', { name: 'Confirm and apply' })).toBeInViewport();
  await confirmImport(page, name);
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

test('a file with data errors offers no Retry (a new file is needed), and an import is removed after confirmation', async ({ page }) => {
  await openImports(page);
  const id = stamp();
  const name = `retry-${id}.csv`;
  await upload(page, name, `email,name,workspaces\nr-${id}@acme.example,Retry Me,Nowhere\n`);
  const line = row(page, name);
  await expect(line.getByText('Input format or data errors')).toBeVisible({ timeout: 60_000 });
  await expect(line.getByRole('button', { name: `Retry ${name}` })).toHaveCount(0);

  await line.getByRole('button', { name: `Remove ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this import?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The import was removed')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});

test('the template, downloaded as the demo admin and uploaded unchanged, imports', async ({ page }) => {
  await openImports(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the template' }).click()]);
  expect(download.suggestedFilename()).toBe('user-import-template.csv');
  const csv = fs.readFileSync((await download.path()) as string, 'utf8');
  // Made for Acme: its own workspaces, and an example user on a reserved domain.
  expect(csv.split('\r\n')[0]).toBe('email,employeeId,name,role,workspaces,teams,skills,disabled');
  expect(csv).toContain('Assembly Line');
  expect(csv).toMatch(/ada\.lovelace(\.\d+)?@acme\.example/);

  const name = `template-${stamp()}.csv`;
  await upload(page, name, csv);
  const dialog = await importTwo(page, name);
  await expect(dialog.getByText('Sent to new users')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('with invitations turned off, the users are created and no e-mail is sent', async ({ page }) => {
  await openImports(page);
  const invite = page.getByRole('checkbox', { name: 'Send an invitation e-mail to new users' });
  await expect(invite).toBeChecked();
  await expect(page.getByText(/^Each new user with an e-mail gets an e-mail, valid 14 days/)).toBeVisible();
  await invite.uncheck();
  await expect(page.getByText('No e-mail is sent: the new users are created without an invitation.')).toBeVisible();

  const id = stamp();
  const name = `quiet-${id}.csv`;
  await upload(page, name, `email,name\nquiet-${id}-1@acme.example,Quiet One\nquiet-${id}-2@acme.example,Quiet Two\n`);
  const dialog = await importTwo(page, name);
  await expect(dialog.getByText('0 sent, 0 waiting, 0 failed')).toBeVisible();
  await expect(dialog.getByText('Not sent (turned off for this import)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Without an SMTP server every e-mail is a file in the outbox: none goes to them.
  expect([...mailsTo(`quiet-${id}-1@acme.example`), ...mailsTo(`quiet-${id}-2@acme.example`)]).toHaveLength(0);
});

test('an import whose invitations cannot be sent ends in error, offers Retry, and Retry completes it', async ({ page }) => {
  // A real failure: the outbox (where e-mails go without an SMTP server) cannot be written,
  // because a file stands where its folder should be. Restored before Retry.
  const outbox = outboxDir();
  const aside = `${outbox}.aside`;
  const hadOutbox = fs.existsSync(outbox);
  if (hadOutbox) fs.renameSync(outbox, aside);
  fs.writeFileSync(outbox, 'not a folder');
  const restore = () => {
    if (fs.existsSync(outbox) && fs.statSync(outbox).isFile()) fs.rmSync(outbox);
    if (hadOutbox && fs.existsSync(aside)) fs.renameSync(aside, outbox);
  };
  try {
    await openImports(page);
    const id = stamp();
    const name = `mailfail-${id}.csv`;
    await upload(page, name, `email,name\nretry-${id}@acme.example,Retry Me\n`);
    const line = row(page, name);
    await confirmImport(page, name);
    await expect(line.getByText('Error processing users')).toBeVisible({ timeout: 60_000 });
    const retry = line.getByRole('button', { name: `Retry ${name}` });
    await expect(retry).toBeVisible();

    restore();
    await retry.click();
    await expect(page.getByText('The import is running again')).toBeVisible();
    await expect(line.getByText('Completed')).toBeVisible({ timeout: 60_000 });
    await expect(line.getByRole('button', { name: `Retry ${name}` })).toHaveCount(0);
    // The invitation is sent by its own job, after the users are in: it lands in the outbox a moment later.
    await expect.poll(() => mailsTo(`retry-${id}@acme.example`).length, { timeout: 30_000 }).toBeGreaterThan(0);
  } finally {
    restore();
  }
});
