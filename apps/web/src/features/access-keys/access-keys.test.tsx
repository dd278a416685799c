/** The access keys screen in jsdom against a scripted API: list and load more, the form's checks, the row states, reveal. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccessKey, openNewKeyForm } from '../../test/access-keys';
import { renderSignedIn, screenPosts } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const key = (n: number) => anAccessKey(n);

describe('the access keys screen', () => {
  it('lists 20 keys and loads the next page on demand', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 25 }, (_, i) => key(i + 1));
    const { calls } = renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': ({ path }) => {
          const page = Number(new URL(path, 'http://x').searchParams.get('page'));
          return { body: { integrations: all.slice((page - 1) * 20, page * 20), total: 25 } };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access keys' })).toBeTruthy();
    expect(await screen.findByText('20 of 25 keys shown')).toBeTruthy();
    expect(screen.getByText('wfk_AbCd…1001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('25 of 25 keys shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/integrations')).map((c) => c.path)).toEqual([
      '/api/integrations?page=1&limit=20',
      '/api/integrations?page=2&limit=20',
    ]);
  });

  it('shows the keys as rows of a table, each with its actions in the last cell', async () => {
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({
          body: {
            integrations: [
              anAccessKey(1, { lastUsedAt: '2026-11-21T08:00:00.000Z', previousKeyExpiresAt: '2999-01-01T00:00:00.000Z' }),
              anAccessKey(2, { createdBy: null }),
            ],
            total: 2,
          },
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Access keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Key', 'Activity', 'Actions']);
    const rows = within(table).getAllByRole('rowgroup', { name: /^Key \d$/ });
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Key 1', 'Key 2']);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      expect(cells).toHaveLength(4);
      const actions = cells[3];
      expect(actions.hasAttribute('data-actions')).toBe(true);
      expect(actions.getAttribute('class')).toContain('MuiTableCell-alignRight');
      expect(
        within(actions)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Edit', 'Roll', 'Delete']);
      expect(within(actions).getByRole('button', { name: 'Delete' }).className).toContain('MuiButton-colorError');
      expect(cells.slice(1, 3).map((c) => c.getAttribute('data-label'))).toEqual(['Key', 'Activity']);
    }
    const [first, second] = rows.map((r) => within(r).getAllByRole('cell'));
    expect(first[0].textContent).toBe('Key 1Used by system 1Permissions: full accessCalls with an API user’s idToken');
    expect(first[1].textContent).toMatch(/^wfk_AbCd…1001The previous key still works until /);
    expect(first[2].textContent).toMatch(/^Created .+ by Ada Admin · last used /);
    expect(second[2].textContent).toMatch(/^Created .+ by a former user · never used$/);
  });

  it('checks the form, counts the name, and reveals the new key once', async () => {
    const { user, calls, form } = await openNewKeyForm();
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('There are errors in the form')).toBeTruthy();
    // Only the name is required: the description is optional, and says so.
    expect(within(form).getAllByText('This field is required')).toHaveLength(1);
    expect(within(form).getByText('Optional: what the key is used for.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Description' }).hasAttribute('required')).toBe(false);
    expect(screenPosts(calls).length > 0).toBe(false);

    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(76));
    await user.tab();
    expect(await within(form).findByText('Use at most 75 characters')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'LMS');
    expect(await within(form).findByText('3/75')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Nightly sync');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'The key “LMS”' });
    expect(within(dialog).getByText('wfk_secretsecretsecretsecretsecretse123456')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the key' })).toBeTruthy();
    expect(screenPosts(calls)[0]?.body).toEqual({ name: 'LMS', description: 'Nightly sync', permissions: 'full', actsAlone: false });
  });

  it('creates a key without a description', async () => {
    const { user, calls, form } = await openNewKeyForm();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Payroll');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'The key “Payroll”' })).toBeTruthy();
    expect(screenPosts(calls)[0]?.body).toEqual({ name: 'Payroll', description: '', permissions: 'full', actsAlone: false });
  });

  it('says so in words when the organization holds the most keys allowed', async () => {
    const user = userEvent.setup();
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: [key(1)], total: 1 } }),
        'POST /api/integrations': () => ({
          status: 409,
          body: {
            statusCode: 409,
            code: 'INTEGRATION_LIMIT_REACHED',
            message: 'This organization already has 50 access keys, the most allowed: delete one first.',
            details: { max: 50 },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('form', { name: 'New access key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'LMS');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Nightly sync');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText(
        'Your organization has the most access keys allowed. Delete a key you no longer use, then create the new one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'The key “LMS”' })).toBeNull();
  });

  it('keeps a row idle, editing or removing: exclusive, and a second click cancels', async () => {
    const user = userEvent.setup();
    renderSignedIn('/keys', { api: { 'GET /api/integrations': () => ({ body: { integrations: [key(1), key(2)], total: 2 } }) } });
    const row = await screen.findByRole('rowgroup', { name: 'Key 1' });
    const other = screen.getByRole('rowgroup', { name: 'Key 2' });
    const mode = (el: HTMLElement) => el.getAttribute('data-mode');
    const edit = within(row).getByRole('button', { name: 'Edit' });
    const del = within(row).getByRole('button', { name: 'Delete' });

    await user.click(edit);
    expect(mode(row)).toBe('editing');
    expect(within(row).getByRole('form', { name: 'Edit Key 1' })).toBeTruthy();
    await user.click(del);
    expect(mode(row)).toBe('removing');
    expect(within(row).queryByRole('form')).toBeNull();
    expect(within(row).getByRole('alert').textContent).toContain('Delete the key “Key 1”?');
    await user.click(del);
    expect(mode(row)).toBe('idle');
    await user.click(edit);
    await user.click(within(other).getByRole('button', { name: 'Edit' }));
    expect([mode(row), mode(other)]).toEqual(['idle', 'editing']);
    await user.click(within(other).getByRole('button', { name: 'Edit' }));
    expect(mode(other)).toBe('idle');
  });

  it('deletes after the confirmation in the row', async () => {
    const user = userEvent.setup();
    let keys = [key(1)];
    const { calls } = renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: keys, total: keys.length } }),
        'DELETE /api/integration/00000000-0000-4000-8000-000000000001': () => {
          const removedIntegration = keys[0];
          keys = [];
          return { body: { removedIntegration } };
        },
      },
    });
    const row = await screen.findByRole('rowgroup', { name: 'Key 1' });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    // Irreversible: the button enables once the key's name is typed.
    const confirm = within(row).getByRole('button', { name: 'Delete key' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(row).getByRole('textbox', { name: 'Type “Key 1” to confirm' }), 'Key 1');
    await user.click(confirm);
    expect(await screen.findByText('The key was deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowgroup', { name: 'Key 1' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('focuses the name to type, cancels on Escape before typing, and after a delete gives the focus to the next key', async () => {
    const user = userEvent.setup();
    let keys = [key(1), key(2)];
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: keys, total: keys.length } }),
        'DELETE /api/integration/00000000-0000-4000-8000-000000000001': () => {
          const removedIntegration = keys[0];
          keys = keys.slice(1);
          return { body: { removedIntegration } };
        },
      },
    });
    const row = await screen.findByRole('rowgroup', { name: 'Key 1' });
    const del = within(row).getByRole('button', { name: 'Delete' });
    await user.click(del);
    const field = within(row).getByRole('textbox', { name: 'Type “Key 1” to confirm' });
    expect(document.activeElement).toBe(field);
    // Nothing typed: Escape cancels, and the focus is back on Delete.
    await user.keyboard('{Escape}');
    expect(row.getAttribute('data-mode')).toBe('idle');
    await waitFor(() => expect(document.activeElement).toBe(del));
    // Something typed: Escape leaves it open.
    await user.click(del);
    await user.type(within(row).getByRole('textbox', { name: 'Type “Key 1” to confirm' }), 'Key');
    await user.keyboard('{Escape}');
    expect(row.getAttribute('data-mode')).toBe('removing');
    await user.type(within(row).getByRole('textbox', { name: 'Type “Key 1” to confirm' }), ' 1');
    await user.click(within(row).getByRole('button', { name: 'Delete key' }));
    await waitFor(() => expect(screen.queryByRole('rowgroup', { name: 'Key 1' })).toBeNull());
    const next = within(screen.getByRole('rowgroup', { name: 'Key 2' })).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(document.activeElement).toBe(next));
  });

  it('gives the focus to the new key’s row once its one-time dialog closes, not to the top of the page', async () => {
    const user = userEvent.setup();
    let keys = [key(2)];
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: keys, total: keys.length } }),
        'POST /api/integrations': ({ body }) => {
          const made = { ...key(7), ...(body as object) };
          keys = [made, ...keys];
          return { status: 201, body: { integration: made, accessKey: 'wfk_secretsecretsecretsecretsecretse123456' } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('form', { name: 'New access key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Payroll');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'The key “Payroll”' });
    // Under the dialog (hidden from the accessibility tree while it is open), the list already shows it.
    await screen.findByRole('rowgroup', { name: 'Payroll', hidden: true });
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('rowgroup', { name: 'Payroll' })));
  });

  it('closes the untouched New key form on Escape, focus back on its button, and keeps a form with typed text', async () => {
    const { user, form } = await openNewKeyForm();
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New access key' })).toBeNull();
    const open = screen.getByRole('button', { name: 'New key' });
    await waitFor(() => expect(document.activeElement).toBe(open));

    await user.click(open);
    const again = await screen.findByRole('form', { name: 'New access key' });
    await user.type(within(again).getByRole('textbox', { name: 'Name' }), 'Half');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('form', { name: 'New access key' })).toBe(again);
    expect((within(again).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Half');
  });
});
