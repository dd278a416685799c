/**
 * Organization administration in a real browser against the demo data: staff create an
 * organization with its first Organizational Admin, add a manager whose e-mail is new (an
 * invitation goes to the outbox, in the chosen language) and see the pending invitation, in
 * the managers table and on the manager's page.
 */
import { mailsTo } from '../fixtures/outbox';
import { signInAsStaff } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test('staff create an organization, add a manager and see the pending invitation', async ({ page, baseURL, checkA11y }) => {
  const stamp = String(Date.now()).slice(-7);
  const orgName = `Hooli Robotics ${stamp}`;
  const managerEmail = `nina.${stamp}@hooli.example`;
  await signInAsStaff(page, baseURL);
  await page.goto('/super/organizations');
  await page.getByRole('button', { name: 'New organization' }).click();
  const create = page.getByRole('dialog', { name: 'New organization' });
  await expect(create.getByRole('form', { name: 'New organization' })).toBeVisible();

  // The rules are checked before anything is sent, the password policy shown as a checklist.
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('There are errors in the form')).toBeVisible();
  await create.getByLabel('Organization name').fill(orgName);
  await create.getByLabel('Client key (optional)').fill('Hooli!');
  await expect(create.getByText('Invalid client key. Please use only lowercase letters or numbers.')).toBeVisible();
  await create.getByLabel('Client key (optional)').fill(`hooli${stamp}`);
  await create.getByRole('combobox', { name: 'Plan type' }).click();
  await page.getByRole('option', { name: 'Enterprise' }).click();
  await create.getByLabel('Admin name').fill('Hank Hooli');
  await create.getByLabel('Admin e-mail').fill(`hank.${stamp}@hooli.example`);
  const password = create.getByLabel('Admin password', { exact: false }).and(page.locator('input'));
  await password.fill('weakpass');
  const rules = create.getByRole('list', { name: 'Password rules' });
  await expect(rules.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Not met yet' }) })).toHaveCount(4);
  await password.fill('Str0ng-Pass!');
  await expect(rules.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Not met yet' }) })).toHaveCount(0);
  await create.getByLabel('Repeat the password', { exact: false }).and(page.locator('input')).fill('Str0ng-Pass!');
  await settledDialog(page);
  await checkA11y();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${orgName} was created.`)).toBeVisible();

  // Its page opens; the first admin is its first manager.
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  const details = page.getByRole('main');
  await expect(page).toHaveURL(/\/super\/organizations\/[0-9a-f-]{36}$/);
  await expect(details.getByText(`hooli${stamp}`)).toBeVisible();
  const managers = details.getByRole('table', { name: 'Organization managers' });
  await expect(managers.getByRole('row').filter({ hasText: 'Hank Hooli' })).toContainText('Not invited');

  // Add a manager whose e-mail is new: an invitation goes out, in Spanish as chosen.
  await details.getByRole('button', { name: 'Add manager' }).click();
  const add = page.getByRole('dialog', { name: 'Add an organization manager' });
  await add.getByLabel('Name').fill('Nina Nueva');
  await add.getByLabel('E-mail').fill(managerEmail);
  await add.getByRole('combobox', { name: 'Language of the invitation' }).click();
  await page.getByRole('option', { name: 'Español' }).click();
  await settledDialog(page);
  await checkA11y();
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Nina Nueva is now a manager. An invitation was sent to ${managerEmail}.`)).toBeVisible();
  await expect(add).toBeHidden();
  const nina = managers.getByRole('row').filter({ hasText: 'Nina Nueva' });
  await expect(nina).toContainText('Invitation pending');
  await expect(nina).toContainText(/Invited \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Sam Staff/);
  await expect(details.getByText('2 of 2 managers shown')).toBeVisible();
  await checkA11y();

  const mails = mailsTo(managerEmail);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatch(/\/es\/auth\/invitation\/accept\?token=/);

  // The manager's own page, from the row.
  await nina.getByRole('link', { name: 'Open the manager Nina Nueva' }).click();
  await expect(page).toHaveURL(/\/super\/organizationManagers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organization manager' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(managerEmail, { exact: true })).toBeVisible();
  await expect(main.getByText('Invitation pending')).toBeVisible();
  await expect(main.getByText('Sam Staff', { exact: true })).toBeVisible();
  await checkA11y();

  // Back to the organization by the trail, then to the list, where it is found by name.
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await trail.getByRole('link', { name: orgName }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill(`hooli robotics ${stamp}`);
  const list = page.getByRole('list', { name: 'Organizations' });
  await expect(list.getByRole('listitem', { name: orgName })).toBeVisible();
  // Only it, once the filtered page replaced the previous rows (shown faded while it loads).
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list).toHaveCSS('opacity', '1');
});

test('staff who may only read get no New organization nor Add manager, and the server refuses them', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  await page.goto('/super/organizations?q=acme');
  const acme = page.getByRole('listitem', { name: 'Acme Manufacturing' });
  await expect(acme).toBeVisible();
  await expect(page.getByRole('button', { name: 'New organization' })).toHaveCount(0);
  await acme.getByRole('link', { name: 'View the details of Acme Manufacturing' }).click();
  const details = page.getByRole('main');
  await expect(details.getByRole('heading', { name: 'Organization managers' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Add manager' })).toHaveCount(0);
  const orgId = new URL(page.url()).pathname.split('/').at(-1);
  const res = await page.request.post(`/api/organization/${orgId}/managers`, {
    data: { displayName: 'Mallory', email: 'mallory@evil.example' },
    headers: { 'x-requested-with': 'console' },
  });
  expect(res.status()).toBe(403);
});
