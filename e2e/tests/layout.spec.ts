import { signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

test('the top bar turns solid once the page is scrolled 10 px', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  const bar = page.locator('header');
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
  });
  await page.evaluate(() => window.scrollTo(0, 9));
  await expect(bar).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(bar).toHaveAttribute('data-solid', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute('data-solid', 'false');
});

test('the logo beats every 750 ms', async ({ page }) => {
  await page.goto('/');
  const mark = page.getByRole('banner').getByTestId('logo-mark');
  await expect(mark).toBeVisible();
  const animation = await mark.evaluate((el) => {
    const style = getComputedStyle(el);
    return { duration: style.animationDuration, iterations: style.animationIterationCount };
  });
  expect(animation).toEqual({ duration: '0.75s', iterations: 'infinite' });
});

test('the signed-out menu offers language and help', async ({ page, checkA11y }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([/Language/, 'Help']);
  await menu.getByRole('menuitem', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Workframe');
  await checkA11y();
  // Persistent: a click outside does not close it; its button does.
  await page.mouse.click(5, 400);
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
});

test('copying the organization ID shows the green notice', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: 'Copy the organization ID' }).click();
  const notice = page.getByText('Copied to the clipboard');
  await expect(notice).toBeVisible();
  const colour = await notice.evaluate((el) => getComputedStyle(el.closest('.notistack-MuiContent') as Element).backgroundColor);
  expect(colour).toBe('rgb(46, 125, 50)');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[0-9a-f-]{36}$/);
});

test('on a phone, in French, the API card’s second link wraps under the first, at the same left edge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoAdmin(page);
  await page.goto('/fr/dashboard');
  const guide = page.getByRole('link', { name: 'Lire le guide' });
  const reference = page.getByRole('link', { name: /^Ouvrir la référence de l’API/ });
  await expect(reference).toBeVisible();
  const [first, second] = [await guide.boundingBox(), await reference.boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y);
  expect(second!.x).toBe(first!.x);
});
