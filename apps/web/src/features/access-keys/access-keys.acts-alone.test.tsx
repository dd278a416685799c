/** Whether an access key acts on its own, on the keys screen: chosen in the New key form (off unless chosen), shown in each key's row, changed in its edit form. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccessKey, openNewKeyForm } from '../../test/access-keys';
import { renderSignedIn, screenPosts } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an access key acting on its own, on the keys screen', () => {
  it('is off in the New key form, says what it means, and is sent when chosen by keyboard', async () => {
    const { user, calls, form } = await openNewKeyForm();
    const choice = within(form).getByRole('checkbox', { name: 'Acts on its own' }) as HTMLInputElement;
    expect(choice.checked).toBe(false);
    // Its consequence is its description, read with it.
    expect(choice.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(choice.getAttribute('aria-describedby')!)?.textContent).toMatch(/without a person’s idToken/);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nightly HR sync');
    choice.focus();
    await user.keyboard(' ');
    expect(choice.checked).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByRole('dialog', { name: 'The key “Nightly HR sync”' })).toBeTruthy();
    expect(screenPosts(calls)[0]?.body).toEqual({ name: 'Nightly HR sync', description: '', permissions: 'full', actsAlone: true });
  });

  it("says in each key's row whether it acts on its own or needs an API user's idToken", async () => {
    renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({
          body: { integrations: [anAccessKey(1, { actsAlone: true }), anAccessKey(2)], total: 2 },
        }),
      },
    });
    const shown = async (name: string) => (await screen.findByRole('rowgroup', { name })).querySelector('[data-acts-alone]')?.textContent;
    expect(await shown('Key 1')).toBe('Acts on its own, without a person’s idToken');
    expect(await shown('Key 2')).toBe('Calls with an API user’s idToken');
  });

  it("opens a key's edit form with its choice, and saves turning it off", async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/keys', {
      api: {
        'GET /api/integrations': () => ({ body: { integrations: [anAccessKey(1, { actsAlone: true })], total: 1 } }),
        'PUT /api/integration/00000000-0000-4000-8000-000000000001': ({ body }) => ({
          body: { integration: anAccessKey(1, body as object) },
        }),
      },
    });
    const row = await screen.findByRole('rowgroup', { name: 'Key 1' });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = within(row).getByRole('form', { name: 'Edit Key 1' });
    const choice = within(form).getByRole('checkbox', { name: 'Acts on its own' }) as HTMLInputElement;
    expect(choice.checked).toBe(true);
    await user.click(choice);
    expect(choice.checked).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The key was saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ name: 'Key 1', description: 'Used by system 1', permissions: 'full', actsAlone: false });
  });
});
