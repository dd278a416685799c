/**
 * Read-only staff who are not their organization's admin (as the demo's reader@ is): they are
 * offered only what they may use (lib/permissions.ts), never a screen or button the server
 * would refuse.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderSignedIn, staff } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const reader = { ...staff(['read']), role: 'viewer' as const };
const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname;

it('gives them a dashboard of their account only: no card that could only say "no permission", no call refused', async () => {
  const { calls } = renderSignedIn('/dashboard', { as: reader });
  const account = await screen.findByRole('heading', { name: 'Your account' });
  // The grid's places are there from the first render (the lazy cards' as loading lines): one.
  expect(account.closest('.MuiGrid-container')?.children).toHaveLength(1);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(calls.map((c) => c.path).filter((p) => !/^\/api\/(app-config|auth\/me|auth\/track-activity)/.test(p))).toEqual([]);
});

it('shows them the Dashboard and Super entries of the menu only', async () => {
  renderSignedIn('/dashboard', { as: reader });
  await screen.findByRole('heading', { name: 'Your account' });
  const button = screen.queryByRole('button', { name: 'Open the navigation menu' });
  if (button) fireEvent.click(button);
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  await waitFor(() =>
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Super']),
  );
});

it('sends them from a page of the regular area to the Super home, in their language, before the page loads', async () => {
  const { router, calls } = renderSignedIn('/es/keys', { as: reader });
  await waitFor(() => expect(where(router)).toBe('/es/super'));
  expect(screen.queryByRole('button', { name: 'Nueva clave' })).toBeNull();
  expect(calls.some((c) => c.path.startsWith('/api/integrations'))).toBe(false);
});

it('keeps the regular area for staff who are their organization’s admin', async () => {
  const { router } = renderSignedIn('/keys', {
    as: 'staffReader',
    api: { 'GET /api/integrations': () => ({ body: { integrations: [], total: 0 } }) },
  });
  expect(await screen.findByRole('button', { name: 'New key' })).toBeTruthy();
  expect(where(router)).toBe('/keys');
});
