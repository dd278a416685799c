/**
 * Decision 046 in the browser, in two languages: Escape closes the dialogs that hold nothing
 * to lose (Roll, an import's errors, a confirmation before its name is typed) and the focus
 * goes back to their buttons, or to the next key's after a delete; a dialog with typed text
 * or an uncopied secret stays. Once a new key's dialog closes, the focus is on that key's
 * row; Escape closes the New key form while nothing is typed into it. Read-only staff see no action they cannot take. On a 390 px
 * phone the staff's organization page does not scroll sideways and its buttons are 44 px.
 */
import type { Locator, Page } from '@playwright/test';
import { CSRF, signInAsDemoAdmin, signInAsStaff } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const languages = {
  en: {
    prefix: '',
    roll: 'Roll',
    rollTitle: (name: string) => `Roll the key “${name}”`,
    delete: 'Delete',
    deleteKey: 'Delete key',
    typeToConfirm: (name: string) => `Type “${name}” to confirm`,
    details: 'Details',
    errorsTitle: (name: string) => `Errors of ${name}`,
    filter: 'Filter by e-mail',
    newKey: 'New key',
    keyForm: 'New access key',
    keyName: 'Name',
    keyDescription: 'Description',
    createKey: 'Create key',
    revealTitle: (name: string) => `The key “${name}”`,
    copyKey: 'Copy the key',
    copied: 'Copied to the clipboard',
    newOrganization: 'New organization',
    organizationName: 'Organization name',
    cancel: 'Cancel',
    navigation: 'Main menu',
    menu: ['Dashboard', 'Super'],
    account: 'Your account',
    superHome: 'Super',
    settings: 'Settings',
  },
  fr: {
    prefix: '/fr',
    roll: 'Renouveler',
    rollTitle: (name: string) => `Renouveler la clé « ${name} »`,
    delete: 'Supprimer',
    deleteKey: 'Supprimer la clé',
    typeToConfirm: (name: string) => `Saisissez «\u00a0${name}\u00a0» pour confirmer`,
    details: 'Détails',
    errorsTitle: (name: string) => `Erreurs du fichier ${name}`,
    filter: 'Filtrer par adresse e-mail',
    newKey: 'Nouvelle clé',
    keyForm: 'Nouvelle clé d’accès',
    keyName: 'Nom',
    keyDescription: 'Description de la clé',
    createKey: 'Créer la clé',
    revealTitle: (name: string) => `La clé « ${name} »`,
    copyKey: 'Copier la clé',
    copied: 'Copié dans le presse-papiers',
    newOrganization: 'Nouvelle organisation',
    organizationName: 'Nom de l’organisation',
    cancel: 'Annuler',
    navigation: 'Menu principal',
    menu: ['Tableau de bord', 'Super-administration'],
    account: 'Votre compte',
    superHome: 'Super-administration',
    settings: 'Paramètres',
  },
} as const;

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** A key made through the API, as the admin signed in on `page`. */
async function apiKey(page: Page, name: string) {
  const res = await page.request.post('/api/integrations', { data: { name, description: 'Made by the keyboard test' }, headers: CSRF });
  expect(res.ok()).toBe(true);
}

for (const [lng, l] of Object.entries(languages)) {
  test(`${lng}: a new key's dialog stays until it is copied; Escape closes Roll and a delete not yet typed, the focus back on their buttons`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemoAdmin(page);
    const id = stamp();
    const name = `Keyboard ${id}`;
    await apiKey(page, `Neighbour ${id}`);
    await page.goto(`${l.prefix}/keys`);

    // The New key form, untouched: Escape closes it, and its button has the focus again.
    const newKey = page.getByRole('button', { name: l.newKey });
    await newKey.click();
    const form = page.getByRole('form', { name: l.keyForm });
    await expect(form.getByRole('textbox', { name: l.keyName })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(newKey).toBeFocused();

    // The new key's secret: Escape does not close its dialog until it has been copied.
    await newKey.click();
    await form.getByRole('textbox', { name: l.keyName }).fill(name);
    await form.getByRole('textbox', { name: l.keyDescription }).fill('Made by the keyboard test');
    await form.getByRole('button', { name: l.createKey }).click();
    const reveal = page.getByRole('dialog', { name: l.revealTitle(name) });
    await expect(reveal).toBeVisible();
    await settledDialog(page);
    await page.keyboard.press('Escape');
    await expect(reveal).toBeVisible();
    await reveal.getByRole('button', { name: l.copyKey }).click();
    // Copying is asynchronous: the key counts as copied once the notice says so.
    await expect(page.getByText(l.copied)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reveal).toBeHidden();
    // The form that made it has gone: the focus is on the new key's row, not the top of the page.
    await expect(page.getByRole('rowgroup', { name })).toBeFocused();

    // Roll, opened from the keyboard, closed with Escape: the focus is on Roll again.
    const row = page.getByRole('rowgroup', { name });
    const roll = row.getByRole('button', { name: l.roll });
    await roll.focus();
    await page.keyboard.press('Enter');
    const rollDialog = page.getByRole('dialog', { name: l.rollTitle(name) });
    await expect(rollDialog).toBeVisible();
    await settledDialog(page);
    await page.keyboard.press('Escape');
    await expect(rollDialog).toBeHidden();
    await expect.poll(() => isFocused(roll)).toBe(true);

    // Delete: the name to type has the focus; Escape cancels before typing, and Delete has the focus.
    const del = row.getByRole('button', { name: l.delete, exact: true });
    await del.focus();
    await page.keyboard.press('Enter');
    const field = row.getByRole('textbox', { name: l.typeToConfirm(name) });
    await expect(field).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(field).toBeHidden();
    await expect(del).toBeFocused();

    // Once something is typed, Escape leaves it; deleting gives the focus to another key's Delete.
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await page.keyboard.type(name.slice(0, 4));
    await page.keyboard.press('Escape');
    await expect(field).toBeVisible();
    await page.keyboard.type(name.slice(4));
    await row.getByRole('button', { name: l.deleteKey }).click();
    await expect(row).toHaveCount(0);
    const focused = page.locator('tbody[data-list-item] button:focus');
    await expect(focused).toHaveAccessibleName(l.delete);
  });
}

