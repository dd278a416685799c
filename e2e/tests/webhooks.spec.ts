/**
 * Webhooks end to end: an Organizational Admin adds an endpoint that points to a real HTTP
 * receiver started here (the server runs with WEBHOOKS_ALLOW_PRIVATE, so 127.0.0.1 is allowed),
 * sends a test event and sees it in the delivery log, makes the receiver fail and retries the
 * failed delivery, and rolls the secret: during the grace period the receiver verifies with the
 * old secret and with the new. In English at 1440 px and in Portuguese at 390 px, where the
 * dashboard's integration health then leads back to the endpoints.
 */
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { mainMenu, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';
import { type Receiver, startReceiver } from '../fixtures/webhook-receiver';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** The secret the dialog reveals, after checking it is the one copied; the dialog is then closed. */
async function takeRevealedSecret(page: Page, texts: { title: string; copy: string; done: string }) {
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();
  const secret = (await dialog.getByTestId('revealed-key').textContent()) ?? '';
  baseExpect(secret).toMatch(SECRET);
  await dialog.getByRole('button', { name: texts.copy }).click();
  baseExpect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: texts.done }).click();
  await expect(dialog).toBeHidden();
  return secret;
}

/** The test events the receiver has had (an endpoint of every type also gets its own creation and the sign-ins). */
const testEvents = () => receiver.received.filter((r) => r.type === 'webhook.test');

/**
 * Waits until the receiver has had `count` test events. The delivery worker's pump starts with
 * the minute on a fresh server, so the first one may take that long.
 */
async function receivedTestEvents(count: number) {
  await expect.poll(() => testEvents().length, { timeout: 120_000 }).toBeGreaterThanOrEqual(count);
}

/** The log's newest delivery. */
const newest = (page: Page, logName: string): Locator => page.getByRole('list', { name: logName }).getByRole('listitem').first();

test('an admin adds an endpoint, sends a test event, retries a failed delivery and rolls the secret (English, 1440 px)', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoAdmin(page);
  await (await mainMenu(page)).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  // The address is checked before it is sent.
  const opener = page.getByRole('button', { name: 'Add endpoint' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
  const url = dialog.getByRole('textbox', { name: 'Endpoint URL' });
  await expect(url).toBeFocused();
  await url.fill('http://hooks.acme.example/in');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  // The form was submitted and refused (the field's message alone also shows on leaving it).
  await expect(page.getByText('There are errors in the form')).toBeVisible();
  await expect(dialog.getByText('Use an https:// address: events are sent only over an encrypted connection.')).toBeVisible();
  await url.fill(receiver.url);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Browser test receiver');
  await settledDialog(page);
  await checkA11y();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const texts = { title: 'The endpoint’s signing secret', copy: 'Copy the secret', done: 'I have copied it' };
  const first = await takeRevealedSecret(page, texts);
  await expect(opener).toBeFocused();
  receiver.secrets = [first];

  const row = page.getByRole('row').filter({ hasText: receiver.url });
  await expect(row.getByText('All event types')).toBeVisible();
  await expect(row.getByText('Enabled')).toBeVisible();
  await row.getByRole('link', { name: receiver.url }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
  // The log shows the test events only (the endpoint receives every type, its own creation too).
  await page.getByRole('combobox', { name: 'Event type' }).click();
  await page.getByRole('option', { name: 'Test event' }).click();
  await expect(page.getByText('No delivery matches these filters.')).toBeVisible();

  // A test event, verified by the receiver and shown in the log.
  await page.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('A test event is on its way')).toBeVisible();
  await receivedTestEvents(1);
  baseExpect(testEvents()[0].verifiedWith).toEqual([first]);
  const log = 'Delivery log';
  await expect(newest(page, log)).toHaveAttribute('data-outcome', 'succeeded', { timeout: 30_000 });
  await expect(newest(page, log).getByText('Test event')).toBeVisible();
  await newest(page, log).getByRole('button', { name: '1 attempt' }).click();
  await expect(newest(page, log).getByText('HTTP 200')).toBeVisible();
  await newest(page, log).getByRole('button', { name: 'Show the answer' }).click();
  await expect(newest(page, log).getByText('answer 200')).toBeVisible();
  // Beside the answer, the request as the receiver got it.
  await newest(page, log).getByRole('button', { name: 'Show what was sent' }).click();
  const sent = newest(page, log).getByLabel('What the delivery sends');
  await expect(sent).toContainText('"type": "webhook.test"');
  baseExpect(JSON.parse((await sent.textContent()) ?? '')).toEqual(JSON.parse(testEvents()[0].body));
  await checkA11y();

  // The receiver fails: the first attempt and the retry 5 s later get a 500, and the next
  // is minutes away; Retry sends it now, and it succeeds.
  receiver.status = 500;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await receivedTestEvents(3);
  const failing = newest(page, log);
  await expect(failing.getByRole('button', { name: '2 attempts' })).toBeVisible({ timeout: 30_000 });
  await failing.getByRole('button', { name: '2 attempts' }).click();
  await expect(failing.getByText('HTTP 500')).toHaveCount(2);
  await expect(failing.getByText(/^Next attempt at /)).toBeVisible();
  receiver.status = 200;
  await failing.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('The delivery will be sent again')).toBeVisible();
  await expect(failing).toHaveAttribute('data-outcome', 'succeeded', { timeout: 30_000 });
  await expect(failing.getByRole('button', { name: '3 attempts' })).toBeVisible();
  await expect(failing.getByText('HTTP 200')).toBeVisible();
  baseExpect(testEvents().map((r) => r.verifiedWith)).toEqual([[first], [first], [first], [first]]);

  // Filter the log by outcome too.
  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByText('No delivery matches these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Succeeded' }).click();
  await expect(page.getByRole('list', { name: log }).getByRole('listitem')).toHaveCount(2);

  // Roll with an hour's grace: the next delivery is signed by both secrets.
  const roll = page.getByRole('button', { name: 'Roll secret' });
  await roll.click();
  const rollDialog = page.getByRole('dialog', { name: 'Roll the signing secret' });
  await expect(rollDialog.getByText(/During the grace period the old secret signs them too/)).toBeVisible();
  await rollDialog.getByRole('radio', { name: '1 hour' }).check();
  await settledDialog(page);
  await checkA11y();
  await rollDialog.getByRole('button', { name: 'Roll the secret' }).click();
  const second = await takeRevealedSecret(page, texts);
  baseExpect(second).not.toBe(first);
  await expect(roll).toBeFocused();
  await expect(page.getByText(/^The previous secret also signs until /)).toBeVisible();
  receiver.secrets = [first, second];
  const before = testEvents().length;
  await page.getByRole('button', { name: 'Send test event' }).click();
  await receivedTestEvents(before + 1);
  baseExpect(testEvents()[before].verifiedWith).toEqual([first, second]);

  // Escape closes a dialog that holds nothing typed, and the focus goes back.
  await roll.click();
  await expect(rollDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rollDialog).toBeHidden();
  await expect(roll).toBeFocused();
});

