/**
 * "Forgot your password?" end to end, through the server's outbox (no SMTP server in these
 * tests): an admin on a phone, in Spanish, asks from the sign-in page for a link, opens the
 * one the e-mail carries, chooses a new password and signs in with it; the session they had
 * open elsewhere has ended; the same link, opened again on a wide screen in English, says it
 * no longer works and offers a new one.
 */
import { linksTo } from '../fixtures/outbox';
import { CSRF, expectDashboard, signInAsStaff, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const SPANISH = { email: 'Correo electrónico', next: 'Siguiente', password: 'Contraseña', submit: 'Iniciar sesión' };

test('a forgotten password is reset through the e-mailed link, once', async ({ browser, baseURL, checkA11y }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-7);
  const admin = { email: `rosa.${stamp}@reset-flow.example`, password: 'Old-Pass-2026!' };
  const fresh = 'New-Pass-2026?';

  // An organization whose admin speaks Spanish, made by staff.
  const staffContext = await browser.newContext({ viewport: WIDE });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, baseURL);
  const created = await staff.request.post('/api/organization', {
    headers: CSRF,
    data: {
      name: `Reset Flow ${stamp}`,
      planType: 'Enterprise',
      adminName: 'Rosa Admin',
      email: admin.email,
      password: admin.password,
      locale: 'es',
    },
  });
  expect(created.status()).toBe(201);
  await staffContext.close();

  // A session open on a laptop, which the reset will end.
  const laptopContext = await browser.newContext({ viewport: WIDE });
  const laptop = await laptopContext.newPage();
  await laptop.goto('/es');
  await signInWithPassword(laptop, admin, SPANISH);
  await expectDashboard(laptop, 'Panel');

  // On a phone: the e-mail step, then "forgot" from the password step, the address carried over.
  const phoneContext = await browser.newContext({ viewport: PHONE, locale: 'es-ES' });
  const phone = await phoneContext.newPage();
  await phone.goto('/es');
  await phone.getByRole('textbox', { name: SPANISH.email }).fill(admin.email);
  await phone.getByRole('button', { name: SPANISH.next }).click();
  await phone.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Restablece tu contraseña' })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: SPANISH.email })).toHaveValue(admin.email);
  await checkA11y(phone);
  await phone.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Revisa tu correo' })).toBeVisible();
  await expect(phone.getByRole('status')).toContainText(`Si ${admin.email} pertenece a una cuenta`);
  await checkA11y(phone);

  // The e-mail carries one link, to the Spanish page.
  await expect.poll(() => linksTo(admin.email, '/auth/password/reset').length, { timeout: 30_000 }).toBe(1);
  const link = new URL(linksTo(admin.email, '/auth/password/reset')[0] ?? '');
  expect(link.pathname).toBe('/es/auth/password/reset');

  // The link's page: checked on load, the new password typed twice.
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeVisible();
  await expect(phone.getByText(`Para ${admin.email}.`, { exact: false })).toBeVisible();
  await phone.getByLabel('Nueva contraseña', { exact: false }).and(phone.locator('input')).fill(fresh);
  await phone.getByLabel('Repite la contraseña', { exact: false }).and(phone.locator('input')).fill(fresh);
  await checkA11y(phone);
  await phone.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Contraseña cambiada' })).toBeVisible();
  await checkA11y(phone);

  // Every session of the account has ended; the old password no longer works, the new one does.
  expect((await laptop.request.get('/api/auth/me', { headers: CSRF })).status()).toBe(401);
  const old = await phone.request.post('/api/auth/sign-in', { headers: CSRF, data: admin });
  expect(old.status()).toBe(401);
  await phone.getByRole('link', { name: 'Iniciar sesión' }).click();
  await signInWithPassword(phone, { email: admin.email, password: fresh }, SPANISH);
  await expectDashboard(phone, 'Panel');

  // Once only: the same link, in English on a wide screen, says so and offers a new one.
  await laptop.goto(`/auth/password/reset${link.search}`);
  await expect(laptop.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(laptop.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expect(laptop.getByLabel('New password', { exact: false })).toHaveCount(0);
  await checkA11y(laptop);

  await laptopContext.close();
  await phoneContext.close();
});
