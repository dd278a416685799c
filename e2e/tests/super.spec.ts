/**
 * The Super area in a real browser against the demo data: staff find it in the left menu,
 * list, filter and open organizations; an Organizational Admin never sees it.
 */
import { CSRF, demoAdmin, expectDashboard, mainMenu, signInAsDemoAdmin, signInAsStaff, signInWithPassword } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('staff open the Super area from the menu, filter the organizations and read one', async ({ page, baseURL, checkA11y }) => {
  await signInAsStaff(page, baseURL);
  await (await mainMenu(page)).getByRole('link', { name: 'Super' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Super' })).toBeVisible();
  await expect(page).toHaveURL(/\/super$/);
  await checkA11y();

  await page.getByRole('link', { name: 'Open: Organizations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expect(page).toHaveTitle('Organizations Integrations');
  const list = page.getByRole('list', { name: 'Organizations' });
  // The demo's four organizations (and any an earlier spec created), by name; Initech is disabled: greyed, listed all the same.
  for (const name of ['Acme Manufacturing', 'Globex Logistics', 'Initech Foods', 'Workframe Staff']) {
    await expect(list.getByRole('listitem', { name })).toBeVisible();
  }
  const count = await list.getByRole('listitem').count();
  await expect(page.getByText(`${count} of ${count} organizations shown`)).toBeVisible();
  const initech = list.getByRole('listitem', { name: 'Initech Foods' });
  await expect(initech).toHaveAttribute('data-disabled', 'true');
  await expect(initech.getByText('Disabled')).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Workframe Staff' }).getByText('Staff', { exact: true })).toBeVisible();
  await checkA11y();

  // The filter: part of the name, any case.
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('GLOB');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/\/super\/organizations\?q=GLOB$/);
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('ac');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const acme = list.getByRole('listitem', { name: 'Acme Manufacturing' });
  await expect(acme).toContainText('Plan: Enterprise');

  // Copy its id, then read it: the details dialog at /super/organizations/{id}?mode=read.
  await acme.getByRole('button', { name: 'Copy the id of Acme Manufacturing' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const copiedId = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedId).toMatch(/^[0-9a-f-]{36}$/);
  await acme.getByRole('button', { name: 'View the details of Acme Manufacturing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Organization details' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/super/organizations/${copiedId}\\?mode=read$`));
  await expect(dialog.getByText('Acme Manufacturing')).toBeVisible();
  await expect(dialog.getByText('Enterprise')).toBeVisible();
  await expect(dialog.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  const admins = dialog.getByRole('table', { name: 'Admin users' });
  await expect(admins.getByRole('cell', { name: 'admin@acme.example', exact: true })).toBeVisible();
  await settledDialog(page);
  await checkA11y();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/super\/organizations\?q=ac$/);
  await expect(page.getByRole('searchbox', { name: 'Filter by name' })).toHaveValue('ac');

  // The same screen in Spanish, opened from its address.
  await page.goto(`/es/super/organizations/${copiedId}?mode=read`);
  await expect(page.getByRole('dialog', { name: 'Detalles de la organización' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Tipo de plan')).toBeVisible();
});

test('staff rename an organization, change its plan and disable it for good; its people are signed out', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  // Globex's admin is signed in elsewhere.
  const globex = await browser.newContext();
  const globexPage = await globex.newPage();
  await globexPage.goto('/');
  await signInWithPassword(globexPage, { email: 'admin@globex.example', password: demoAdmin.password });
  await expectDashboard(globexPage);
  expect((await globexPage.request.get('/api/auth/me')).status()).toBe(200);

  await signInAsStaff(page, baseURL);
  await page.goto('/super/organizations?q=globex');
  const row = page.getByRole('listitem', { name: 'Globex Logistics' });
  await row.getByRole('button', { name: 'Edit Globex Logistics' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit organization' });
  await expect(page).toHaveURL(/\/super\/organizations\/[0-9a-f-]{36}\?mode=edit$/);
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Globex Logistics');
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('There are errors in the form')).toBeVisible();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await name.fill('Globex Logistics Group');
  await expect(dialog.getByText('22/75')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Plan type' }).click();
  await page.getByRole('option', { name: 'Enterprise' }).click();
  await settledDialog(page);
  await checkA11y();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Globex Logistics Group was saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const renamed = page.getByRole('listitem', { name: 'Globex Logistics Group' });
  await expect(renamed).toContainText('Plan: Enterprise');

  // Disable: asked first, then for good.
  await renamed.getByRole('button', { name: 'Edit Globex Logistics Group' }).click();
  await dialog.getByRole('button', { name: 'Disable organization' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Disable Globex Logistics Group?' });
  await expect(ask).toContainText('This cannot be undone.');
  await ask.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Globex Logistics Group was disabled. Users disabled: 21.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(renamed).toHaveAttribute('data-disabled', 'true');
  await expect(renamed.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await checkA11y();

  // Its admin's session ended, and signing in again is refused.
  expect((await globexPage.request.get('/api/auth/me')).status()).toBe(401);
  const again = await globexPage.request.post('/api/auth/sign-in', {
    data: { email: 'admin@globex.example', password: demoAdmin.password },
  });
  expect(again.status()).toBe(403);
  await globex.close();
});

test('staff who may only read get no Edit, and the server refuses their changes', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  await page.goto('/super/organizations?q=acme');
  const acme = page.getByRole('listitem', { name: 'Acme Manufacturing' });
  await expect(acme.getByRole('button', { name: 'View the details of Acme Manufacturing' })).toBeVisible();
  await expect(acme.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await acme.getByRole('button', { name: 'View the details of Acme Manufacturing' }).click();
  await expect(page.getByRole('dialog', { name: 'Organization details' })).toBeVisible();
  const orgId = new URL(page.url()).pathname.split('/').at(-1);
  const res = await page.request.put(`/api/organization/${orgId}`, { data: { disabled: true }, headers: CSRF });
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Your staff role allows reading only.');
});

test('an Organizational Admin has no Super entry and is sent from /super to the dashboard', async ({ page, request }) => {
  await signInAsDemoAdmin(page);
  const nav = await mainMenu(page);
  await expect(nav.getByRole('link', { name: 'Keys' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Super' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/super');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectDashboard(page);
  await page.goto('/es/super');
  await expect(page).toHaveURL(/\/es\/dashboard$/);
  await expectDashboard(page, 'Panel');

  // The server refuses the calls too, whatever the browser does.
  const res = await page.request.get('/api/organizations?page=1&limit=20');
  expect(res.status()).toBe(403);
  // Without the session cookie: not signed in at all.
  expect((await request.get('/api/organizations')).status()).toBe(401);
});