test('an admin adds an endpoint and sees its test event in Portuguese on a phone (390 px)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoAdmin(page);
  await page.goto('/pt/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar um endpoint' });
  await dialog.getByRole('textbox', { name: 'URL do endpoint' }).fill(receiver.url);
  await dialog.getByRole('radio', { name: 'Só os tipos de evento que eu escolher' }).check();
  await dialog.getByRole('button', { name: 'Adicionar endpoint' }).click();
  await expect(page.getByText('Há erros no formulário')).toBeVisible();
  await expect(dialog.getByText('Escolha pelo menos um tipo de evento.')).toBeVisible();
  await dialog.getByRole('combobox', { name: /Tipos de evento/ }).click();
  await page.getByRole('option', { name: 'Importações de usuários' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Adicionar endpoint' }).click();
  const secret = await takeRevealedSecret(page, {
    title: 'O segredo de assinatura do endpoint',
    copy: 'Copiar o segredo',
    done: 'Já copiei',
  });
  receiver.secrets = [secret];

  const row = page.getByRole('row').filter({ hasText: receiver.url });
  await expect(row.getByText('8 tipos de evento')).toBeVisible();
  await row.getByRole('link', { name: receiver.url }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Endpoint de webhook' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar evento de teste' }).click();
  await receivedTestEvents(1);
  baseExpect(testEvents()[0].verifiedWith).toEqual([secret]);
  const item = newest(page, 'Registro de entregas');
  await expect(item).toHaveAttribute('data-outcome', 'succeeded', { timeout: 30_000 });
  await expect(item.getByText('Entregue')).toBeVisible();
  await expect(item.getByText('Evento de teste')).toBeVisible();
  // A phone's page never scrolls sideways, and its buttons are 44 px tall.
  baseExpect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
  const heights = await page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  baseExpect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

  // The dashboard's integration health counts the endpoints and names the new one among the
  // newest events; its link back to the endpoints is reached with the keyboard.
  await page.goto('/pt/dashboard');
  const health = page.locator('.MuiCard-root', { has: page.getByRole('heading', { level: 2, name: 'Saúde das integrações' }) });
  const webhooksPart = health.getByRole('region', { name: 'Webhooks' });
  await expect(webhooksPart.getByTestId('health-endpoints')).toHaveText(/^\d+, todos entregando|^\d+ de \d+ com falhas/);
  await expect(health.getByRole('list', { name: 'Eventos mais recentes' })).toContainText(
    `Nadia Fischer adicionou o webhook ${receiver.url}`,
  );
  const open = webhooksPart.getByRole('link', { name: 'Abrir Webhooks' });
  for (let i = 0; i < 40 && !(await open.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  // The dashboard with the card does not scroll sideways on a phone either.
  baseExpect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pt\/webhooks$/);
});
