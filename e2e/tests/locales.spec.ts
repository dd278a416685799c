import { expect, test } from '../fixtures/test';

const signInHeading = { en: 'Sign in', es: 'Iniciar sesión', fr: 'Connexion', pt: 'Entrar' } as const;
/** The product's name in each language: the document title's template ends with it. */
const appName = { en: 'Integrations', es: 'Integraciones', fr: 'Intégrations', pt: 'Integrações' } as const;

test.describe('root redirect by browser language', () => {
  for (const [language, path, locale] of [
    ['fr-FR', '/fr', 'fr'],
    ['pt-BR', '/pt', 'pt'],
    ['es-MX', '/es', 'es'],
    ['en-GB', '/', 'en'],
    ['de-DE', '/', 'en'],
  ] as const) {
    test(`${language} goes to ${path}`, async ({ browser, checkA11y }) => {
      const context = await browser.newContext({ locale: language });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: signInHeading[locale] })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
      expect(cookie?.value).toBe(locale);
      expect(cookie?.sameSite).toBe('Lax');
      // 365 days, give or take the test's own duration.
      expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(365);
      await expect(page).toHaveTitle(`${signInHeading[locale]} ${appName[locale]}`);
      await checkA11y(page);
      await context.close();
    });
  }

  test('the remembered language wins over the browser’s', async ({ browser, checkA11y }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await page.getByRole('button', { name: 'Ouvrir le menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: /Langue/ }).click();
    await page.getByRole('menuitemradio', { name: 'Português' }).click();
    await expect(page).toHaveURL(/\/pt$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/pt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await checkA11y(page);
    await context.close();
  });
});

test('pages are marked noindex', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test.describe('the error page', () => {
  for (const [prefix, title, text, home, locale] of [
    ['', '404 Not Found', 'This page could not be found', 'Home page', 'en'],
    ['/es', '404 No encontrado', 'No se ha encontrado esta página', 'Página de inicio', 'es'],
    ['/fr', '404 Page introuvable', 'Cette page est introuvable', 'Page d’accueil', 'fr'],
    ['/pt', '404 Não encontrado', 'Não foi possível encontrar esta página', 'Página inicial', 'pt'],
  ] as const) {
    test(`unknown path ${prefix}/no-such-page shows 404`, async ({ page }) => {
      await page.goto(`${prefix}/no-such-page`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page).toHaveTitle(`${title} ${appName[locale]}`);
      await page.getByRole('link', { name: home }).click();
      await expect(page.getByRole('heading', { level: 1, name: signInHeading[locale] })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(prefix || '/');
    });
  }
});
