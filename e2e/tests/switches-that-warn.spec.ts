/**
 * A staff switch that ends sessions warns first, and the people it signs out are told why:
 * "SSO login only" is offered only once a connection of the organization has signed someone in
 * (until then it is disabled, saying why, with a link to the organization's connections);
 * staff turning it on (in English, on a wide screen) see what it stops and what goes on,
 * counted from the organization's data, and confirm; the organization's admin, signed in on a
 * phone in French, is told on the root page that their organization now signs in only with
 * single sign-on, not that they were logged out from another device.
 */
import { CSRF, expectDashboard, signInAsStaff, signInWithPassword } from '../fixtures/sign-in';
import { signInThroughNewSamlConnection } from '../fixtures/sso';
import { expect, settledDialog, test } from '../fixtures/test';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const FRENCH = { email: 'Adresse e-mail', next: 'Suivant', password: 'Mot de passe', submit: 'Se connecter' };

test('staff turn on "SSO login only" after seeing its counts; the admin signed in is told the real reason', async ({
  browser,
  baseURL,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-7);
  const orgName = `Sso Switch ${stamp}`;
  const admin = { email: `ines.${stamp}@sso-switch.example`, password: 'Str0ng-Pass!' };

  const staffContext = await browser.newContext({ viewport: WIDE });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, baseURL);
  const created = await staff.request.post('/api/organization', {
    headers: CSRF,
    data: { name: orgName, planType: 'Enterprise', adminName: 'Inês Admin', email: admin.email, password: admin.password, locale: 'fr' },
  });
  expect(created.status()).toBe(201);
  const { organization } = await created.json();

  // The admin signs in on a phone, in French, and makes an access key for an integration.
  const phoneContext = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
  const phone = await phoneContext.newPage();
  await phone.goto('/fr');
  await signInWithPassword(phone, admin, FRENCH);
  await expectDashboard(phone, 'Tableau de bord');
  const key = await phone.request.post('/api/integrations', { headers: CSRF, data: { name: 'ERP' } });
  expect(key.status()).toBe(201);

  // No connection of the organization has signed anyone in: the switch is not offered, and says why.
  await staff.goto(`/super/organizations/${organization.id}/settings?group=basic`);
  const sso = staff.getByRole('switch', { name: 'SSO login only' });
  await expect(sso).toBeDisabled();
  const connections = staff.getByRole('link', { name: 'See the organization’s single sign-on connections' });
  await expect(connections).toBeVisible();
  await checkA11y(staff);

  // The admin adds their identity provider and signs in through it once.
  await signInThroughNewSamlConnection(phone.request, baseURL ?? '', admin.email);
  await connections.click();
  const section = staff.getByRole('region', { name: 'Single sign-on connections' });
  await expect(section.getByRole('listitem').filter({ hasText: 'Acme IdP' })).toContainText('Last sign-in through it');
  await staff.goto(`/super/organizations/${organization.id}/settings?group=basic`);

  // Staff turn the switch on: a confirmation first, with what stops and what goes on.
  await expect(sso).toBeEnabled();
  await expect(sso).not.toBeChecked();
  await sso.click();
  const confirm = staff.getByRole('alertdialog', { name: 'Turn on “SSO login only”?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('1 person signs in with a password and must use single sign-on from now on.')).toBeVisible();
  await expect(confirm.getByText('1 console session signed in with a password ends now; its person is told why.')).toBeVisible();
  await expect(confirm.getByText('1 API user keeps getting external API tokens with their password.')).toBeVisible();
  await expect(confirm.getByText('1 access key keeps working.')).toBeVisible();
  await settledDialog(staff);
  await checkA11y(staff);

  // Cancelled, nothing changes; confirmed, it is on.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(sso).not.toBeChecked();
  await expect(phone.request.get('/api/auth/me', { headers: CSRF }).then((r) => r.status())).resolves.toBe(200);
  await sso.click();
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(sso).toBeChecked();

  // The admin's next page says why the session ended, in French, then the root repeats it.
  await phone.reload();
  const alert = phone.getByRole('alertdialog', { name: 'Session fermée' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Votre organisation n’autorise plus que l’authentification unique (SSO).')).toBeVisible();
  await expect(alert.getByText('Vous avez été déconnecté depuis un autre appareil.')).toHaveCount(0);
  await checkA11y(phone);
  await alert.getByRole('button', { name: 'D’accord' }).click();
  await expect(phone).toHaveURL(/\/fr\?signedOut=sso_required$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(phone.getByText('Votre organisation n’autorise plus que l’authentification unique (SSO).')).toBeVisible();
  await expect(phone.getByText('Vous avez été déconnecté depuis un autre appareil.')).toHaveCount(0);
  await checkA11y(phone);

  // The same root on a wide screen.
  await phone.setViewportSize(WIDE);
  await expect(phone.getByText('Votre organisation n’autorise plus que l’authentification unique (SSO).')).toBeVisible();
  await checkA11y(phone);

  await staffContext.close();
  await phoneContext.close();
});
