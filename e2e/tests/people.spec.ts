/**
 * The People screen end to end: an identity provider provisions a manager and a
 * person with the enterprise extension (department, manager by id); the admin opens People
 * from the menu, filters by source, searches the person by the start of their family name,
 * opens them and sees their department and their manager's name, which leads to the
 * manager's page; the way back keeps the search and filter; on a phone nothing scrolls sideways.
 * In Spanish on a phone, a person's page shows their invitation pending and the admin sends it
 * again: a new link in the outbox, the first one replaced.
 * "Muller" finds Müller, typed without the accent, on People in Spanish and in the trail in French.
 */
import type { Page } from '@playwright/test';
import { linksTo } from '../fixtures/outbox';
import { asIdentityProvider, SCIM_ENTERPRISE_USER, SCIM_USER } from '../fixtures/scim';
import { CSRF, mainMenu, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

/** As an identity provider would: a manager, then a person whose enterprise extension names their department and manager. */
async function provision(page: Page, stamp: number) {
  return asIdentityProvider(page.request, async (create) => {
    const manager = { given: 'Morgan', family: `Lead${stamp}` };
    const managerEmail = `morgan.lead.${stamp}@acme.example`;
    const managerId = await create({
      schemas: [SCIM_USER],
      userName: managerEmail,
      name: { givenName: manager.given, familyName: manager.family },
      emails: [{ value: managerEmail, type: 'work', primary: true }],
    });
    const person = { given: 'Quinn', family: `Zed${stamp}` };
    const email = `quinn.zed.${stamp}@acme.example`;
    await create({
      schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
      userName: email,
      name: { givenName: person.given, familyName: person.family },
      displayName: `${person.given} ${person.family}`,
      title: 'Shift lead',
      emails: [{ value: email, type: 'work', primary: true }],
      [SCIM_ENTERPRISE_USER]: { department: 'Final Assembly', manager: { value: managerId } },
    });
    return { name: `${person.given} ${person.family}`, family: person.family, managerName: `${manager.given} ${manager.family}` };
  });
}

/** The page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth > window.innerWidth);

test('an admin searches the People screen, filters by source and opens a person the identity provider made, with department and manager', async ({
  page,
  checkA11y,
}) => {
  const stamp = Date.now();
  await signInAsDemoAdmin(page);
  const { name, family, managerName } = await provision(page, stamp);

  await (await mainMenu(page)).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page).toHaveTitle('People Integrations');
  await expect(page.getByText(/^People are created and changed by your identity provider/)).toBeVisible();
  const table = page.getByRole('table', { name: 'People' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await checkA11y();

  // Only the identity provider's people.
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Identity provider (SCIM)' }).click();
  await expect(page).toHaveURL(/[?&]source=scim/);
  const sources = table.locator('tbody td[data-label="Source"]');
  await expect.poll(async () => [...new Set(await sources.allTextContents())]).toEqual(['Identity provider (SCIM)']);

  // The start of the family name, in another case, finds the person.
  await page.getByRole('searchbox', { name: 'Search' }).fill(family.toLowerCase().slice(0, -2));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${family.toLowerCase().slice(0, -2)}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Identity provider (SCIM)');
  await expect(row).toContainText('Active');

  // Another source: no one.
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'CSV import' }).click();
  await expect(page.getByText('No one matches this search and these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Identity provider (SCIM)' }).click();

  // The person's page: department and the manager by name.
  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Your identity provider manages this person/)).toBeVisible();
  const detail = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
  await expect(detail('Department')).toHaveText('Final Assembly');
  await expect(detail('Job title')).toHaveText('Shift lead');
  await expect(detail('Source')).toHaveText('Identity provider (SCIM)');
  await expect(detail('Manager')).toHaveText(managerName);
  await checkA11y();

  // On a phone the page fits; then the manager's page, and back to the list as it was left.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await detail('Manager').getByRole('link', { name: managerName }).click();
  await expect(page.getByRole('heading', { level: 1, name: managerName })).toBeVisible();
  // No manager: the row is left out, not shown as a dash.
  await expect(page.locator('dt:text-is("Manager")')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]source=scim/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(family.toLowerCase().slice(0, -2));
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await checkA11y();
});

test('the keyboard alone searches the People screen and opens a person', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto('/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  await page.keyboard.type('admin@acme');
  const table = page.getByRole('table', { name: 'People' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // From the search box, Tab reaches the two filters, then the first person's link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const link = table.getByRole('link').first();
  await expect(link).toBeFocused();
  const name = (await link.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('dt:text-is("E-mail") + dd')).toContainText('admin@acme.example');
});

test('in Spanish on a phone, a person’s page shows their invitation pending and the admin sends it again', async ({ page, checkA11y }) => {
  const stamp = Date.now();
  await signInAsDemoAdmin(page);
  const email = `rita.resend.${stamp}@acme.example`;
  const name = `Rita Resend${stamp}`;
  // The identity provider makes the person and sends no invitation (its default).
  await asIdentityProvider(page.request, (create) =>
    create({
      schemas: [SCIM_USER],
      userName: email,
      name: { givenName: 'Rita', familyName: `Resend${stamp}` },
      displayName: name,
      emails: [{ value: email, type: 'work', primary: true }],
    }),
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/es/people?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personas' })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const invitation = page.getByRole('region', { name: 'Invitación' });
  await expect(invitation.getByText('No enviada')).toBeVisible();
  // Fields nobody sent are left out.
  await expect(page.locator('dt:text-is("Teléfono")')).toHaveCount(0);

  await invitation.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Invitación enviada a ${email}.`, { exact: false })).toBeVisible();
  // Pending: sent and not yet accepted; the list calls the person invited, not active.
  await expect(invitation.getByText('Enviada', { exact: true })).toBeVisible();
  await expect(invitation.getByText(/^Enviada el \d{4}-\d\d-\d\d \d\d:\d\d\. El enlace funciona hasta el /)).toBeVisible();
  await expect.poll(() => linksTo(email, '/auth/invitation/activate').length).toBe(1);
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await page.screenshot({ path: test.info().outputPath('person-invitation-390-es.png'), fullPage: true });
  await checkA11y();

  await invitation.getByRole('button', { name: 'Reenviar invitación' }).click();
  await expect.poll(() => linksTo(email, '/auth/invitation/activate').length).toBe(2);
  const [first] = linksTo(email, '/auth/invitation/activate');
  const firstToken = new URL(first).searchParams.get('token') ?? '';
  const checked = await page.request.get(`/api/auth/invitation?token=${encodeURIComponent(firstToken)}`);
  expect((await checked.json()).state).toBe('replaced');
  await expect(invitation.getByText('Enviada', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: test.info().outputPath('person-invitation-1440-es.png'), fullPage: true });
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Personas' }).click();
  await expect(page.getByRole('table', { name: 'Personas' }).getByRole('row', { name: new RegExp(name) })).toContainText('Invitada');
});

test('"Muller" finds Müller on People in Spanish and in the audit trail in French', async ({ page }) => {
  const stamp = Date.now();
  await signInAsDemoAdmin(page);
  const name = await asIdentityProvider(page.request, async (create) => {
    const email = `jurgen.muller.${stamp}@acme.example`;
    const family = `Müller${stamp}`;
    await create({
      schemas: [SCIM_USER],
      userName: email,
      name: { givenName: 'Jürgen', familyName: family },
      displayName: `Jürgen ${family}`,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    return `Jürgen ${family}`;
  });

  await page.goto('/es/people');
  const people = page.getByRole('table', { name: 'Personas' });
  await expect(people.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Muller');
  await expect(page).toHaveURL(/[?&]q=Muller(&|$)/);
  await expect(people.getByText(name, { exact: true })).toBeVisible();

  // The trail names what an event acted on: an access key named after Müller.
  const key = `Clé Müller ${stamp}`;
  const made = await page.request.post('/api/integrations', { headers: CSRF, data: { name: key } });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/fr/audit-trail');
  const trail = page.getByRole('table', { name: 'Événements' });
  await expect(trail.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Muller');
  await expect(page).toHaveURL(/[?&]q=Muller(&|$)/);
  await expect(trail.getByRole('row').filter({ hasText: key }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(`cle muller ${stamp}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=cle\\+muller\\+${stamp}(&|$)`));
  // The list is read again (dimmed meanwhile): only the key's one event names it.
  await expect(page.locator('[aria-busy="false"]').filter({ has: trail })).toHaveCount(1);
  await expect(trail.getByRole('row').filter({ hasText: key })).toHaveCount(1);
});
