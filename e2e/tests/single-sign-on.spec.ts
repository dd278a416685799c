/**
 * An organization's own single sign-on, end to end, with identity providers of its own on
 * loopback: Globex's admin claims globex.example and verifies it through a DNS server the test
 * runs, adds a SAML connection from the identity provider's metadata file, tests it in a new
 * tab, and a person of the domain signs in from the sign-in page's e-mail step; then the same
 * with an OpenID Connect provider (`oidc-provider`), by keyboard alone. Each test deletes its
 * connection, and the last removes the domain, so Globex's admin signs in with a password again
 * in the tests after these.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { CSRF, demoAdmin, expectDashboard, mainMenu, signInWithPassword } from '../fixtures/sign-in';
import { createSamlIdp, startLoopbackDns, startOidcPeer } from '../fixtures/sso';
import { expect, test } from '../fixtures/test';

const globexAdmin = { email: 'admin@globex.example', password: demoAdmin.password };
const DOMAIN = 'globex.example';

let dns: Awaited<ReturnType<typeof startLoopbackDns>>;
test.beforeAll(async () => {
  dns = await startLoopbackDns(Number(process.env.E2E_DNS_PORT));
});
test.afterAll(() => dns.close());

// Whatever a failed test left: Globex's connections go, so its admin signs in with a password
// in the next test and in the files after this one; the domain stays for the next test.
test.afterEach(async ({ page }) => {
  const api = page.request;
  if ((await api.get('/api/auth/me')).status() !== 200) {
    const signedIn = await api.post('/api/auth/sign-in', { headers: CSRF, data: globexAdmin });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
  }
  const { connections } = await (await api.get('/api/sso-connections')).json();
  for (const c of connections) {
    // 404: the test's own deletion was still on its way when the list was read.
    const removed = await api.delete(`/api/sso-connection/${c.id}`, { headers: CSRF });
    expect([200, 404], await removed.text()).toContain(removed.status());
  }
  if (test.info().title.includes('OpenID Connect')) {
    const { domains } = await (await api.get('/api/domains')).json();
    for (const d of domains) expect((await api.delete(`/api/domain/${d.id}`, { headers: CSRF })).ok()).toBe(true);
  }
});

/** Globex's admin, signed in with a password, on the Single sign-on screen. */
async function openSingleSignOn(page: Page) {
  await page.goto('/');
  await signInWithPassword(page, globexAdmin);
  await expectDashboard(page);
  await (await mainMenu(page)).getByRole('link', { name: 'Single sign-on' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
}

/** Claims the domain unless it is verified already, publishes its TXT record on the test's DNS server, and verifies it. */
async function verifyDomain(page: Page) {
  const verified = page.getByText('Verified', { exact: true });
  await expect(verified.or(page.getByText('No domain yet.', { exact: false }))).toBeVisible();
  if (await verified.isVisible()) return;
  await page.getByRole('textbox', { name: 'Domain' }).fill(DOMAIN);
  await page.getByRole('button', { name: 'Claim domain' }).click();
  const value = page.getByText(/^workframe-verification=/);
  await expect(value).toBeVisible();
  dns.setTxt(`_workframe-verification.${DOMAIN}`, (await value.textContent())!.trim());
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByText(`${DOMAIN} is verified.`)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
}

/** A person of the domain, in a browser of their own, types their address on the sign-in page and is sent to the connection. */
async function signInFromEmailStep(browser: Browser, baseURL: string, email: string, atProvider: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  // Straight to the identity provider: the domain has one enabled connection.
  await page.waitForURL((url) => url.origin !== new URL(baseURL).origin, { waitUntil: 'commit' });
  await atProvider(page);
  await expectDashboard(page);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.user.email).toBe(email);
  await context.close();
}

/** Deletes the connection from its card, after the confirmation. */
async function deleteConnection(page: Page, card: Locator, name: string) {
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the connection ${name}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toBeHidden();
}

test('an admin verifies a domain, adds a SAML connection from a metadata file and tests it; a person of the domain signs in from the e-mail step (English, 1440 px)', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const idp = createSamlIdp({ entityId: 'https://idp.globex.example/saml' });
  const served = await idp.serve();
  try {
    await openSingleSignOn(page);
    await verifyDomain(page);

    await page.getByRole('button', { name: 'Add a SAML connection' }).click();
    const add = page.getByRole('dialog', { name: 'Add a SAML connection' });
    await add.getByRole('textbox', { name: 'Name' }).fill('Globex Okta');
    await add.getByRole('button', { name: 'Save' }).click();
    const card = page.getByRole('article', { name: 'Globex Okta' });
    await expect(card.getByText('Not set up yet')).toBeVisible();

    // What the console shows to give the identity provider, given to it.
    const acsUrl = (await card.getByText(/\/saml\/acs$/).textContent())!.trim();
    const entityId = (await card
      .getByText(/\/saml\/metadata$/)
      .first()
      .textContent())!.trim();
    expect(new URL(acsUrl).origin).toBe(new URL(page.url()).origin);
    Object.assign(idp, { acsUrl, spEntityId: entityId });

    // The identity provider's metadata, as the file its admin screen downloads.
    const metadataFile = testInfo.outputPath('globex-idp-metadata.xml');
    await import('node:fs/promises').then((fs) => fs.writeFile(metadataFile, idp.metadata({ ssoUrl: served.ssoUrl })));
    await card.getByRole('button', { name: 'Give the metadata' }).click();
    const metadata = page.getByRole('dialog', { name: "The identity provider's metadata" });
    const chooser = page.waitForEvent('filechooser');
    await metadata.getByRole('button', { name: 'Choose the metadata file (XML)' }).click();
    await (await chooser).setFiles(metadataFile);
    await expect(metadata.getByText('globex-idp-metadata.xml chosen')).toBeVisible();
    await metadata.getByRole('button', { name: 'Save' }).click();
    await expect(metadata).toBeHidden();
    await expect(card.getByText('https://idp.globex.example/saml')).toBeVisible();
    await expect(card.getByText(served.ssoUrl)).toBeVisible();
    await expect(card.getByText(/CN=Test IdP · from the metadata · valid until/)).toBeVisible();
    await checkA11y();

    await card.getByRole('switch').click();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();

    // "Test connection": a real round trip in a new tab, which shows what arrived.
    served.nextNameId.value = globexAdmin.email;
    const tabOpened = page.context().waitForEvent('page');
    await card.getByRole('button', { name: 'Test connection' }).click();
    const tab = await tabOpened;
    await tab.getByRole('button', { name: 'Continue' }).click();
    await expect(tab.getByText('The test passed: this is what arrived.')).toBeVisible();
    await expect(tab.getByText(`${globexAdmin.email} is one of your people`)).toBeVisible();
    await tab.close();
    expect(served.requests).toHaveLength(1);

    await signInFromEmailStep(browser, baseURL!, globexAdmin.email, async (atIdp) => {
      await atIdp.getByRole('button', { name: 'Continue' }).click();
    });
    expect(served.requests).toHaveLength(2);

    await deleteConnection(page, card, 'Globex Okta');
  } finally {
    await served.close();
  }
});

