/**
 * A NUL character pasted into a form is refused by the contract's schema (text():
 * PostgreSQL refuses NUL in text) before any call, with a message in the user's language.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, screenPosts } from '../../test/app';

describe('a character that cannot be saved', () => {
  it('is shown as a field problem and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = renderSignedIn('/keys', { api: { 'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }) } });
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const form = await screen.findByRole('form', { name: 'New access key' });
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('LMS\u0000');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Nightly sync');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('This text contains a character that cannot be saved')).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);
  });
});
