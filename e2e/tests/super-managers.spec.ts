/**
 * Organization administration in a real browser against the demo data: staff create an
 * organization with its first Organizational Admin, add a manager whose e-mail is new (an
 * invitation goes to the outbox, in the chosen language) and see the pending invitation, in
 * the managers table and on the manager's page; and, in Spanish and Portuguese, on a wide
 * screen and a phone, with the keyboard alone, create one whose first admin is invited by
 * e-mail instead of given a password.
 */
import type { Locator, Page } from '@playwright/test';
import { linksTo, mailsTo } from '../fixtures/outbox';
import { signInAsStaff } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test('staff create an organization, add a manager and see the pending invitation', async ({ page, baseURL, checkA11y }) => {
  // Four accessibility checks and two dialogs: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const stamp = String(Date.now()).slice(-7);
  const orgName = `Hooli Robotics ${stamp}`;
  const managerEmail = `nina.${stamp}@hooli.example`;
  await signInAsStaff(page, baseURL);
  await page.goto('/super/organizations');
  await page.getByRole('button', { name: 'New organization' }).click();
  const create = page.getByRole('dialog', { name: 'New organization' });
  await expect(create.getByRole('form', { name: 'New organization' })).toBeVisible();

  // The rules are checked before anything is sent, the password policy shown as a checklist.
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('There are errors in the form')).toBeVisible();
  await create.getByLabel('Organization name').fill(orgName);
  await create.getByLabel('Client key (optional)').fill('Hooli!');
  await expect(create.getByText('Invalid client key. Please use only lowercase letters or numbers.')).toBeVisible();
  await create.getByLabel('Client key (optional)').fill(`hooli${stamp}`);
  await create.getByRole('combobox', { name: 'Plan type' }).click();
  await page.getByRole('option', { name: 'Enterprise' }).click();
  await create.getByLabel('Admin name').fill('Hank Hooli');
  await create.getByLabel('Admin e-mail').fill(`hank.${stamp}@hooli.example`);
  const password = create.getByLabel('Admin password', { exact: false }).and(page.locator('input'));
  await password.fill('weakpass');
  const rules = create.getByRole('list', { name: 'Password rules' });
  await expect(rules.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Not met yet' }) })).toHaveCount(4);
  await password.fill('Str0ng-Pass!');
  await expect(rules.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Not met yet' }) })).toHaveCount(0);
  await create.getByLabel('Repeat the password', { exact: false }).and(page.locator('input')).fill('Str0ng-Pass!');
  await settledDialog(page);
  await checkA11y();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${orgName} was created.`)).toBeVisible();

  // Its page opens; the first admin is its first manager.
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  const details = page.getByRole('main');
  await expect(page).toHaveURL(/\/super\/organizations\/[0-9a-f-]{36}$/);
  await expect(details.getByText(`hooli${stamp}`)).toBeVisible();
  const managers = details.getByRole('table', { name: 'Organization managers' });
  await expect(managers.getByRole('row').filter({ hasText: 'Hank Hooli' })).toContainText('Not invited');

  // Add a manager whose e-mail is new: an invitation goes out, in Spanish as chosen.
  await details.getByRole('button', { name: 'Add manager' }).click();
  const add = page.getByRole('dialog', { name: 'Add an organization manager' });
  await add.getByLabel('Name').fill('Nina Nueva');
  await add.getByLabel('E-mail').fill(managerEmail);
  await add.getByRole('combobox', { name: 'Language of the invitation' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await settledDialog(page);
  await checkA11y();
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Nina Nueva is now a manager. An invitation was sent to ${managerEmail}.`)).toBeVisible();
  await expect(add).toBeHidden();
  const nina = managers.getByRole('row').filter({ hasText: 'Nina Nueva' });
  await expect(nina).toContainText('Invitation pending');
  await expect(nina).toContainText(/Invited \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Sam Staff/);
  await expect(details.getByText('2 of 2 managers shown')).toBeVisible();
  await checkA11y();

  const mails = mailsTo(managerEmail);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatch(/\/es\/auth\/invitation\/accept\?token=/);

  // The manager's own page, from the row.
  await nina.getByRole('link', { name: 'Open the manager Nina Nueva' }).click();
  await expect(page).toHaveURL(/\/super\/organizationManagers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organization manager' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(managerEmail, { exact: true })).toBeVisible();
  await expect(main.getByText('Invitation pending')).toBeVisible();
  await expect(main.getByText('Sam Staff', { exact: true })).toBeVisible();
  await checkA11y();

  // Back to the organization by the trail, then to the list, where it is found by name.
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await trail.getByRole('link', { name: orgName }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill(`hooli robotics ${stamp}`);
  const list = page.getByRole('list', { name: 'Organizations' });
  await expect(list.getByRole('listitem', { name: orgName })).toBeVisible();
  // Only it, once the filtered page replaced the previous rows (shown faded while it loads).
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list).toHaveCSS('opacity', '1');
});

