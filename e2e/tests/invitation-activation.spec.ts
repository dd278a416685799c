/**
 * Invitations that lead somewhere (decision 049), end to end through the server's outbox:
 * a Viewer created by the demo admin's user import gets "Activate your account" in the
 * organization's language, activates it with the e-mail's link and lands on the
 * account-ready page naming the platform's app (the demo organization's own address, which
 * comes before PLATFORM_APP_URL); the same link, used again, says so as the page loads; and
 * signing in to the console with that account says, once, that the console is for
 * administrators and where the app is. At 1440 and 390 px, in English and Portuguese.
 */
import type { Page } from '@playwright/test';
import { linksTo } from '../fixtures/outbox';
import { signInAsDemoAdmin, signInWithPassword } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';
import { chooseInvitations, confirmImport, openUserImports } from '../fixtures/user-imports';

const PASSWORD = 'Activ8-Passw0rd!';
/** The demo organization's address of the platform's app (demo data), not PLATFORM_APP_URL of playwright.config.ts. */
const APP = 'https://app.acme.example';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The demo admin imports one Viewer with an e-mail, invitations on. */
async function importViewer(page: Page, email: string) {
  await signInAsDemoAdmin(page);
  await openUserImports(page);
  await chooseInvitations(page, true);
  const name = `viewer-${stamp()}.csv`;
  await page
    .getByTestId('user-import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`email,name,role\n${email},Vera Viewer,viewer\n`) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await confirmImport(page, name);
  await expect(page.getByRole('row').filter({ hasText: name }).getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => linksTo(email, '/auth/invitation/activate').length, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.context().clearCookies();
}

for (const { width, height, locale } of [
  { width: 1440, height: 900, locale: 'en' },
  { width: 390, height: 844, locale: 'pt' },
] as const) {
  test(`a Viewer invited by an import activates their account and lands on the account-ready page (${locale}, ${width} px)`, async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height });
    const email = `vera.${stamp()}@acme.example`;
    await importViewer(page, email);
    const [link] = linksTo(email, '/auth/invitation/activate');
    const url = new URL(link);
    // The demo organization writes in English: the link opens the page in it; the Portuguese run opens it in Portuguese.
    const path = locale === 'en' ? `${url.pathname}${url.search}` : `/pt${url.pathname}${url.search}`;
    const t =
      locale === 'en'
        ? {
            title: 'Activate your account',
            submit: 'Activate my account',
            ready: 'Your account is ready',
            used: 'This invitation was used already',
            signIn: { email: 'E-mail', next: 'Next', password: 'Password', submit: 'Sign in' },
            appAccount:
              'This console is for administrators. Your Workframe account at Acme Manufacturing works in the Workframe app: sign in there with the same e-mail address and password.',
            openApp: 'Open the Workframe app',
          }
        : {
            title: 'Ative sua conta',
            submit: 'Ativar minha conta',
            ready: 'Sua conta está pronta',
            used: 'Este convite já foi usado',
            signIn: { email: 'E-mail', next: 'Avançar', password: 'Senha', submit: 'Entrar' },
            appAccount:
              'Este console é para administradores. Sua conta do Workframe em Acme Manufacturing funciona no app do Workframe: entre por lá com o mesmo endereço de e-mail e a mesma senha.',
            openApp: 'Abrir o app do Workframe',
          };

    await page.goto(path);
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByText(/Vera Viewer/)).toBeVisible();
    await checkA11y();
    await page.screenshot({ path: `test-results/activation-${locale}-${width}.png`, fullPage: true });
    await page
      .getByLabel(locale === 'en' ? /^New password/ : /^Nova senha/, { exact: false })
      .first()
      .fill(PASSWORD);
    await page
      .getByLabel(locale === 'en' ? /^Repeat the password/ : /^Repita a senha/)
      .first()
      .fill(PASSWORD);
    await page.getByRole('button', { name: t.submit }).click();

    await expect(page.getByRole('heading', { name: t.ready })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/invitation\/ready$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('link', { name: APP })).toHaveAttribute('href', APP);
    await expect(page.getByRole('link', { name: t.openApp })).toHaveAttribute('href', APP);
    // Never the console's refusal, and no console session.
    await expect(page.getByText(/not authorized/i)).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'id-token')).toBe(false);
    await checkA11y();
    await page.screenshot({ path: `test-results/ready-${locale}-${width}.png`, fullPage: true });
    const noSideScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideScroll).toBe(true);

    // The same link again: said as the page loads, with no form.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: t.used })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await checkA11y();
    await page.screenshot({ path: `test-results/used-${locale}-${width}.png`, fullPage: true });

    // Signing in to the console with the account: told once, in the page's language, where the app is.
    await page.goto(locale === 'en' ? '/' : '/pt');
    await signInWithPassword(page, { email, password: PASSWORD }, t.signIn);
    await expect(page.getByText(t.appAccount)).toBeVisible();
    await expect(page.getByText(t.appAccount)).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('link', { name: t.openApp })).toHaveAttribute('href', APP);
    await expect(page.getByText(/not authorized|não está autorizado/i)).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === 'id-token')).toBe(false);
    await checkA11y();
    await page.screenshot({ path: `test-results/app-account-sign-in-${locale}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
