import { expectDashboard, expectSuperHome } from '../fixtures/sign-in';
import { signInLink } from '../fixtures/sign-in-link';
import { expect, test } from '../fixtures/test';

const staffEmail = 'staff@workframe.io';

test('staff sign in with a one-time link, land on the Super home and may open the Super paths', async ({ page, baseURL }) => {
  const link = signInLink(staffEmail, baseURL ?? '');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Welcome, Sam Staff!')).toBeVisible();
  await expectSuperHome(page);
  // The root sends them home too, and their own dashboard stays one click away.
  await page.goto('/');
  await expectSuperHome(page);
  await page.goto('/dashboard');
  await expectDashboard(page);
  await expect(page.getByText('Sign-in link')).toBeVisible();
  await expect(page.getByText('Super area')).toBeVisible();

  // The /super guard lets staff through (in any locale); an Organizational Admin goes to
  // the dashboard instead (sign-in.spec.ts, super.spec.ts).
  await page.goto('/fr/super');
  await expect(page).toHaveURL(/\/fr\/super$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super-administration' })).toBeVisible();
});

test('a sign-in link works once', async ({ page, baseURL }) => {
  const link = new URL(signInLink(staffEmail, baseURL ?? ''));
  await page.goto(link.pathname + link.search);
  await expectSuperHome(page);
  await page.context().clearCookies();
  await page.goto(`/es${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'No se pudo iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Este enlace no es válido o ha caducado.');
  await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
});
