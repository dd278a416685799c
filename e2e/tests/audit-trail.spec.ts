/**
 * The audit trail end to end, against real events: the demo admin makes a key, rolls it and
 * deletes it (through the API, as the Keys screen would), then, in English and in French,
 * finds the three as sentences, newest first, keeps only what they did and only the key
 * rolls (both in the address, so a reload keeps them), reads the roll's details (IP address,
 * user agent, the key; Escape closes them), and exports the filtered trail as CSV and JSON
 * lines, whose rows are the screen's. On a phone the events are blocks. Staff, and read-only
 * staff, see the same events on the organization's page.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { CSRF, mainMenu, signInAsDemoAdmin, signInAsStaff } from '../fixtures/sign-in';
import { expect, settledDialog, test } from '../fixtures/test';

interface Me {
  uid: string;
  displayName: string;
  organizationId: string;
}

/** Makes, rolls and deletes a key named `name`: three events of the signed-in admin. */
async function keyEvents(request: APIRequestContext, name: string) {
  const made = await request.post('/api/integrations', { headers: CSRF, data: { name } });
  expect(made.status(), await made.text()).toBe(201);
  const { integration } = await made.json();
  const rolled = await request.post(`/api/integration/${integration.id}/roll`, { headers: CSRF, data: { gracePeriod: 'now' } });
  expect(rolled.status(), await rolled.text()).toBe(200);
  expect((await request.delete(`/api/integration/${integration.id}`, { headers: CSRF })).status()).toBe(200);
  const me = await request.get('/api/auth/me');
  return (await me.json()).user as Me;
}

const texts = {
  en: {
    heading: 'Audit trail',
    table: 'Events',
    created: (a: string, k: string) => `${a} created the access key ${k}`,
    rolled: (a: string, k: string) => `${a} rolled the access key ${k}`,
    deleted: (a: string, k: string) => `${a} deleted the access key ${k}`,
    filterBy: (s: string) => `Filter by this event: ${s}`,
    onlyActor: (a: string) => `Only what ${a} did`,
    chip: (a: string) => `Remove the filter “Actor: ${a}”`,
    actions: 'Actions',
    rolledAction: 'Key rolled',
    details: (s: string) => `Details: ${s}`,
    dialog: 'Event details',
    ip: 'IP address',
    userAgent: 'User agent',
    csv: 'Export CSV',
    jsonl: 'Export JSON lines',
    person: 'Person',
  },
  fr: {
    heading: 'Journal d’audit',
    table: 'Événements',
    created: (a: string, k: string) => `${a} a créé la clé d’accès ${k}`,
    rolled: (a: string, k: string) => `${a} a renouvelé la clé d’accès ${k}`,
    deleted: (a: string, k: string) => `${a} a supprimé la clé d’accès ${k}`,
    filterBy: (s: string) => `Filtrer selon cet événement : ${s}`,
    onlyActor: (a: string) => `Seulement ce qu’a fait ${a}`,
    chip: (a: string) => `Retirer le filtre « Acteur : ${a} »`,
    actions: 'Actions',
    rolledAction: 'Clé renouvelée',
    details: (s: string) => `Détails : ${s}`,
    dialog: 'Détails de l’événement',
    ip: 'Adresse IP',
    userAgent: 'Agent utilisateur',
    csv: 'Exporter en CSV',
    jsonl: 'Exporter en lignes JSON',
    person: 'Personne',
  },
} as const;

/** The downloaded file behind an export link. */
async function download(page: Page, link: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, 'utf8') };
}

