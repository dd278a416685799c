/**
 * The Request log screen in jsdom against a scripted API held to the contracts: the menu's
 * entry; the calls newest first with their route, status, duration and key; the filters (key,
 * status class, route, days) in the address and in the calls, read back from a shared
 * address in French; "load more" by the cursor; the empty, unmatched and failed states; a
 * call's details, closed by Escape with the focus back on its button.
 */
import type { RequestLogEntry } from '@console/contracts/request-log';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAccessKey } from '../../test/access-keys';
import { type ApiCall, renderSignedIn } from '../../test/app';

afterEach(() => {
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const hrSync = { id: id(201), name: 'Nightly HR sync' };
const lms = { id: id(202), name: 'LMS' };

function call(n: number, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    occurredAt: `2026-11-27T1${n % 10}:00:00.000Z`,
    accessKey: hrSync,
    method: 'GET',
    route: '/v1/users',
    status: 200,
    durationMs: 12.4,
    requestId: `req-${n}`,
    ip: '203.0.113.7',
    userAgent: 'hr-sync/1.0',
    errorCode: null,
    ...overrides,
  };
}

const log = [
  call(3),
  call(2, { method: 'POST', route: '/v1/users', status: 409, errorCode: 'USER_EXISTS', accessKey: lms, durationMs: 40 }),
  call(1, { route: '/v1/users/:id/skills', status: 500, errorCode: 'INTERNAL' }),
];

const params = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
const logCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/request-log')).map((c) => c.path);
const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname + router.state.location.search;
const rows = (name = 'Calls') =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(1, 5).map((c) => c.textContent));

/** A server that filters by key and status class as the real one does, and pages by `after`. */
function server(all: RequestLogEntry[] = log) {
  return ({ path }: { path: string }) => {
    const p = params(path);
    if (p.after === 'page-2') return { body: { requests: [call(9, { requestId: 'older' })], next: null } };
    const found = all.filter(
      (r) =>
        (!p.accessKeyId || r.accessKey.id === p.accessKeyId) &&
        (!p.status || `${String(r.status)[0]}xx` === p.status) &&
        (!p.route || r.route === p.route),
    );
    return { body: { requests: found, next: p.status === '2xx' ? 'page-2' : null } };
  };
}

const keys = () => ({
  body: { integrations: [hrSync, lms].map((k, i) => anAccessKey(i + 1, { id: k.id, name: k.name })), total: 2 },
});

describe('the request log', () => {
  it('is in the menu, next to the audit trail, and lists the calls with their status, duration and key', async () => {
    const { calls } = renderSignedIn('/dashboard', { api: { 'GET /api/request-log': server(), 'GET /api/integrations': keys } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the navigation menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.indexOf('Request log')).toBe(links.indexOf('Audit trail') + 1);
    fireEvent.click(within(nav).getByRole('link', { name: 'Request log' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request log' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Calls' });
    expect(rows()).toEqual([
      ['GET /v1/users', '200', '12.4 ms', 'Nightly HR sync'],
      ['POST /v1/users', '409USER_EXISTS', '40 ms', 'LMS'],
      ['GET /v1/users/:id/skills', '500INTERNAL', '12.4 ms', 'Nightly HR sync'],
    ]);
    expect(screen.getByText('3 calls shown')).toBeTruthy();
    expect(logCalls(calls)).toEqual(['/api/request-log']);
  });

  it('filters by key, status class and route, in the address and the calls, and loads more by the cursor', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderSignedIn('/request-log', {
      api: { 'GET /api/request-log': server(), 'GET /api/integrations': keys },
    });
    await screen.findByRole('table', { name: 'Calls' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: '4xx: refused (the caller’s error)' }));
    await waitFor(() => expect(rows()).toEqual([['POST /v1/users', '409USER_EXISTS', '40 ms', 'LMS']]));
    expect(where(router)).toBe('/request-log?status=4xx');
    await user.click(screen.getByRole('combobox', { name: 'Access key' }));
    await user.click(await screen.findByRole('option', { name: 'LMS' }));
    await waitFor(() => expect(params(logCalls(calls).at(-1)!)).toEqual({ status: '4xx', accessKeyId: lms.id }));
    await user.click(screen.getByRole('combobox', { name: 'Route' }));
    await user.click(await screen.findByRole('option', { name: '/v1/users' }));
    await waitFor(() => expect(params(logCalls(calls).at(-1)!)).toEqual({ status: '4xx', accessKeyId: lms.id, route: '/v1/users' }));
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(where(router)).toBe('/request-log'));

    await router.navigate('/request-log?status=2xx');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(logCalls(calls).at(-1)).toBe('/api/request-log?status=2xx&after=page-2');
  });

  it('reads its filters from a shared address, in French, and drops what is not one', async () => {
    const { calls } = renderSignedIn(`/fr/request-log?accessKeyId=${hrSync.id}&status=5xx&route=/v1/nope&from=2026-11-01&to=2026-02-30`, {
      api: { 'GET /api/request-log': server(), 'GET /api/integrations': keys },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal des requêtes' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Appels' });
    const asked = params(logCalls(calls).at(-1)!);
    expect(asked.accessKeyId).toBe(hrSync.id);
    expect(asked.status).toBe('5xx');
    expect(asked.route).toBeUndefined();
    expect(asked.to).toBeUndefined();
    expect(new Date(asked.from).getDate()).toBe(1);
    expect(screen.getByText('1 appel affiché')).toBeTruthy();
  });

  it('says when nothing was called, when nothing matches, and when the log could not be loaded', async () => {
    const { router } = renderSignedIn('/request-log', {
      api: {
        'GET /api/integrations': keys,
        'GET /api/request-log': ({ path }) =>
          params(path).status === '5xx'
            ? { status: 400, body: { statusCode: 400, code: 'REQUEST_LOG_CURSOR_INVALID', message: 'Bad cursor' } }
            : { body: { requests: [], next: null } },
      },
    });
    expect(await screen.findByText(/^No call of the API yet\./)).toBeTruthy();
    await router.navigate('/request-log?status=2xx');
    expect(await screen.findByText('No call matches these filters. Change or clear them to see more.')).toBeTruthy();
    await router.navigate('/request-log?status=5xx');
    // A refusal the console knows is told in the reader's words.
    expect(await screen.findByText(/The request log has changed\. Reload the page/)).toBeTruthy();
  });

  it('shows a call’s details read-only; Escape closes them and the focus goes back to its button', async () => {
    const user = userEvent.setup();
    renderSignedIn('/request-log', { api: { 'GET /api/request-log': server(), 'GET /api/integrations': keys } });
    await screen.findByRole('table', { name: 'Calls' });
    const button = screen.getByRole('button', { name: 'Details: POST /v1/users' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Call details' });
    const field = (label: string) =>
      within(dialog)
        .getAllByText(label)
        .find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;
    expect(field('Call')).toBe('POST /v1/users');
    expect(field('Error code')).toBe('USER_EXISTS');
    expect(field('Access key')).toBe(`LMS (${lms.id})`);
    expect(field('Request ID')).toBe('req-2');
    expect(field('IP address')).toBe('203.0.113.7');
    expect(field('User agent')).toBe('hr-sync/1.0');
    expect(within(dialog).getByRole('button', { name: 'Copy the request ID' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