for (const [lng, l] of Object.entries(languages)) {
  test(`${lng}: Escape closes an import's errors, a filter typed or not, and the focus is back on Details`, async ({ page }) => {
    await signInAsDemoAdmin(page);
    const name = `errors-keyboard-${stamp()}.csv`;
    await page.goto('/user-imports');
    await page
      .getByTestId('user-import-file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('email,name\nnot-an-email,Bad\n') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const englishRow = page.getByRole('row').filter({ hasText: name });
    await expect(englishRow.getByText('Input format or data errors')).toBeVisible({ timeout: 60_000 });

    await page.goto(`${l.prefix}/user-imports`);
    const details = page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: l.details, exact: true });
    await details.click();
    const dialog = page.getByRole('dialog', { name: l.errorsTitle(name) });
    await expect(dialog).toBeVisible();
    await settledDialog(page);
    // A filter is a search, not input to protect.
    await dialog.getByRole('searchbox', { name: l.filter }).fill('not-an');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
  });
}

for (const [lng, l] of Object.entries(languages)) {
  test(`${lng}: a dialog with typed text stays on Escape; an empty one closes and gives the focus back`, async ({ page, baseURL }) => {
    await signInAsStaff(page, baseURL);
    await page.goto(`${l.prefix}/super/organizations`);
    const open = page.getByRole('button', { name: l.newOrganization });
    await open.click();
    const dialog = page.getByRole('dialog', { name: l.newOrganization });
    await expect(dialog).toBeVisible();
    await settledDialog(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: l.organizationName }).fill('Half typed');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: l.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
}

for (const [lng, l] of Object.entries(languages)) {
  test(`${lng}: read-only staff see only what they may use`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsStaff(page, baseURL, 'reader@workframe.io');
    await page.goto(`${l.prefix}/dashboard`);
    await expect(page.getByRole('heading', { name: l.account })).toBeVisible();
    // At 1440 px the menu is beside the page (decision 023).
    const nav = page.getByRole('navigation', { name: l.navigation });
    await expect(nav.getByRole('link')).toHaveText([...l.menu]);
    // No card that could only say "no permission": the account card alone, and no alert.
    await expect(page.getByRole('main').locator('.MuiCard-root')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);

    // The regular area's pages send them to the Super home.
    await page.goto(`${l.prefix}/keys`);
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/super$`));
    await expect(page.getByRole('heading', { level: 1, name: l.superHome })).toBeVisible();
    await expect(page.getByRole('button', { name: l.newKey })).toHaveCount(0);

    // On an organization's page, the only buttons are those that read: Settings, copy, and an
    // event's Details in its audit trail (another test of this file records a failed import there).
    await page.goto(`${l.prefix}/super/organizations?q=acme`);
    await page.getByRole('listitem', { name: 'Acme Manufacturing' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: l.settings })).toBeVisible();
    const buttons = await page.getByRole('main').getByRole('button').all();
    for (const button of buttons) {
      const label = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
      expect(label, 'a button read-only staff could not use').toMatch(/cop|^(details|détails)\b/i);
    }
  });
}

test('at 390 px the staff organization page has no sideways scroll, its tables are blocks and its buttons 44 px', async ({
  page,
  baseURL,
}) => {
  // An import of Acme's, so that its imports table is there.
  await signInAsDemoAdmin(page);
  const upload = await page.request.post('/api/user-imports', {
    headers: CSRF,
    multipart: {
      file: {
        name: `a-long-file-name-for-a-phone-${stamp()}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from('email,name\nnot-an-email,Bad\n'),
      },
    },
  });
  expect(upload.ok()).toBe(true);
  await page.context().clearCookies();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, baseURL);
  await page.goto('/super/organizations?q=acme');
  await page.getByRole('listitem', { name: 'Acme Manufacturing' }).getByRole('link').first().click();
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
  const imports = main.getByRole('table', { name: 'Newest user imports' });
  await expect(imports).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Stacked: the header row is hidden and a file name has the row's width, not a few letters.
  await expect(imports.locator('thead')).toBeHidden();
  const fileCell = imports.locator('tbody tr').first().locator('td').first();
  expect((await fileCell.boundingBox())!.width).toBeGreaterThan(200);
  // The admin users too: an e-mail on a line of its own, under "E-mail", never "admin@acme / .example".
  const admins = main.getByRole('table', { name: 'Admin users' });
  await expect(admins.locator('thead')).toBeHidden();
  // The demo admin's row (another browser test adds a manager whose long address rightly wraps).
  const emailCell = admins.locator('td[data-label="E-mail"]').filter({ hasText: /^admin@acme\.example$/ });
  expect((await emailCell.boundingBox())!.width).toBeGreaterThan(200);
  expect((await emailCell.boundingBox())!.height).toBeLessThan(50);

  const small: string[] = [];
  for (const button of await page.locator('main button:visible, header button:visible').all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    const isIcon = await button.evaluate((el) => el.classList.contains('MuiIconButton-root'));
    if (box.height < 44 || (isIcon && box.width < 44)) small.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  expect(small, 'buttons smaller than 44 px').toEqual([]);
});

