/**
 * Workflow imports in a real browser against the demo data: staff open "Import workflows"
 * from an organization's page, copy all the workflows of a workspace of another
 * organization into one of its workspaces, and see the import complete.
 */
import type { Page } from '@playwright/test';
import { signInAsStaff } from '../fixtures/sign-in';
import { openOrganizationDetails } from '../fixtures/super';
import { expect, test } from '../fixtures/test';

async function choose(page: Page, label: string, text: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await expect(box).toBeEnabled();
  await box.fill(text);
  await page.getByRole('option', { name: option }).click();
}

test('staff import the workflows of a workspace of one organization into another and see them completed', async ({
  page,
  baseURL,
  checkA11y,
}) => {
  await signInAsStaff(page, baseURL);
  const details = await openOrganizationDetails(page, 'acme', 'Acme Manufacturing');
  await details.getByRole('link', { name: 'Import workflows into Acme Manufacturing' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'New workflow import' })).toBeVisible();
  await expect(page).toHaveURL(/\/super\/organizations\/[0-9a-f-]{36}\/new-workflow-import$/);
  await expect(page).toHaveTitle('New workflow import Integrations');
  await expect(page.getByRole('textbox', { name: 'Target organization' })).toHaveValue('Acme Manufacturing');

  // Nothing chosen: every field says what it needs.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Choose the source organization')).toBeVisible();
  await expect(page.getByText('Choose at least one workflow')).toBeVisible();
  await expect(page.getByText('Choose the author of the copies')).toBeVisible();

  await choose(page, 'Source organization', 'glob', /Globex Logistics/);
  await choose(page, 'Source workspace', 'safety', /Safety & Compliance/);
  const workflows = page.getByRole('list', { name: 'Workflows' });
  await expect(workflows.getByRole('listitem')).toHaveCount(3);
  await expect(workflows.getByText('Changing a conveyor belt')).toBeVisible();
  await expect(workflows.getByText('Published').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 3 workflows' }).check();
  await expect(page.getByText('3 workflows selected')).toBeVisible();

  // Public source: only public target workspaces are offered.
  await page.getByRole('combobox', { name: 'Target workspace' }).fill('');
  await page.getByRole('combobox', { name: 'Target workspace' }).click();
  await expect(page.getByRole('option', { name: /Maintenance/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Leadership Onboarding/ })).toHaveCount(0);
  await page.getByRole('option', { name: /Maintenance/ }).click();
  const authorBox = page.getByRole('combobox', { name: 'Author of the copies' });
  await expect(authorBox).toBeEnabled();
  await authorBox.click();
  await page
    .getByRole('option', { name: /@acme\.example/ })
    .first()
    .click();
  await checkA11y();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Import 3 workflows?' });
  await expect(confirm).toContainText('Copies are made in Maintenance of Acme Manufacturing');
  await confirm.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('The import of 3 workflows was scheduled.')).toBeVisible();
  await expect(page.getByText('0 workflows selected')).toBeVisible();
  await expect(page.getByText('Choose at least one workflow')).toBeHidden();

  // The recent imports follow it until it is completed.
  const recent = page.getByRole('table', { name: 'Recent workflow imports' });
  const row = recent.getByRole('row').filter({ hasText: 'Safety & Compliance' });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Completed: 3')).toBeVisible();
  await expect(row.getByText('Failed: 0')).toBeVisible();
  await expect(row.getByText('Remaining: 0')).toBeVisible();
  await row.getByRole('button', { name: /Details of the import/ }).click();
  const items = page.getByRole('dialog', { name: 'Workflows of the import' });
  await expect(items.getByRole('row')).toHaveCount(4);
  await expect(items.getByRole('cell', { name: 'Completed' })).toHaveCount(3);
  await expect(items.locator('code')).toHaveCount(3);
  await expect(page.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1');
  await checkA11y();
});
