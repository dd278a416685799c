/**
 * Keyboard users see where they are, and notices stay out of the way: a focus ring on what
 * Tab reaches, focus back on a dialog's trigger once it closes, a notice never over a
 * dialog's buttons, a wrong password said under its field.
 */
import type { Locator, Page } from '@playwright/test';
import { demoAdmin, mainMenu, signInAsDemoAdmin, signInWithPassword } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Presses Tab until `target` has the focus (as a keyboard user gets there). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

const outline = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });

/** A key made through the form; its secret revealed in a dialog. */
async function createKey(page: Page, name: string) {
  await page.goto('/keys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('form', { name: 'New access key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Made by the focus test');
  await form.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: `The key “${name}”` });
  await expect(dialog).toBeVisible();
  await settledDialog(page);
  return dialog;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('Tab shows a ring on buttons, links, inputs and list items; a dialog gives the focus back to its trigger', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoAdmin(page);
  const dialog = await createKey(page, 'Focus ring');
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();

  const roll = page.getByRole('rowgroup', { name: 'Focus ring' }).getByRole('button', { name: 'Roll' });
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await tabTo(page, roll);
  expect(await outline(roll)).toEqual({ style: 'solid', width: '3px', color: 'rgb(21, 101, 192)' });

  // Open the dialog from the keyboard, close it with its Cancel button: the focus is on Roll again.
  const trigger = (await roll.elementHandle())!;
  const triggerFocused = () => page.evaluate((el) => el === document.activeElement, trigger);
  await page.keyboard.press('Enter');
  const rollDialog = page.getByRole('dialog', { name: 'Roll the key “Focus ring”' });
  await expect(rollDialog).toBeVisible();
  await settledDialog(page);
  expect(await triggerFocused()).toBe(false);
  await rollDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rollDialog).toBeHidden();
  await expect.poll(triggerFocused).toBe(true);
  await expect(roll).toBeFocused();

  // The ring is on a menu link reached with the arrow keys, and on a text field with the focus.
  await roll.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // At 1440 px the menu stays beside the page (decision 023).
  const nav = await mainMenu(page);
  const dashboardLink = nav.getByRole('link', { name: 'Dashboard' });
  await dashboardLink.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(dashboardLink).toBeFocused();
  expect((await outline(dashboardLink)).style).toBe('solid');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New key' }).click();
  const name = page.getByRole('form', { name: 'New access key' }).getByRole('textbox', { name: 'Name' });
  await name.focus();
  // A text field's ring is its own border, 3 px, with a gap for the floating label: an
  // outline around the field would cross the label.
  const field = name.locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]');
  expect((await outline(field)).style).toBe('none');
  const border = await field
    .locator('fieldset')
    .evaluate((el) => ({ width: getComputedStyle(el).borderTopWidth, color: getComputedStyle(el).borderTopColor }));
  expect(border).toEqual({ width: '3px', color: 'rgb(21, 101, 192)' });
  // The label sits in the border's gap (the legend), which is as wide as the label. Both move
  // as the field takes the focus (the label floats up and shrinks, the gap opens): measured
  // again until they have settled, as one busy run read the label still at its full size.
  const labelInGap = async () => {
    const label = (await page.getByRole('form', { name: 'New access key' }).locator('label', { hasText: 'Name' }).boundingBox())!;
    const legend = (await field.locator('legend').boundingBox())!;
    return legend.x <= label.x + 1 && legend.x + legend.width >= label.x + label.width - 1;
  };
  await expect.poll(labelInGap).toBe(true);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a notice never covers a dialog's buttons (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInAsDemoAdmin(page);
    const dialog = await createKey(page, `Notice ${viewport.width}`);
    await dialog.getByRole('button', { name: 'Copy the key' }).click();
    const notice = page.locator('.notistack-MuiContent', { hasText: 'Copied to the clipboard' });
    await expect(notice).toBeVisible();
    const noticeBox = (await notice.boundingBox())!;
    for (const button of await dialog.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(overlaps(noticeBox, box), `the notice covers "${await button.textContent()}"`).toBe(false);
    }
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
  });
}

test('on a phone a notice stays under the top bar, off its menu and account buttons', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: 'Copy the organization ID' }).click();
  const notice = page.locator('.notistack-MuiContent', { hasText: 'Copied to the clipboard' });
  await expect(notice).toBeVisible();
  // Where it stays once it has slid in (it enters from above the screen): the same place in
  // three readings 200 ms apart, since two quick ones can both fall before the slide starts.
  let noticeBox = (await notice.boundingBox())!;
  let stableReadings = 0;
  await expect
    .poll(
      async () => {
        const previous = noticeBox;
        noticeBox = (await notice.boundingBox())!;
        stableReadings = noticeBox.y === previous.y ? stableReadings + 1 : 0;
        return stableReadings >= 3;
      },
      { intervals: [200] },
    )
    .toBe(true);
  const bar = page.getByRole('banner');
  const buttons = await bar.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(1);
  for (const button of buttons) {
    const box = (await button.boundingBox())!;
    expect(overlaps(noticeBox, box), `the notice covers "${await button.getAttribute('aria-label')}"`).toBe(false);
  }
});

test('a wrong password is said under the password field', async ({ page }) => {
  await page.goto('/es');
  await signInWithPassword(
    page,
    { email: demoAdmin.email, password: 'not-the-password' },
    { email: 'Correo electrónico', next: 'Siguiente', password: 'Contraseña', submit: 'Iniciar sesión' },
  );
  const password = page.locator('input[name="password"]');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Tus credenciales no son correctas');
});
