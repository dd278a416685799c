import { CSRF, demoAdmin, expectDashboard, mainMenu, signInAsDemoAdmin, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

test('an Organizational Admin signs in with a password and is welcomed on the dashboard', async ({ page, checkA11y }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await checkA11y();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@acme');
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demoAdmin.email);
  await page.getByRole('button', { name: 'Next' }).click();

  const password = page.locator('input[type="password"]');
  await expect(password).toBeFocused();
  await password.fill('short');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Use at least 6 characters')).toBeVisible();
  await checkA11y();
  await password.fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByText(/^Welcome, .+!$/)).toBeVisible();
  await expectDashboard(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard Integrations');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Organizational Admin')).toBeVisible();

  // The left menu has no Super entry for an Organizational Admin, and /super sends them back.
  const nav = await mainMenu(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Super' })).toHaveCount(0);
  await checkA11y();
  await page.keyboard.press('Escape');
  await page.goto('/es/super/organizations');
  await expect(page).toHaveURL(/\/es\/dashboard$/);
  await expectDashboard(page, 'Panel');
});

test('wrong credentials show the server’s reason in the user’s language', async ({ page }) => {
  await page.goto('/fr');
  await signInWithPassword(
    page,
    { email: demoAdmin.email, password: 'not-the-password' },
    {
      email: 'Adresse e-mail',
      next: 'Suivant',
      password: 'Mot de passe',
      submit: 'Se connecter',
    },
  );
  // In the notice, and under the password field.
  await expect(page.locator('#notistack-snackbar', { hasText: 'Vos identifiants sont incorrects' })).toBeVisible();
  await expect(page.locator('input[name="password"]')).toHaveAccessibleDescription('Vos identifiants sont incorrects');
  await expect(page).toHaveURL(/\/fr$/);
});

test('a page that needs a session sends the visitor home, and back there after signing in', async ({ page }) => {
  await page.goto('/pt/dashboard');
  await expect(page).toHaveURL(/\/pt\?redirect=%2Fpt%2Fdashboard$/);
  await signInWithPassword(page, demoAdmin, { email: 'E-mail', next: 'Avançar', password: 'Senha', submit: 'Entrar' });
  await expectDashboard(page, 'Painel');
  await expect(page).toHaveURL(/\/pt\/dashboard$/);
});

test('switching language on every locale translates the page and sets the URL prefix', async ({ page }) => {
  await signInAsDemoAdmin(page);
  const steps = [
    {
      from: 'en',
      menu: 'Open the user menu',
      language: /Language/,
      to: 'Español',
      path: '/es/dashboard',
      heading: 'Panel',
      title: 'Panel Integraciones',
    },
    {
      from: 'es',
      menu: 'Abrir el menú de usuario',
      language: /Idioma/,
      to: 'Français',
      path: '/fr/dashboard',
      heading: 'Tableau de bord',
      title: 'Tableau de bord Intégrations',
    },
    {
      from: 'fr',
      menu: 'Ouvrir le menu utilisateur',
      language: /Langue/,
      to: 'Português',
      path: '/pt/dashboard',
      heading: 'Painel',
      title: 'Painel Integrações',
    },
    {
      from: 'pt',
      menu: 'Abrir o menu do usuário',
      language: /Idioma/,
      to: 'English',
      path: '/dashboard',
      heading: 'Dashboard',
      title: 'Dashboard Integrations',
    },
  ];
  for (const step of steps) {
    await page.getByRole('button', { name: step.menu }).click();
    await page.getByRole('menuitem', { name: step.language }).click();
    await page.getByRole('menuitemradio', { name: step.to }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${step.path.replace(/\//g, '\\/')}$`));
    await expectDashboard(page, step.heading);
    await expect(page).toHaveTitle(step.title);
  }
  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
});

test('logout asks for confirmation, then says see you soon and goes home', async ({ page, checkA11y }) => {
  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(demoAdmin.email)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  await checkA11y();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectDashboard(page);

  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('alertdialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('See you soon!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('userInfo');

  // The session is over on the server too.
  const me = await page.request.get('/api/auth/me', { headers: CSRF });
  expect(me.status()).toBe(401);
});

test('a session closed from another device shows an alert and goes to the root', async ({ browser, checkA11y }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const page = await laptop.newPage();
  await page.goto('/fr');
  await signInWithPassword(page, demoAdmin, { email: 'Adresse e-mail', next: 'Suivant', password: 'Mot de passe', submit: 'Se connecter' });
  await expectDashboard(page, 'Tableau de bord');

  const other = await phone.newPage();
  await other.goto('/');
  await signInWithPassword(other, demoAdmin);
  await expectDashboard(other);
  const { sessions } = await (await other.request.get('/api/auth/sessions', { headers: CSRF })).json();
  const laptopSession = sessions.find((s: { current: boolean }) => !s.current);
  expect(laptopSession).toBeTruthy();
  const revoked = await other.request.delete(`/api/auth/sessions/${laptopSession.id}`, { headers: CSRF });
  expect(revoked.status()).toBe(200);

  await page.reload();
  const alert = page.getByRole('alertdialog', { name: 'Session fermée' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Vous avez été déconnecté depuis un autre appareil.')).toBeVisible();
  await checkA11y(page);
  await alert.getByRole('button', { name: 'D’accord' }).click();
  // The root follows the remembered language, and carries the reason for the sign-in page to repeat.
  await expect(page).toHaveURL(/\/fr\?signedOut=signed_out$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await laptop.close();
  await phone.close();
});
