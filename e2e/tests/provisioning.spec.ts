/**
 * SCIM provisioning end to end: the admin sets what new users get and creates a token, named
 * after the identity provider, on the Provisioning screen; the test, as an identity provider would, provisions a user with
 * it; the user appears in the screen's events, activates their account through the
 * e-mailed link and signs in to the API; deactivated by SCIM, they are refused at sign-in from the next request.
 */
import { tokenTo } from '../fixtures/outbox';
import { CSRF, mainMenu, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test('an admin connects an identity provider, which provisions and then deactivates a user', async ({ page, request, checkA11y }) => {
  // The longest flow of the file (two sign-ins, a dozen calls, three reloads, two axe runs over
  // the whole screen): a loaded 2-core machine takes over the default 30 s.
  test.slow();
  const userName = `scim.${Date.now()}@acme.example`;
  const password = 'Provisioned-User-2026!';
  await signInAsDemoAdmin(page);
  await (await mainMenu(page)).getByRole('link', { name: 'Provisioning' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provisioning' })).toBeVisible();
  await expect(page).toHaveTitle('Provisioning Integrations');
  const baseUrl = (await page.getByTestId('scim-base-url').textContent()) ?? '';
  expect(baseUrl).toMatch(/\/api\/scim\/v2$/);

  // New users: publishers, invited by e-mail.
  const defaults = page.getByRole('form', { name: 'New users' });
  await defaults.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Publisher' }).click();
  await defaults.getByRole('checkbox', { name: 'Send an invitation e-mail to new users' }).check();
  await defaults.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings of new users were saved')).toBeVisible();

  // A token, named after the identity provider, shown once.
  const tokenName = `Okta production ${Date.now()}`;
  await page.getByRole('button', { name: 'New token' }).click();
  const naming = page.getByRole('dialog', { name: 'New SCIM token' });
  await expect(naming).toBeVisible();
  await settledDialog(page);
  await checkA11y();
  await expect(naming.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type(tokenName);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Your new SCIM token “${tokenName}”` });
  await expect(dialog).toBeVisible();
  await settledDialog(page);
  await checkA11y();
  const secret = (await dialog.getByTestId('revealed-key').textContent()) ?? '';
  expect(secret).toMatch(/^wfs_[0-9A-Za-z]{38}$/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.getByRole('table', { name: 'Tokens' }).getByRole('row').filter({ hasText: tokenName });
  await expect(row.getByText(`${secret.slice(0, 8)}…${secret.slice(-4)}`)).toBeVisible();

  // The identity provider: look the user up, then create them.
  const scim = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/scim+json' };
  const lookUp = await request.get(`/api/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, { headers: scim });
  expect((await lookUp.json()).totalResults).toBe(0);
  const created = await request.post('/api/scim/v2/Users', {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Sky', familyName: 'Provisioned' },
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  // The audit trail says the token of that name made the user.
  const trail = await (await page.request.get(`/api/events?actions=scim.user.created&targetId=${id}`)).json();
  expect(trail.events[0].actor).toMatchObject({ type: 'scim_token', name: tokenName });

  // The user appears in the organization: the events say so, and the invitation is on its way.
  await page.reload();
  const events = page.getByRole('table', { name: 'Recent events' });
  // Other specs provision people into the same organization: this user's rows only.
  const eventsOfUser = events.getByRole('row').filter({ hasText: userName });
  await expect(eventsOfUser.first()).toBeVisible();
  await expect(eventsOfUser.getByText('Created')).toBeVisible();
  await expect(page.getByText(/^Last provisioning call:/)).toBeVisible();
  // A Viewer has no console: the invitation asks them to activate their platform account.
  const activation = () => tokenTo(userName, '/auth/invitation/activate');
  await expect.poll(activation, { timeout: 30_000 }).toBeTruthy();
  const activated = await request.post('/api/auth/invitation/activate', {
    headers: CSRF,
    data: { token: activation(), password },
  });
  expect(activated.status()).toBe(200);
  expect((await request.post('/api/v1/auth/token', { data: { email: userName, password } })).status()).toBe(200);

  // Deactivated by the identity provider (Entra ID's way): refused at sign-in at once.
  const off = await request.patch(`/api/scim/v2/Users/${id}`, {
    headers: scim,
    data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  });
  expect(off.status()).toBe(200);
  expect((await off.json()).active).toBe(false);
  const refused = await request.post('/api/v1/auth/token', { data: { email: userName, password } });
  expect([401, 403]).toContain(refused.status());

  await page.reload();
  await expect(eventsOfUser.getByText('Deactivated')).toBeVisible();
  await checkA11y();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`Organizational Admins are out of the identity provider's reach until an admin confirms otherwise, by keyboard (${viewport.width} px)`, async ({
    page,
    checkA11y,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsDemoAdmin(page);
    await page.goto('/provisioning');
    const section = page.getByRole('region', { name: 'Organizational Admins' });
    const toggle = section.getByRole('switch', { name: 'Let the identity provider manage Organizational Admins' });
    await expect(toggle).not.toBeChecked();
    await expect(section.getByText(/cannot deactivate, delete, rename or change the e-mail/)).toBeVisible();
    const managesAdmins = async () => (await (await page.request.get('/api/provisioning')).json()).config.managesAdmins;

    await toggle.focus();
    await page.keyboard.press('Space');
    const dialog = page.getByRole('alertdialog', { name: 'Let the identity provider manage Organizational Admins?' });
    await expect(dialog).toBeVisible();
    await settledDialog(page);
    await checkA11y();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('The identity provider can now manage Organizational Admins')).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(section.getByTestId('admins-managed')).toBeVisible();
    expect(await managesAdmins()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Off again (other tests expect the protection): at once, without a question.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Organizational Admins are out of the identity provider’s reach again')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect(await managesAdmins()).toBe(false);
  });
}
