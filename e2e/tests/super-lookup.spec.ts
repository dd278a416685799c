/**
 * The Super area's look-ups in a real browser against the demo data: staff list the users
 * an address's beginning matches and look up the demo admin by e-mail, and a user an
 * identity provider made with a profile and a manager (on a phone and a wide screen);
 * search a demo workflow by name, open its details and its original video.
 */
import type { Browser, Page } from '@playwright/test';
import { asIdentityProvider, SCIM_ENTERPRISE_USER, SCIM_USER } from '../fixtures/scim';
import { demoAdmin, signInAsDemoAdmin, signInAsStaff } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('staff look up the demo admin by e-mail', async ({ page, baseURL, checkA11y }) => {
  await signInAsStaff(page, baseURL);
  await page.goto('/super');
  await page.getByRole('link', { name: 'Open: User look-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User look-up' })).toBeVisible();
  await expect(page).toHaveTitle('User look-up Integrations');

  const email = page.getByRole('textbox', { name: 'E-mail' });
  // The beginning of an address lists the users it starts, each a link to their details.
  await email.fill('ADMIN@acme');
  await page.getByRole('button', { name: 'Search' }).click();
  const started = page.getByRole('region', { name: 'Users whose e-mail starts with “ADMIN@acme”' });
  await expect(started.getByRole('link', { name: demoAdmin.email })).toBeVisible();
  await checkA11y();

  // Another case than the stored one: e-mails compare without case.
  await email.fill(` ${demoAdmin.email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/super\/user\?email=ADMIN%40ACME\.EXAMPLE$/);
  const panel = page.getByRole('region').filter({ hasText: 'Employee ID' });
  await expect(panel.getByText(demoAdmin.email, { exact: true })).toBeVisible();
  await expect(panel.getByText('Organizational Admin')).toBeVisible();
  await expect(panel.getByText('Acme Manufacturing')).toBeVisible();
  await expect(panel.getByText('Assembly Line')).toBeVisible();
  await expect(panel.getByText('Enterprise')).toBeVisible();
  await checkA11y();

  await panel.getByRole('button', { name: 'Copy the e-mail' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demoAdmin.email);

  await email.fill('nobody@acme.example');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('User was not found: nobody@acme.example')).toBeVisible();
});

/** What the identity provider sent: a manager, then a user whose login is not an address, with a profile. */
async function provisionWithProfile(browser: Browser, stamp: number) {
  // The demo admin gives the identity provider a token, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsDemoAdmin(adminPage);
  const provided = await asIdentityProvider(adminPage.request, async (create) => {
    const managerEmail = `morgan.${stamp}@acme.example`;
    const managerId = await create({
      schemas: [SCIM_USER],
      userName: managerEmail,
      name: { givenName: 'Morgan', familyName: 'Lead' },
      emails: [{ value: managerEmail, type: 'work', primary: true }],
    });
    const email = `lee.${stamp}@acme.example`;
    await create({
      schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
      userName: `LEE${stamp}`,
      name: { givenName: 'Lee', familyName: 'Profiled', formatted: 'Dr. Lee Profiled' },
      displayName: 'Lee Profiled',
      nickName: 'Lee P.',
      title: 'Shift lead',
      emails: [{ value: email, type: 'work', primary: true }],
      phoneNumbers: [{ value: '+1 555 0100', type: 'work' }],
      [SCIM_ENTERPRISE_USER]: {
        employeeNumber: `E${stamp}`,
        department: 'Assembly',
        costCenter: 'CC-4711',
        division: 'Operations',
        organization: 'Acme Europe',
        manager: { value: managerId },
      },
    });
    return { email, managerEmail };
  });
  await adminContext.close();
  return provided;
}

/** The value beside a label of the details panel. */
const detail = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

test('staff look up a user the identity provider made: profile, manager and the rest it sent, on a phone and a wide screen', async ({
  page,
  browser,
  baseURL,
  checkA11y,
}) => {
  const stamp = Date.now();
  const { email, managerEmail } = await provisionWithProfile(browser, stamp);
  await signInAsStaff(page, baseURL);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/super/user?email=${encodeURIComponent(email)}`);
    const panel = page.getByRole('region', { name: 'Lee Profiled' });
    await expect(panel.getByRole('heading', { level: 3, name: 'Profile' })).toBeVisible();
    await expect(detail(page, 'Source')).toHaveText('Identity provider (SCIM)');
    await expect(detail(page, 'Employee ID')).toHaveText(`E${stamp}`);
    for (const [label, value] of [
      ['Given name', 'Lee'],
      ['Family name', 'Profiled'],
      ['Full name', 'Dr. Lee Profiled'],
      ['Identity provider login', `LEE${stamp}`],
      ['Job title', 'Shift lead'],
      ['Phone', '+1 555 0100'],
      ['Department', 'Assembly'],
      ['Cost center', 'CC-4711'],
      ['Division', 'Operations'],
      ['Company', 'Acme Europe'],
      ['Manager', `Morgan Lead (${managerEmail})`],
    ])
      await expect(detail(page, label), label).toHaveText(value);
    // The login is not an address, so the work e-mail is the sign-in e-mail: said once.
    await expect(detail(page, 'Work e-mail')).toHaveCount(0);
    const more = panel.getByRole('tree', { name: 'More from the identity provider' });
    await expect(more.getByRole('treeitem', { name: 'nickName: "Lee P."' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${viewport.width} px`).toBe(true);
    await checkA11y();
  }

  // The manager's name opens their own look-up.
  await detail(page, 'Manager').getByRole('link').click();
  await expect(page).toHaveURL((url) => url.pathname === '/super/user' && url.searchParams.get('email') === managerEmail);
  await expect(page.getByRole('region', { name: 'Morgan Lead' })).toBeVisible();
  await expect(detail(page, 'Manager')).toHaveCount(0);
});

test('staff search a demo workflow by name, open its details and its original video', async ({ page, baseURL, checkA11y }) => {
  await signInAsStaff(page, baseURL);
  await page.goto('/super');
  await page.getByRole('link', { name: 'Open: Workflow look-up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Workflow look-up' })).toBeVisible();

  await page.getByRole('tab', { name: 'By name' }).click();
  await page.getByRole('textbox', { name: 'Workflow name' }).fill('  FORKLIFT pre-shift ');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/super\/workflows\/WorkflowSearchResult\?name=FORKLIFT\+pre-shift$/);
  // The demo has this workflow in each of its three customer organizations.
  await expect(page.getByText('3 workflows found')).toBeVisible();
  const list = page.getByRole('list', { name: 'Workflows found' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await checkA11y();

  const acme = list.getByRole('listitem').filter({ hasText: 'Acme Manufacturing' });
  await acme.getByRole('link', { name: 'Details of Forklift pre-shift check' }).click();
  await expect(page).toHaveURL(/\/super\/workflows\/WorkflowSearchResultContainer\?id=[0-9a-f-]{36}$/);
  const details = page.getByRole('region', { name: 'Forklift pre-shift check' });
  await expect(details.getByText('Published', { exact: true })).toBeVisible();
  await expect(details.getByText('Acme Manufacturing', { exact: true })).toBeVisible();

  // The JSON tree: the steps open with a click, and with the keyboard.
  const tree = details.getByRole('tree', { name: 'Workflow data' });
  const steps = tree.getByRole('treeitem', { name: /^steps: \[ \] \d items$/ });
  await expect(steps).toHaveAttribute('aria-expanded', 'false');
  await steps.click();
  await expect(steps).toHaveAttribute('aria-expanded', 'true');
  const first = tree.getByRole('treeitem', { name: /^0: \{ \} 6 keys$/ });
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: 'title: "Prepare"' })).toBeVisible();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('treeitem', { name: /^id: "/, level: 4 })).toBeFocused();
  await checkA11y();

  // The original video opens in a new tab through a signed link that the server serves.
  const popupPromise = page.waitForEvent('popup');
  await details.getByRole('button', { name: 'Open the original video' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/api\/workflow\/[0-9a-f-]{36}\/original-video\/file\?expires=\d+&signature=[\w-]+$/);
  const signed = popup.url();
  const video = await page.request.get(signed);
  expect(video.status()).toBe(200);
  expect(video.headers()['content-type']).toBe('video/mp4');
  expect((await video.body()).length).toBeGreaterThan(1000);
  const forged = await page.request.get(
    signed.replace(/signature=[\w-]/, (s) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`)),
  );
  expect(forged.status()).toBe(403);
  await popup.close();
});

test('the original video plays in the tab its signed link opens', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL);
  await page.goto('/super/workflows/WorkflowSearchResult?name=Forklift+pre-shift');
  const list = page.getByRole('list', { name: 'Workflows found' });
  const acme = list.getByRole('listitem').filter({ hasText: 'Acme Manufacturing' });
  await acme.getByRole('link', { name: 'Details of Forklift pre-shift check' }).click();
  const details = page.getByRole('region', { name: 'Forklift pre-shift check' });

  const popupPromise = page.waitForEvent('popup');
  await details.getByRole('button', { name: 'Open the original video' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/original-video\/file\?expires=\d+&signature=[\w-]+$/);
  // Chromium shows a media file in a document of its own, whose <video> loads the same URL
  // under the file's content security policy: the API's `default-src 'none'` blocked it.
  const video = popup.locator('video');
  await expect(video).toHaveCount(1);
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => ({ metadata: v.readyState >= HTMLMediaElement.HAVE_METADATA, error: v.error?.code ?? null })),
    )
    .toEqual({ metadata: true, error: null });
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
  await popup.close();
});
