/**
 * Organization settings in a real browser against the demo data: staff open Acme's settings
 * from its page, turn a switch on (kept after a reload), set AI verification with its two
 * models, and open a spec settings part; read-only staff see the switches disabled.
 */
import type { Page } from '@playwright/test';
import { CSRF, signInAsStaff } from '../fixtures/sign-in';
import { openOrganizationDetails } from '../fixtures/super';
import { expect, test } from '../fixtures/test';

async function openAcmeSettings(page: Page) {
  const main = await openOrganizationDetails(page, 'acme', 'Acme Manufacturing');
  await main.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings of Acme Manufacturing' })).toBeVisible();
  await expect(page).toHaveURL(/\/super\/organizations\/[0-9a-f-]{36}\/settings$/);
  return new URL(page.url()).pathname.split('/').at(-2) ?? '';
}

test('staff change a switch and AI verification; both are kept after a reload', async ({ page, baseURL, checkA11y }) => {
  await signInAsStaff(page, baseURL);
  const orgId = await openAcmeSettings(page);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Basic',
    'AI Features',
    'Learning Features',
    'Download & Offline',
    'Product Features',
    'Custom Features',
    'Products',
    'Data retention',
  ]);
  // The demo data turned Quiz on for every organization.
  await expect(page.getByRole('switch', { name: 'Quiz' })).toBeChecked();
  await checkA11y();

  const sharing = page.getByRole('switch', { name: 'Public sharing' });
  await expect(sharing).not.toBeChecked();
  await sharing.click();
  await expect(page.getByText('Public sharing changed successfully')).toBeVisible();
  await expect(sharing).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Public sharing' })).toBeChecked();
  await expect(page.locator('[data-setting="publicSharing"]')).toContainText(/Changed \d{4}-\d{2}-\d{2} \d{2}:\d{2} by /);

  // AI verification, from the spec's AIModelSelector part: both models are required.
  await page.goto(`/super/organizations/${orgId}/Settings/AIModelSelector`);
  const ai = page.getByRole('form', { name: 'AI verification' });
  await expect(ai.getByRole('switch', { name: 'AI verification' })).toBeFocused();
  await ai.getByRole('switch', { name: 'AI verification' }).click();
  await ai.getByRole('button', { name: 'Save AI verification' }).click();
  await expect(ai.getByText('This field is required')).toHaveCount(2);
  await ai.getByRole('combobox', { name: /Photo model/ }).click();
  await page.getByRole('option', { name: 'Photo Precision v2' }).click();
  await ai.getByRole('combobox', { name: /Video model/ }).click();
  await page.getByRole('option', { name: 'Video Standard v1' }).click();
  await ai.getByRole('button', { name: 'Save AI verification' }).click();
  await expect(page.getByText('AI verification changed successfully')).toBeVisible();
  await checkA11y();

  await page.reload();
  const kept = page.getByRole('form', { name: 'AI verification' });
  await expect(kept.getByRole('switch', { name: 'AI verification' })).toBeChecked();
  await expect(kept.getByRole('combobox', { name: /Photo model/ })).toHaveText('Photo Precision v2');
  await expect(kept.getByRole('combobox', { name: /Video model/ })).toHaveText('Video Standard v1');

  // The server holds the same.
  const res = await page.request.get(`/api/organization/${orgId}/settings`);
  const settings = (await res.json()).settings as { key: string; value: unknown }[];
  expect(settings.find((s) => s.key === 'aiVerification')?.value).toEqual({
    enabled: true,
    photoModel: 'photo-precision-v2',
    videoModel: 'video-standard-v1',
  });
  expect(settings.find((s) => s.key === 'publicSharing')?.value).toBe(true);
});

test('staff who may only read see the settings, in Spanish, and cannot change them', async ({ page, baseURL }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  const orgId = await openAcmeSettings(page);
  await page.goto(`/es/super/organizations/${orgId}/constants/productsSettings`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Productos']);
  await expect(page.getByText('Puedes consultar estos ajustes. Para cambiarlos necesitas el rol de actualización.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Asistente Ask Maven' })).toBeDisabled();
  const res = await page.request.put(`/api/organization/${orgId}/settings/askMaven`, {
    data: { value: true },
    headers: CSRF,
  });
  expect(res.status()).toBe(403);
});

test('staff keep events 730 days, in French: a number out of bounds is refused before it is sent; the new one is kept after a reload', async ({
  page,
  baseURL,
  checkA11y,
}) => {
  await signInAsStaff(page, baseURL);
  const orgId = await openAcmeSettings(page);
  await page.goto(`/fr/super/organizations/${orgId}/settings?group=dataRetention`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Conservation des données']);
  const form = page.getByRole('form', { name: 'Conservation des événements' });
  const days = form.getByRole('textbox', { name: 'Conservation des événements' });
  await expect(days).toHaveValue('400');
  await expect(form.getByText('Jamais modifié : valeur par défaut')).toBeVisible();
  await checkA11y();

  await days.fill('29');
  await form.getByRole('button', { name: 'Enregistrer la conservation des événements' }).click();
  await expect(form.getByText('Conservez les événements au moins 30 jours')).toBeVisible();
  await days.fill('2558');
  await days.press('Enter');
  await expect(form.getByText('Conservez les événements 7 ans au plus (2 557 jours)')).toBeVisible();
  await checkA11y();

  await days.fill('730');
  await days.press('Enter');
  await expect(page.getByText('Conservation des événements : modifié avec succès')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Conservation des événements' })).toHaveValue('730');
  await expect(page.locator('[data-setting="eventRetentionDays"]')).toContainText(/Modifié le \d{4}-\d{2}-\d{2} \d{2}:\d{2} par /);

  // The server holds the same, and refuses what the screen refused, in its own words.
  const res = await page.request.get(`/api/organization/${orgId}/settings`);
  expect(((await res.json()).settings as { key: string; value: unknown }[]).find((s) => s.key === 'eventRetentionDays')?.value).toBe(730);
  const refused = await page.request.put(`/api/organization/${orgId}/settings/eventRetentionDays`, { data: { value: 29 }, headers: CSRF });
  expect(await refused.json()).toMatchObject({ statusCode: 400, code: 'SETTING_DAYS_OUT_OF_RANGE' });
});

test('staff who may only read see the event retention, in Spanish, and cannot change it', async ({ page, baseURL, checkA11y }) => {
  await signInAsStaff(page, baseURL, 'reader@workframe.io');
  const orgId = await openAcmeSettings(page);
  await page.goto(`/es/super/organizations/${orgId}/settings?group=dataRetention`);
  await expect(page.getByText('Puedes consultar estos ajustes. Para cambiarlos necesitas el rol de actualización.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Conservación de los eventos' });
  await expect(form.getByRole('textbox', { name: 'Conservación de los eventos' })).toBeDisabled();
  await expect(form.getByRole('button')).toHaveCount(0);
  await checkA11y();
  const res = await page.request.put(`/api/organization/${orgId}/settings/eventRetentionDays`, { data: { value: 90 }, headers: CSRF });
  expect(res.status()).toBe(403);
});