/** Controls on `page` (visible, in `scope`) shorter than 44 px, as "name: width×height". */
async function smallControls(page: Page, selector: string) {
  const small: string[] = [];
  for (const control of await page.locator(selector).all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    if (box.height < 44) small.push(`${(await control.textContent())?.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

test('at 390 px in Portuguese the import options are 44 px high and an import’s errors are blocks', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoAdmin(page);
  const name = `erros-telefone-${stamp()}.csv`;
  const upload = await page.request.post('/api/user-imports', {
    headers: CSRF,
    multipart: {
      file: { name, mimeType: 'text/csv', buffer: Buffer.from('email,name\nnot-an-email,Bad\n') },
    },
  });
  expect(upload.ok()).toBe(true);
  await page.goto('/pt/user-imports');
  const form = page.getByRole('form', { name: 'Enviar um arquivo' });
  await expect(form).toBeVisible();
  // Each option (its checkbox and its label) is a 44 px target.
  expect(await form.locator('.MuiCheckbox-root').count()).toBeGreaterThan(3);
  expect(await smallControls(page, 'form .MuiCheckbox-root:visible, form .MuiFormControlLabel-root:visible')).toEqual([]);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('button', { name: 'Detalhes', exact: true })).toBeVisible({ timeout: 60_000 });
  await row.getByRole('button', { name: 'Detalhes', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Erros de ${name}` });
  const errors = dialog.getByRole('table');
  await expect(errors.locator('tbody tr').first()).toBeVisible();
  await settledDialog(page);
  await expect(errors.locator('thead')).toBeHidden();
  // The error's text has the block's width, not a third of it.
  const errorCell = errors.locator('tbody tr').first().locator('td').last();
  expect((await errorCell.boundingBox())!.width).toBeGreaterThan(250);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR ?? '/tmp'}/pt-import-errors-390.png` });
});

test('at 390 px in Portuguese the organization settings switches are 44 px high', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, baseURL);
  await page.goto('/super/organizations?q=acme');
  await page.getByRole('listitem', { name: 'Acme Manufacturing' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeVisible();
  const organizationPath = new URL(page.url()).pathname;
  // The organization page in Portuguese: its admin users are blocks too.
  await page.goto(`/pt${organizationPath}`);
  const admins = page.getByRole('main').getByRole('table', { name: 'Usuários administradores' });
  await expect(admins.locator('tbody tr').first()).toBeVisible();
  await expect(admins.locator('thead')).toBeHidden();
  await admins.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR ?? '/tmp'}/pt-organization-390.png` });
  await page.goto(`/pt${organizationPath}/settings`);
  const switches = page.locator('main .MuiSwitch-root:visible');
  await expect(switches.first()).toBeVisible();
  expect(await smallControls(page, 'main .MuiSwitch-root:visible')).toEqual([]);
  // The thumb stays on its track: the switch's input (its target) is as high as the switch.
  const input = (await page.getByRole('switch').first().boundingBox())!;
  expect(input.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR ?? '/tmp'}/pt-settings-390.png` });
});