/** Presses Tab until `target` has the focus (at most 80 times): the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`the keyboard never reached ${target}`);
}

test('an admin adds an OpenID Connect connection and tests it by keyboard alone; a person of the domain signs in from the e-mail step', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const peer = await startOidcPeer([]);
  const client = { clientId: 'globex-console', clientSecret: 'globex-console-secret-0123456789' };
  try {
    await openSingleSignOn(page);
    await verifyDomain(page);

    await tabTo(page, page.getByRole('button', { name: 'Add an OpenID Connect connection' }));
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add an OpenID Connect connection' });
    await expect(add.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type('Globex Entra');
    for (const [label, value] of [
      ['Issuer', peer.issuer],
      ['Client ID', client.clientId],
      ['Client secret', client.clientSecret],
    ] as const) {
      await tabTo(page, add.getByRole('textbox', { name: label }));
      await page.keyboard.type(value);
    }
    await tabTo(page, add.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(add).toBeHidden();

    const card = page.getByRole('article', { name: 'Globex Entra' });
    await expect(card.getByText('ending in 6789')).toBeVisible();
    // The callback URL the console shows, registered at the provider.
    const redirectUri = (await card.getByText(/\/callback$/).textContent())!.trim();
    await peer.register({ ...client, redirectUri });

    await tabTo(page, card.getByRole('switch'));
    await page.keyboard.press('Space');
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();

    const tabOpened = page.context().waitForEvent('page');
    await tabTo(page, card.getByRole('button', { name: 'Test connection' }));
    await page.keyboard.press('Enter');
    const tab = await tabOpened;
    await signInAtProvider(tab, globexAdmin.email);
    await expect(tab.getByText('The test passed: this is what arrived.')).toBeVisible();
    await expect(tab.getByText(`${globexAdmin.email} is one of your people`)).toBeVisible();
    await tab.close();

    await signInFromEmailStep(browser, baseURL!, globexAdmin.email, (atProvider) => signInAtProvider(atProvider, globexAdmin.email));

    await tabTo(page, card.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete the connection Globex Entra?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await expect(card).toBeHidden();
  } finally {
    await peer.close();
  }
});

/** oidc-provider's own sign-in and consent pages, by keyboard: each puts the focus on what comes first. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page.locator('input[name="login"]')).toBeFocused();
  await page.keyboard.type(login);
  await page.keyboard.press('Tab');
  await page.keyboard.type('any password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
}
