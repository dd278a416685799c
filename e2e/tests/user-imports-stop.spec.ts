/**
 * A large import, as an admin meets it (decision 048): a file of 50,000 rows is uploaded in
 * English on a wide screen; the form offers to apply it without waiting (left off), the new
 * import is brought into view, its summary counts 50,000 new users and nothing exists before
 * Confirm. On a phone in Spanish the admin confirms it and presses Stop while it applies; the
 * stopped report, in Spanish and then in English, names exactly the users the server created
 * (counted through the external API). One import for both languages: a second import of this
 * size in the same run would double the test's minutes on a busy machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { CSRF, demoAdmin, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';
import { chooseInvitations, confirmImport, openUserImports } from '../fixtures/user-imports';

const ROWS = 50_000;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Language {
  prefix: string;
  locale: string;
  viewport: { width: number; height: number };
  invitations: string;
  upload: string;
  applyWithoutConfirmation: string;
  uploaded: (name: string) => string;
  details: (name: string) => string;
  stop: (name: string) => string;
  stopTitle: string;
  stopConfirm: string;
  stopped: string;
  report: (applied: string, total: string, created: string) => string;
}

const english: Language = {
  prefix: '',
  locale: 'en',
  viewport: WIDE,
  invitations: 'Send an invitation e-mail to new users',
  upload: 'Upload',
  applyWithoutConfirmation: 'Apply without waiting for my confirmation',
  uploaded: (name) => `${name} is uploaded: it is checked, then waits for your confirmation`,
  details: (name) => `Details of ${name}`,
  stop: (name) => `Stop ${name}`,
  stopTitle: 'Stop this import?',
  stopConfirm: 'Stop',
  stopped: 'Stopped',
  report: (applied, total, created) => `Stopped after ${applied} of ${total} rows: ${created} created, 0 updated, 0 failed.`,
};

const spanish: Language = {
  prefix: '/es',
  locale: 'es',
  viewport: PHONE,
  invitations: 'Enviar un correo de invitación a los usuarios nuevos',
  upload: 'Subir',
  applyWithoutConfirmation: 'Aplicar sin esperar mi confirmación',
  uploaded: (name) => `Archivo ${name} subido: se revisa y luego espera tu confirmación`,
  details: (name) => `Detalles de ${name}`,
  stop: (name) => `Detener ${name}`,
  stopTitle: '¿Detener esta importación?',
  stopConfirm: 'Detener',
  stopped: 'Detenida',
  report: (applied, total, created) => `Detenida tras ${applied} de ${total} filas: ${created} creados, 0 actualizados, 0 con error.`,
};

/** The file, written where a person would keep it: a temporary folder, removed after the test. */
function writeLargeFile(id: string): { file: string; emailPrefix: string; cleanUp: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'large-import-'));
  const emailPrefix = `big-${id}-`;
  const lines = ['email,name,role'];
  for (let i = 0; i < ROWS; i++) lines.push(`${emailPrefix}${i}@acme.example,Large Import ${i},viewer`);
  const file = path.join(dir, `large-${id}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, emailPrefix, cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * How many users of the organization have an e-mail starting with `prefix`, as an
 * integration counts them: the external API's user search, with a key made for it.
 */
async function usersCounter(request: APIRequestContext) {
  const made = await request.post('/api/integrations', { headers: CSRF, data: { name: `Count users ${Date.now()}` } });
  expect(made.status(), await made.text()).toBe(201);
  const { integration, accessKey } = await made.json();
  const token = await request.post('/api/v1/auth/token', { data: demoAdmin });
  expect(token.status()).toBe(200);
  const { idToken } = await token.json();
  return {
    count: async (prefix: string) => {
      const res = await request.get(`/api/v1/users?q=${encodeURIComponent(prefix)}&limit=1`, {
        headers: { apiKey: accessKey, Authorization: `Bearer ${idToken}` },
      });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).total as number;
    },
    remove: async () => expect((await request.delete(`/api/integration/${integration.id}`, { headers: CSRF })).status()).toBe(200),
  };
}

async function importOf(page: Page, id: string) {
  const res = await page.request.get(`/api/user-import/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).userImport as { status: string; rowsApplied: number; rowsTotal: number; usersCreated: number };
}

