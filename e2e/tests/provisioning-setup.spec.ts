/**
 * The Provisioning screen carries the identity providers' set-up steps (Okta's and Microsoft
 * Entra ID's); a new token is named first, by keyboard, its name refused with a message in the
 * reader's language while it is too long; and the new token's dialog, which covers the Connection part, shows the base URL
 * the token goes with: both readable and copiable together, in French and Portuguese, on a
 * phone and a wide screen. The token is listed by its name.
 */
import { CSRF, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

const TEXTS = {
  fr: {
    setup: 'Configurer votre fournisseur d’identité',
    oktaStep: /^Dans l’onglet Provisioning, sous Integration, cliquez sur Edit : indiquez l’URL de base SCIM comme SCIM connector base URL/,
    entraStep: /^Sous Informations d’identification de l’administrateur, saisissez l’URL de base SCIM comme URL de locataire/,
    create: 'Nouveau jeton',
    naming: 'Nouveau jeton SCIM',
    name: 'Nom',
    tokenName: 'Okta production (France)',
    tooLong: 'Utilisez au plus 100 caractères',
    dialog: 'Votre nouveau jeton SCIM « Okta production (France) »',
    table: 'Jetons',
    baseUrl: 'URL de base SCIM',
    copyUrl: 'Copier l’URL de base SCIM',
    copyToken: 'Copier le jeton',
    done: 'Je l’ai copié',
  },
  pt: {
    setup: 'Configure seu provedor de identidade',
    oktaStep: /^Na aba Provisioning, em Integration, clique em Edit: informe a URL base do SCIM como SCIM connector base URL/,
    entraStep: /^Em Credenciais de Administrador, informe a URL base do SCIM como URL do Locatário/,
    create: 'Novo token',
    naming: 'Novo token SCIM',
    name: 'Nome',
    tokenName: 'Entra ID produção',
    tooLong: 'Use no máximo 100 caracteres',
    dialog: 'Seu novo token SCIM “Entra ID produção”',
    table: 'Tokens',
    baseUrl: 'URL base do SCIM',
    copyUrl: 'Copiar a URL base do SCIM',
    copyToken: 'Copiar o token',
    done: 'Já copiei',
  },
};

for (const [locale, text] of Object.entries(TEXTS))
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])
    test(`${locale}, ${viewport.width} px: the Okta and Entra ID steps are on the Provisioning screen, and the token dialog shows the base URL`, async ({
      page,
      checkA11y,
    }) => {
      // Two dialogs, two axe runs over the whole screen and four screenshots: a loaded 2-core machine takes over the default 30 s.
      test.slow();
      await page.setViewportSize(viewport);
      await signInAsDemoAdmin(page);
      // At most two tokens: make room for this one (other tests leave theirs).
      const { tokens } = await (await page.request.get('/api/provisioning')).json();
      for (const token of tokens.slice(0, Math.max(0, tokens.length - 1)))
        expect((await page.request.delete(`/api/provisioning/token/${token.id}`, { headers: CSRF })).ok()).toBe(true);

      await page.goto(`/${locale}/provisioning`);
      const setup = page.getByRole('region', { name: text.setup });
      await expect(setup.getByRole('heading', { level: 3, name: 'Okta' })).toBeVisible();
      await expect(setup.getByRole('heading', { level: 3, name: 'Microsoft Entra ID' })).toBeVisible();
      await expect(setup.getByRole('listitem').filter({ hasText: text.oktaStep })).toBeVisible();
      await expect(setup.getByRole('listitem').filter({ hasText: text.entraStep })).toBeVisible();
      const baseUrl = (await page.getByTestId('scim-base-url').textContent()) ?? '';
      expect(baseUrl).toMatch(/\/api\/scim\/v2$/);
      await page.screenshot({ path: test.info().outputPath(`setup-${locale}-${viewport.width}.png`), fullPage: true });

      await page.getByRole('button', { name: text.create }).click();
      const naming = page.getByRole('dialog', { name: text.naming, exact: true });
      await expect(naming).toBeVisible();
      await settledDialog(page);
      const name = naming.getByRole('textbox', { name: text.name });
      await expect(name).toBeFocused();
      await page.keyboard.type('x'.repeat(101));
      await page.keyboard.press('Enter');
      await expect(naming.getByText(text.tooLong)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`naming-${locale}-${viewport.width}.png`) });
      await checkA11y();
      await name.fill('');
      await page.keyboard.type(text.tokenName);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text.dialog });
      await expect(dialog).toBeVisible();
      await settledDialog(page);
      const secret = (await dialog.getByTestId('revealed-key').textContent()) ?? '';
      expect(secret).toMatch(/^wfs_/);
      // The base URL in the dialog, readable and copiable while the token is shown.
      const companion = dialog.getByTestId('revealed-companion');
      await expect(dialog.getByText(text.baseUrl, { exact: true })).toBeVisible();
      await expect(companion).toHaveText(baseUrl);
      await companion.scrollIntoViewIfNeeded();
      await expect(companion).toBeInViewport();
      await expect(dialog.getByRole('button', { name: text.copyUrl })).toBeInViewport();
      await dialog.getByTestId('revealed-key').scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: text.copyToken })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`token-${locale}-${viewport.width}.png`) });
      await checkA11y();

      await dialog.getByRole('button', { name: text.done }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('table', { name: text.table }).getByRole('row').filter({ hasText: text.tokenName });
      await expect(row.getByText(`${secret.slice(0, 8)}…${secret.slice(-4)}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page
        .getByRole('region', { name: text.table })
        .screenshot({ path: test.info().outputPath(`list-${locale}-${viewport.width}.png`) });
      // The token was only for this test.
      const created = (await (await page.request.get('/api/provisioning')).json()).tokens.find(
        (t: { prefix: string; last4: string }) => secret.startsWith(t.prefix) && secret.endsWith(t.last4),
      );
      expect((await page.request.delete(`/api/provisioning/token/${created.id}`, { headers: CSRF })).ok()).toBe(true);
    });
