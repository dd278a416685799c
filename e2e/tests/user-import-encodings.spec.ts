/**
 * A file as Excel saves it in Spanish, French or Portuguese: Windows-1252 bytes, `;` between
 * the columns, accented names. Nobody chooses the separator: it is read from the file. It
 * imports with every accent intact, and the import's details say which encoding and separator
 * were read, in English on a wide screen and in Portuguese on a phone.
 */

import { CSRF, signInAsDemoAdmin } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';
import { chooseInvitations, confirmImport, openUserImports } from '../fixtures/user-imports';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

test('a Windows-1252 file with ";" imports without choosing the separator, with its accents, and the details name the encoding and the separator read', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `excel-${id}.csv`;
  const people = [
    [`cp1252-${id}-1@acme.example`, 'José Muñoz'],
    [`cp1252-${id}-2@acme.example`, 'François Garçon'],
    [`cp1252-${id}-3@acme.example`, 'João Simões'],
  ];
  const text = ['email;name;workspaces', ...people.map(([email, person]) => `${email};${person};Assembly Line`)].join('\r\n');
  // Windows-1252 and Latin-1 write these letters with the same single bytes (é is 0xE9).
  const bytes = Buffer.from(text, 'latin1');
  expect(bytes.includes(0xe9) && !bytes.includes(0xc3)).toBe(true);

  await page.setViewportSize(WIDE);
  await signInAsDemoAdmin(page);
  await openUserImports(page);
  await expect(page.getByRole('heading', { level: 1, name: 'User imports' })).toBeVisible();
  await chooseInvitations(page, false);
  await page.getByTestId('user-import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(`${name} is uploaded: it is checked, then waits for your confirmation`)).toBeVisible();

  const line = page.getByRole('row').filter({ hasText: name });
  await confirmImport(page, name);
  await expect(line.getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await line.getByRole('button', { name: `Details of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Import details' });
  await expect(dialog.getByText('3 created, 0 updated, 0 failed')).toBeVisible();
  await expect(dialog.getByText('Windows-1252 (Western European)')).toBeVisible();
  await expect(dialog.getByText(', detected from the file')).toBeVisible();
  await checkA11y();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The names as written, accents and all.
  const found = await page.request.get(`/api/people?q=${encodeURIComponent(`cp1252-${id}`)}`, { headers: CSRF });
  expect(found.status()).toBe(200);
  const listed = (await found.json()).people.map((p: { email: string; name: string }) => [p.email, p.name]);
  expect(listed.sort()).toEqual([...people].sort());
  await page.goto(`/people?q=${encodeURIComponent(`cp1252-${id}`)}`);
  await expect(page.getByText('José Muñoz').first()).toBeVisible();

  // In Portuguese, on a phone: the same details.
  await page.setViewportSize(PHONE);
  await page.goto('/pt/user-imports');
  await page.getByRole('button', { name: `Detalhes de ${name}` }).click();
  const detalhes = page.getByRole('dialog', { name: 'Detalhes da importação' });
  await expect(detalhes.getByText('Windows-1252 (Europa Ocidental)')).toBeVisible();
  await expect(detalhes.getByText(', detectado no arquivo')).toBeVisible();
  await expect(detalhes.getByText(name)).toBeVisible();
  await checkA11y();
});