async function open(page: Page, lang: Language) {
  await page.setViewportSize(lang.viewport);
  await openUserImports(page, lang.prefix);
}

test('a 50,000-row import waits at its summary; Stop while it applies reports what the database holds (English at 1440 px, Spanish at 390 px)', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(600_000);
  await signInAsDemoAdmin(page);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { file, emailPrefix, cleanUp } = writeLargeFile(id);
  const name = path.basename(file);
  const counter = await usersCounter(page.request);
  let importId: string | undefined;
  try {
    await open(page, english);
    await chooseInvitations(page, false, english.invitations);

    // A file this large may skip its summary: offered, explained, and left off here.
    await page.getByTestId('user-import-file').setInputFiles(file);
    const unattended = page.getByRole('checkbox', { name: english.applyWithoutConfirmation });
    await expect(unattended).toBeVisible({ timeout: 30_000 });
    await expect(unattended).not.toBeChecked();
    await page.getByRole('button', { name: english.upload, exact: true }).click();
    await expect(page.getByText(english.uploaded(name))).toBeVisible({ timeout: 60_000 });

    // The new import is brought into view, its details button focused.
    const details = page.getByRole('button', { name: english.details(name) });
    await expect(details).toBeFocused({ timeout: 30_000 });
    await expect(details).toBeInViewport();
    importId = (await page.locator('tr', { has: details }).getAttribute('data-import-id')) as string;
    const row = page.locator(`tr[data-import-id="${importId}"]`);

    // The summary counts the file; nothing exists before Confirm.
    const newUsers = row.locator('[data-summary="newUsers"]');
    await expect(newUsers).toBeVisible({ timeout: 180_000 });
    await expect(newUsers).toContainText(ROWS.toLocaleString('en'));
    await checkA11y();
    const sample = `${emailPrefix}0@acme.example`;
    const found = await page.request.get(`/api/people?q=${encodeURIComponent(sample)}`, { headers: CSRF });
    expect(found.status()).toBe(200);
    expect((await found.json()).people).toEqual([]);
    expect(await counter.count(emailPrefix)).toBe(0);

    // In Spanish on a phone: the same summary, confirmed, then stopped once a batch is in.
    await open(page, spanish);
    await expect(row.locator('[data-summary="newUsers"]')).toContainText(ROWS.toLocaleString('es'));
    await confirmImport(page, name);
    await expect.poll(async () => (await importOf(page, importId as string)).rowsApplied, { timeout: 180_000 }).toBeGreaterThan(0);
    await row.getByRole('button', { name: spanish.stop(name) }).click();
    const confirm = page.getByRole('alertdialog', { name: spanish.stopTitle });
    await confirm.getByRole('button', { name: spanish.stopConfirm, exact: true }).click();
    await expect(row.getByText(spanish.stopped, { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: spanish.details(name) })).toBeFocused();

    // The report is what the database holds: the users created are exactly those it names.
    const stopped = await importOf(page, importId);
    expect(stopped.status).toBe('stopped');
    const created = await counter.count(emailPrefix);
    expect(created).toBe(stopped.usersCreated);
    expect(created).toBe(stopped.rowsApplied);
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(ROWS);
    for (const lang of [spanish, english]) {
      if (lang === english) await open(page, english);
      const n = (value: number) => value.toLocaleString(lang.locale);
      await expect(row.locator('[data-stopped-report]')).toHaveText(lang.report(n(stopped.rowsApplied), n(ROWS), n(created)));
    }
    // Stopped for good: the count does not move afterwards.
    await expect.poll(async () => (await importOf(page, importId as string)).usersCreated).toBe(created);
    expect(await counter.count(emailPrefix)).toBe(created);
  } finally {
    // Its 50,000 staged rows go with it (the users it created stay).
    if (importId) await page.request.delete(`/api/user-import/${importId}`, { headers: CSRF });
    await counter.remove();
    cleanUp();
  }
});
