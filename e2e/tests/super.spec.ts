/**
 * The Super area in a real browser against the demo data: staff find it in the left menu,
 * list, filter and open organizations (a page each); disabling one asks to type its name;
 * an Organizational Admin never sees it.
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

  // Copy its id, then open its page at /super/organizations/{id}.
  await acme.getByRole('button', { name: 'Copy the id of Acme Manufacturing' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const copiedId = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedId).toMatch(/^[0-9a-f-]{36}$/);
  await acme.getByRole('link', { name: 'View the details of Acme Manufacturing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/super/organizations/${copiedId}$`));
  const details = page.getByRole('region', { name: 'Organization details' });
  await expect(details.getByText('Enterprise')).toBeVisible();
  await expect(details.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  const admins = page.getByRole('table', { name: 'Admin users' });
  await expect(admins.getByRole('cell', { name: 'admin@acme.example', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization managers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'User imports' })).toBeVisible();
  await checkA11y();
  // The trail leads back to the list as it was left.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/super\/organizations\?q=ac$/);
  await expect(page.getByRole('searchbox', { name: 'Filter by name' })).toHaveValue('ac');

  // The same screen in Spanish, opened from its address.
  await page.goto(`/es/super/organizations/${copiedId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Detalles de la organización' }).getByText('Tipo de plan')).toBeVisible();
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
  // The form closes onto the organization's page.
  await expect(page.getByRole('heading', { level: 1, name: 'Globex Logistics Group' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization details' })).toContainText('Enterprise');

  // Disable, from the page's danger zone: a red confirmation that asks for the name first.
  await page.getByRole('region', { name: 'Disable the organization' }).getByRole('button', { name: 'Disable organization' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Disable Globex Logistics Group?' });
  await expect(ask).toContainText('This cannot be undone.');
  const confirm = ask.getByRole('button', { name: 'Disable' });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.12)');
  const typed = ask.getByRole('textbox', { name: 'Type “Globex Logistics Group” to confirm' });
  await typed.fill('Globex Logistics');
  await expect(confirm).toBeDisabled();
  await typed.fill('Globex Logistics Group');
  await expect(confirm).toBeEnabled();
  // Red (the theme's error colour), not the primary blue.
  await expect(confirm).toHaveCSS('background-color', 'rgb(211, 47, 47)');
  await settledDialog(page);
  await checkA11y();
  await confirm.click();
  await expect(page.getByText('Globex Logistics Group was disabled. Users disabled: 21.')).toBeVisible();
  await expect(page.getByText('This organization is disabled: it cannot be used or changed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.goto('/super/organizations?q=globex');
  const renamed = page.getByRole('listitem', { name: 'Globex Logistics Group' });
  await expect(renamed).toHaveAttribute('data-disabled', 'true');
  await expect(renamed.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await checkA11y();

  // Its admin's session ended, and signing in again is refused as a wrong password is: the
  // sign-in form tells nobody that an account or an organization is disabled.
  expect((await globexPage.request.get('/api/auth/me')).status()).toBe(401);
  const again = await globexPage.request.post('/api/auth/sign-in', {
    data: { email: 'admin@globex.example', password: demoAdmin.password },
  });
  const wrong = await globexPage.request.post('/api/auth/sign-in', {
    data: { email: 'admin@globex.example', password: 'not-the-password-1' },
  });
  expect(again.status()).toBe(401);
  expect(await again.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
  expect(await again.json()).toEqual(await wrong.json());
  await globex.close();
});

test('staff set a client key in one dialog: a taken key is refused before anything is set, then the name is typed', async ({
  page,
  baseURL,
  checkA11y,
}) => {
  await signInAsStaff(page, baseURL);
  const stamp = String(Date.now()).slice(-7);
  const name = `Keyless Co ${stamp}`;
  const created = await page.request.post('/api/organization', {
    headers: CSRF,
    data: { name, adminName: 'Kim Keyless', email: `kim.${stamp}@keyless.example`, password: 'Str0ng-Pass!', planType: 'Enterprise' },
  });
  expect(created.status()).toBe(201);
  const { organization } = await created.json();
  await page.goto(`/fr/super/organizations/${organization.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: `Définir la clé client de l’organisation ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Clé client de l’organisation ${name}` });
  const key = dialog.getByRole('textbox', { name: 'Clé client' });
  const typed = dialog.getByRole('textbox', { name: `Saisissez «\u00a0${name}\u00a0» pour confirmer` });
  const set = dialog.getByRole('button', { name: 'Définir la clé' });
  await typed.fill(name);
  // Acme's key: refused as it is typed, and nothing can be set.
  await key.fill('acme');
  await expect(dialog.getByText('La clé client est déjà utilisée dans le système ou n’est pas disponible.')).toBeVisible();
  await expect(set).toBeDisabled();
  await key.fill(`keyless${stamp}`);
  await expect(dialog.getByText(`keyless${stamp} est disponible.`)).toBeVisible();
  await expect(set).toBeEnabled();
  await expect(set).toHaveCSS('background-color', 'rgb(211, 47, 47)');
  // One dialog: nothing stacked under or over it.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await settledDialog(page);
  await checkA11y();
  await set.click();
  await expect(page.getByText(`La clé client keyless${stamp} a été définie pour ${name}.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Détails de l’organisation' }).getByText(`keyless${stamp}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Définir la clé client/ })).toHaveCount(0);
});

test('staff who may only read get no Edit, and the server refuses their changes', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  await page.goto('/super/organizations?q=acme');
  const acme = page.getByRole('listitem', { name: 'Acme Manufacturing' });
  await expect(acme.getByRole('link', { name: 'View the details of Acme Manufacturing' })).toBeVisible();
  await expect(acme.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await acme.getByRole('link', { name: 'View the details of Acme Manufacturing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable organization' })).toHaveCount(0);
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