test('staff who may only read get no New organization nor Add manager, and the server refuses them', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  await page.goto('/super/organizations?q=acme');
  const acme = page.getByRole('listitem', { name: 'Acme Manufacturing' });
  await expect(acme).toBeVisible();
  await expect(page.getByRole('button', { name: 'New organization' })).toHaveCount(0);
  await acme.getByRole('link', { name: 'View the details of Acme Manufacturing' }).click();
  const details = page.getByRole('main');
  await expect(details.getByRole('heading', { name: 'Organization managers' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Add manager' })).toHaveCount(0);
  const orgId = new URL(page.url()).pathname.split('/').at(-1);
  const res = await page.request.post(`/api/organization/${orgId}/managers`, {
    data: { displayName: 'Mallory', email: 'mallory@evil.example' },
    headers: { 'x-requested-with': 'console' },
  });
  expect(res.status()).toBe(403);
});

/** The dialog's content fits its width: nothing is cut off or scrolls sideways, on the page or in the dialog. */
async function fitsSideways(page: Page, dialog: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const content = dialog.locator('.MuiDialogContent-root');
  expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

for (const { locale, width, t } of [
  {
    locale: 'es',
    width: 1440,
    t: {
      button: 'Nueva organización',
      access: 'Cómo obtiene el administrador su contraseña',
      password: 'Establecer una contraseña',
      invite: 'Invitar por correo',
      rules: 'Reglas de la contraseña',
      help: /^El enlace de la invitación funciona durante 14 días\./,
      cancel: 'Cancelar',
      create: 'Crear',
      created: (name: string, email: string) => `Se ha creado ${name}. Se ha enviado una invitación a ${email}.`,
      managers: 'Responsables de la organización',
      pending: 'Invitación pendiente',
    },
  },
  {
    locale: 'pt',
    width: 390,
    t: {
      button: 'Nova organização',
      access: 'Como o administrador obtém a senha',
      password: 'Definir uma senha',
      invite: 'Convidar por e-mail',
      rules: 'Regras da senha',
      help: /^O link do convite funciona por 14 dias\./,
      cancel: 'Cancelar',
      create: 'Criar',
      created: (name: string, email: string) => `${name} foi criada. Um convite foi enviado para ${email}.`,
      managers: 'Gestores da organização',
      pending: 'Convite pendente',
    },
  },
]) {
  test(`in ${locale} at ${width} px, staff create an organization whose first admin is invited by e-mail, with the keyboard alone`, async ({
    page,
    baseURL,
    checkA11y,
  }) => {
    // Two dialogs photographed and two accessibility checks: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const stamp = String(Date.now()).slice(-7);
    const orgName = `Convite ${locale} ${stamp}`;
    const adminEmail = `ines.${locale}.${stamp}@convite.example`;
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signInAsStaff(page, baseURL);
    await page.goto(`/${locale}/super/organizations`);
    await page.getByRole('button', { name: t.button }).click();
    const create = page.getByRole('dialog', { name: t.button });
    const form = create.getByRole('form', { name: t.button });
    await expect(form).toBeVisible();
    const choice = form.getByRole('radiogroup', { name: t.access });

    // The name has the focus; Tab walks the fields in the order they are read.
    await page.keyboard.type(orgName);
    await page.keyboard.press('Tab');
    await expect(form.getByRole('combobox')).toBeFocused();
    // The plan's menu opens from the keyboard and finds a plan by its first letters.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.type('Ent');
    await expect(page.getByRole('option', { name: 'Enterprise' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('combobox')).toHaveText('Enterprise');
    await expect(form.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(`convite${locale}${stamp}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Inês Convidada');
    await page.keyboard.press('Tab');
    await page.keyboard.type(adminEmail);
    await page.keyboard.press('Tab');
    // The choice: a password by default (the spec's form), the arrows move to the invitation.
    const password = choice.getByRole('radio', { name: t.password });
    await expect(password).toBeFocused();
    await expect(password).toBeChecked();
    await expect(form.getByRole('list', { name: t.rules })).toBeVisible();
    await settledDialog(page);
    await fitsSideways(page, create);
    await page.screenshot({ path: test.info().outputPath(`create-password-${locale}-${width}.png`) });

    await page.keyboard.press('ArrowDown');
    const invite = choice.getByRole('radio', { name: t.invite });
    await expect(invite).toBeChecked();
    await expect(invite).toBeFocused();
    await expect(form.getByRole('list', { name: t.rules })).toHaveCount(0);
    await expect(form.getByText(t.help)).toBeVisible();
    await fitsSideways(page, create);
    await checkA11y();
    await form.getByText(t.help).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`create-invite-${locale}-${width}.png`) });

    // No password fields left: the next stops are the dialog's buttons.
    await page.keyboard.press('Tab');
    await expect(create.getByRole('button', { name: t.cancel })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(create.getByRole('button', { name: t.create })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(t.created(orgName, adminEmail))).toBeVisible();

    // Its page opens; the first admin is its first manager, with the invitation pending.
    await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
    const managers = page.getByRole('main').getByRole('table', { name: t.managers });
    await expect(managers.getByRole('row').filter({ hasText: 'Inês Convidada' })).toContainText(t.pending);
    await expect(page.getByRole('main').getByText(adminEmail).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkA11y();
    await managers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`created-invited-${locale}-${width}.png`) });

    // One e-mail, in the organization's language (the console's), whose link works.
    await expect.poll(() => mailsTo(adminEmail).length).toBe(1);
    const [link] = linksTo(adminEmail, '/auth/invitation/accept');
    expect(new URL(link).pathname).toBe(`/${locale}/auth/invitation/accept`);
    const token = new URL(link).searchParams.get('token') ?? '';
    const checked = await page.request.get(`/api/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(await checked.json()).toMatchObject({ state: 'valid', invitation: { email: adminEmail, access: 'console' } });
  });
}
