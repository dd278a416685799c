/** An access key's permissions on the keys screen: chosen in the New key form, shown in each key's row, changed in its edit form. */
import { NO_AREAS } from '@console/contracts/access-key-permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccessKey, openNewKeyForm } from '../../test/access-keys';
import { renderSignedIn, screenPosts } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const usersRead = { ...NO_AREAS, users: 'read' } as const;

describe('access key permissions on the keys screen', () => {
  it('makes a key with full access unless areas are chosen, and sends the chosen levels', async () => {
    const { user, calls, form } = await openNewKeyForm();
    const permissions = within(form).getByRole('radiogroup', { name: 'Permissions in the integration API' });
    expect((within(permissions).getByRole('radio', { name: 'Full access' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByText('Every area of the API, including areas added later.')).toBeTruthy();
    expect(within(form).queryByRole('combobox', { name: 'Users' })).toBeNull();

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'HR sync');
    await user.click(within(permissions).getByRole('radio', { name: 'Chosen per area' }));
    const areas = within(form).getAllByRole('combobox');
    const names = [
      'Users',
      'User imports',
      'Workflows and workspaces',
      'Analytics and skills',
      'Events',
      'Webhooks',
      'Single sign-on and domains',
    ];
    expect(areas).toEqual(names.map((name) => within(form).getByRole('combobox', { name })));
    expect(areas.every((a) => (a as HTMLSelectElement).value === 'none')).toBe(true);
    const users = within(form).getByRole('combobox', { name: 'Users' });
    expect(
      within(users)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Read', 'Read and write']);
    await user.selectOptions(users, 'read');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('dialog', { name: 'The key “HR sync”' })).toBeTruthy();
    expect(screenPosts(calls)[0]?.body).toEqual({ name: 'HR sync', description: '', permissions: usersRead, actsAlone: false });
  });

  it("shows each key's permissions in its row: full access, the areas it may use, or none", async () => {
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({
          body: {
            integrations: [
              anAccessKey(1),
              anAccessKey(2, { permissions: { ...usersRead, webhooks: 'write' } }),
              anAccessKey(3, { permissions: NO_AREAS }),
            ],
            total: 3,
          },
        }),
      },
    });
    const shown = async (name: string) => (await screen.findByRole('rowgroup', { name })).querySelector('[data-permissions]')?.textContent;
    expect(await shown('Key 1')).toBe('Permissions: full access');
    expect(await shown('Key 2')).toBe('Permissions: Users (read) · Webhooks (read and write)');
    expect(await shown('Key 3')).toBe('Permissions: no area');
  });

  it("opens a key's edit form on its permissions, and saves a change of them", async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: [anAccessKey(1, { permissions: usersRead })], total: 1 } }),
        'PUT /api/integration/00000000-0000-4000-8000-000000000001': ({ body }) => ({
          body: { integration: anAccessKey(1, body as object) },
        }),
      },
    });
    const row = await screen.findByRole('rowgroup', { name: 'Key 1' });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = within(row).getByRole('form', { name: 'Edit Key 1' });
    expect((within(form).getByRole('radio', { name: 'Chosen per area' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('combobox', { name: 'Users' }) as HTMLSelectElement).value).toBe('read');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Webhooks' }), 'write');
    // Full access and back keeps the areas chosen.
    await user.click(within(form).getByRole('radio', { name: 'Full access' }));
    expect(within(form).queryByRole('combobox', { name: 'Users' })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Chosen per area' }));
    expect((within(form).getByRole('combobox', { name: 'Webhooks' }) as HTMLSelectElement).value).toBe('write');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The key was saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Key 1',
      description: 'Used by system 1',
      permissions: { ...usersRead, webhooks: 'write' },
      actsAlone: false,
    });
  });
});