/** The rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line ends), the header first. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') endRow();
    else if (c !== '\r') cell += c;
  }
  if (cell || row.length) endRow();
  return rows;
}

// Each test makes its events, then walks the screen through many steps: a longer budget than one page's.
test.describe.configure({ timeout: 180_000 });

for (const locale of ['en', 'fr'] as const) {
  test(`an admin filters the trail by actor and action and exports it, in ${locale}`, async ({ page, checkA11y }) => {
    const t = texts[locale];
    const key = `Trail ${locale} ${Date.now()}`;
    await signInAsDemoAdmin(page);
    const me = await keyEvents(page.request, key);
    const admin = me.displayName;

    if (locale === 'en') await (await mainMenu(page)).getByRole('link', { name: 'Audit trail' }).click();
    else await page.goto('/fr/audit-trail');
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    const table = page.getByRole('table', { name: t.table });

    // Newest first: the deletion, the roll, the creation, each a sentence of the reader's language.
    const sentences = [t.deleted(admin, key), t.rolled(admin, key), t.created(admin, key)];
    for (const s of sentences) await expect(table.getByRole('cell', { name: s, exact: true })).toBeVisible();
    const order = await table.getByRole('cell').allTextContents();
    expect(sentences.map((s) => order.indexOf(s))).toEqual([...sentences.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    const rolledRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: t.rolled(admin, key), exact: true }) });
    await expect(rolledRow).toContainText(t.person);
    await checkA11y();

    // Only what the admin did (from the event), only key rolls (from the actions by area).
    await rolledRow.getByRole('button', { name: t.filterBy(t.rolled(admin, key)) }).click();
    await page.getByRole('menuitem', { name: t.onlyActor(admin) }).click();
    await expect(page.getByRole('button', { name: t.chip(admin) })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]actorId=${me.uid}`));
    await page.getByRole('combobox', { name: t.actions }).click();
    await page.getByRole('option', { name: t.rolledAction }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]actions=access_key\.rolled(&|$)/);
    await expect(table.getByRole('cell', { name: t.deleted(admin, key), exact: true })).toHaveCount(0);

    // A reload keeps the filters; every event shown is a roll by the admin, newest first.
    await page.reload();
    await expect(page.getByRole('button', { name: t.chip(admin) })).toBeVisible();
    await expect(table.getByRole('cell', { name: t.rolled(admin, key), exact: true })).toBeVisible();
    const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(new Set(shown)).toEqual(new Set(['access_key.rolled']));
    await checkA11y();

    // The roll's details: who, from where, on what; Escape closes them and the focus is back on the button.
    const detailsButton = rolledRow.getByRole('button', { name: t.details(t.rolled(admin, key)) });
    await detailsButton.click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await settledDialog(page);
    await expect(dialog).toContainText(t.rolled(admin, key));
    await expect(dialog.getByRole('definition').filter({ hasText: /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/ })).toHaveCount(1);
    await expect(dialog).toContainText(await page.evaluate(() => navigator.userAgent));
    await expect(dialog).toContainText(key);
    await checkA11y();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(detailsButton).toBeFocused();

    // The exports hold the filtered trail: the same events, each a roll by the admin, ours among them.
    const jsonl = await download(page, t.jsonl);
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(shown.length);
    for (const line of lines) expect({ action: line.action, actor: line.actor.id }).toEqual({ action: 'access_key.rolled', actor: me.uid });
    expect(lines.some((l) => l.targets.some((target: { name: string }) => target.name === key))).toBe(true);
    const csv = await download(page, t.csv);
    expect(csv.name).toMatch(/\.csv$/);
    const [header, ...rows] = csvRows(csv.text.replace(/^\ufeff/, ''));
    expect(rows.length).toBe(lines.length);
    const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(new Set(column('action'))).toEqual(new Set(['access_key.rolled']));
    expect(new Set(column('actor_id'))).toEqual(new Set([me.uid]));
    expect(column('id')).toEqual(lines.map((l) => l.id));
    expect(column('target_names')).toContain(key);

    // On a phone the events are blocks, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.locator('thead')).toBeHidden();
    // Measured once the page has laid itself out for the new width (a first read could see the wide layout).
    await expect
      .poll(() => page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth <= window.innerWidth))
      .toBe(true);
  });
}

test('staff, and read-only staff, see the same events on the organization’s page, in Portuguese', async ({ page, baseURL, checkA11y }) => {
  const key = `Trail staff ${Date.now()}`;
  await signInAsDemoAdmin(page);
  const me = await keyEvents(page.request, key);
  await page.context().clearCookies();

  const rolled = `${me.displayName} renovou a chave de acesso ${key}`;
  for (const email of ['staff@workframe.io', 'reader@workframe.io']) {
    await signInAsStaff(page, baseURL, email);
    await page.goto(`/pt/super/organizations/${me.organizationId}`);
    const section = page.getByRole('region', { name: 'Trilha de auditoria' });
    const table = section.getByRole('table', { name: 'Eventos' });
    await expect(table.getByRole('cell', { name: rolled, exact: true })).toBeVisible();
    await expect(table.getByRole('cell', { name: `${me.displayName} criou a chave de acesso ${key}`, exact: true })).toBeVisible();
    const csv = section.getByRole('link', { name: 'Exportar CSV' });
    expect(await csv.getAttribute('href')).toContain(`/api/organization/${me.organizationId}/events/export?format=csv`);
    await checkA11y();
    await page.context().clearCookies();
  }
});
