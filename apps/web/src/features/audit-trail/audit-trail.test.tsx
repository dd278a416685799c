/**
 * The audit trail in jsdom against a scripted API held to the contracts: the events as
 * sentences with their actor's kind and time, newest first as the server answers; the menu's
 * entry; the filters (actions by area, an actor and a target from an event as removable chips,
 * days, words) in the address and in the calls, reloaded from a shared address; "load more"
 * by the cursor; the export links with the same filters; an event's details, closed by Escape
 * with the focus back on its button; the same trail on the staff organization page, read-only
 * staff included.
 */
import { type EventView, staffAsCustomersSeeThem } from '@console/contracts/events';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { type ApiCall, renderSignedIn } from '../../test/app';
import { anOrganization } from '../../test/organizations';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const nadia = { type: 'user' as const, id: id(101), name: 'Nadia Fischer', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11) Firefox/140' };

function event(n: number, overrides: Partial<EventView> = {}): EventView {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    action: 'access_key.rolled',
    occurredAt: `2026-11-27T1${n % 10}:00:00.000Z`,
    organizationId: id(2),
    actor: nadia,
    targets: [{ type: 'access_key', id: id(201), name: 'LMS sync' }],
    data: { gracePeriod: '24h' },
    ...overrides,
  };
}

const trail = [
  event(3),
  event(2, {
    action: 'scim.user.created',
    actor: { type: 'scim_token', id: id(301), name: 'Okta token' },
    targets: [{ type: 'user', id: id(401), name: 'Quinn Zed' }],
    data: {},
  }),
  event(1, {
    action: 'user_import.completed',
    actor: { type: 'system', id: null, name: 'system' },
    targets: [{ type: 'user_import', id: id(501), name: 'staff.csv' }],
    data: { created: 40000, updated: 0 },
  }),
];

const params = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
const eventCalls = (calls: ApiCall[], prefix = '/api/events') => calls.filter((c) => c.path.startsWith(prefix)).map((c) => c.path);
const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname + router.state.location.search;
const rows = (name = 'Events') =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent));

/** The value of a details dialog's row, by its label. */
const detailOf = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByText(label)
    .find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;

/** A server that filters by actor and target as the real one does, and pages by `after`. */
function server(all: EventView[] = trail) {
  return ({ path }: { path: string }) => {
    const p = params(path);
    let found = all.filter(
      (e) =>
        (!p.actorId || e.actor.id === p.actorId) &&
        (!p.targetId || e.targets.some((t) => t.id === p.targetId)) &&
        (!p.actions || p.actions.split(',').includes(e.action)),
    );
    if (p.after === 'page-2')
      return {
        body: {
          events: [event(9, { action: 'access_key.deleted', targets: [{ type: 'access_key', id: id(202), name: 'Old key' }] })],
          next: null,
        },
      };
    found = found.slice(0, 3);
    return { body: { events: found, next: p.q === 'more' ? 'page-2' : null } };
  };
}

describe('the audit trail', () => {
  it('is in the menu and lists the events as sentences, with the actor’s kind and the time in the console’s date format', async () => {
    const { calls } = renderSignedIn('/dashboard', { api: { 'GET /api/events': server() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the navigation menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Audit trail' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeTruthy();
    expect(document.title).toBe('Audit trail Integrations');
    await screen.findByRole('table', { name: 'Events' });
    // The console's one date format (YYYY-MM-DD HH:mm, in the reader's time zone), as on every other page.
    const time = formatDateTime(trail[0].occurredAt);
    expect(time).toMatch(/^2026-11-2[67] \d\d:\d\d$/);
    expect(rows()).toEqual([
      [time, 'Nadia Fischer rolled the access key LMS sync', 'Person'],
      [expect.any(String), 'Okta token created the user Quinn Zed', 'SCIM token'],
      [expect.any(String), 'The import of staff.csv completed', 'System'],
    ]);
    expect(screen.getByText('3 events shown')).toBeTruthy();
    expect(eventCalls(calls)).toEqual(['/api/events']);
  });

  it('filters by actor from an event, shown as a removable chip named after it, in the address and the export links', async () => {
    const { calls, router } = renderSignedIn(`/audit-trail?actions=access_key.rolled`, { api: { 'GET /api/events': server() } });
    await screen.findByRole('table', { name: 'Events' });
    fireEvent.click(screen.getByRole('button', { name: 'Filter by this event: Nadia Fischer rolled the access key LMS sync' }));
    const onlyNadia = await screen.findByRole('menuitem', { name: 'Only what Nadia Fischer did' });
    // A long name wraps inside a menu no wider than the screen.
    expect(getComputedStyle(onlyNadia).whiteSpace).toBe('normal');
    expect(getComputedStyle(onlyNadia).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(onlyNadia.closest('.MuiPaper-root') as HTMLElement).maxWidth).toBe('min(480px, calc(100vw - 32px))');
    fireEvent.click(onlyNadia);
    await waitFor(() => expect(params(eventCalls(calls).at(-1) ?? '')).toEqual({ actorId: nadia.id, actions: 'access_key.rolled' }));
    expect(where(router)).toBe(`/audit-trail?actions=access_key.rolled&actorId=${nadia.id}`);
    const chip = await screen.findByRole('button', { name: 'Remove the filter “Actor: Nadia Fischer”' });

    // The export downloads what the screen shows: the same filters.
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.hasAttribute('download')).toBe(true);
    expect(new URL(csv.getAttribute('href') ?? '', 'http://x').pathname).toBe('/api/events/export');
    expect(params(csv.getAttribute('href') ?? '')).toEqual({ actorId: nadia.id, actions: 'access_key.rolled', format: 'csv' });
    expect(params(screen.getByRole('link', { name: 'Export JSON lines' }).getAttribute('href') ?? '')).toEqual({
      actorId: nadia.id,
      actions: 'access_key.rolled',
      format: 'jsonl',
    });

    // The chip goes by a click (or Delete), the other filters stay; "Clear the filters" takes them all.
    fireEvent.click(chip);
    await waitFor(() => expect(where(router)).toBe('/audit-trail?actions=access_key.rolled'));
    await waitFor(() => expect(chip.isConnected).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(where(router)).toBe('/audit-trail'));
    await waitFor(() => expect(eventCalls(calls).at(-1)).toBe('/api/events'));
  });

  it('filters by actions grouped by area: an area’s line chooses all of its actions, an action’s line only it', async () => {
    const { calls, router } = renderSignedIn('/audit-trail', { api: { 'GET /api/events': server() } });
    await screen.findByRole('table', { name: 'Events' });
    const select = screen.getByRole('combobox', { name: 'Actions' });
    expect(select.textContent).toBe('All actions');
    fireEvent.mouseDown(select);
    // By its text: a role query over the 55 options and the page takes seconds in jsdom.
    const listbox = await waitFor(() => document.querySelector('[role="listbox"]') as HTMLElement);
    const option = (name: string) => within(listbox).getByText(name).closest('li') as HTMLElement;
    expect(option('Access keys').getAttribute('role')).toBe('option');
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true');
    fireEvent.click(option('Access keys'));
    await waitFor(() => expect(select.textContent).toBe('Access keys'));
    expect(params(where(router)).actions).toBe(
      'access_key.created,access_key.updated,access_key.permissions_changed,access_key.acts_alone_changed,access_key.rolled,access_key.deleted',
    );
    fireEvent.click(option('Key deleted'));
    await waitFor(() => expect(select.textContent).toBe('5 actions'));
    fireEvent.click(option('Signed in'));
    await waitFor(() => expect(select.textContent).toBe('6 actions'));
    expect(option('Signed in').getAttribute('aria-selected')).toBe('true');
    expect(option('Key deleted').getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(listbox, { key: 'Escape' });
    const chosen =
      'access_key.created,access_key.updated,access_key.permissions_changed,access_key.acts_alone_changed,access_key.rolled,session.signed_in';
    await waitFor(() => expect(params(eventCalls(calls).at(-1) ?? '')).toEqual({ actions: chosen }));
    expect(params(where(router))).toEqual({ actions: chosen });
  });

  it('reopens a shared address with its filters: target chip, days as the reader’s whole days, words; ignores what no filter is', async () => {
    const { calls } = renderSignedIn(
      `/fr/audit-trail?targetId=${id(401)}&from=2026-11-01&to=2026-11-27&q=quinn&actions=nope,scim.user.created&actorId=x`,
      {
        api: { 'GET /api/events': server() },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Événements' });
    expect(rows('Événements')).toEqual([[expect.any(String), 'Okta token a créé l’utilisateur Quinn Zed', 'Jeton SCIM']]);
    expect(await screen.findByRole('button', { name: 'Retirer le filtre « Cible : Quinn Zed »' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveProperty('value', 'quinn');
    expect(screen.getByLabelText('Du')).toHaveProperty('value', '2026-11-01');
    const asked = params(eventCalls(calls)[0]);
    expect(asked).toEqual({
      actions: 'scim.user.created',
      targetId: id(401),
      q: 'quinn',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 28).toISOString(),
    });
  });

  it('sends the search as typed, accents and case kept (the server folds both), in French', async () => {
    const { calls, router } = renderSignedIn('/fr/audit-trail', { api: { 'GET /api/events': server() } });
    const search = await screen.findByRole('searchbox');
    fireEvent.change(search, { target: { value: 'Müller Peña' } });
    await waitFor(() => expect(params(eventCalls(calls).at(-1)!)).toEqual({ q: 'Müller Peña' }));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Müller Peña');
  });

  it('searches target names after a pause in typing and loads more by the cursor', async () => {
    const { calls, router } = renderSignedIn('/audit-trail', { api: { 'GET /api/events': server() } });
    await screen.findByRole('table', { name: 'Events' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const text of ['m', 'mo', 'more ']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(eventCalls(calls).at(-1)).toBe('/api/events?q=more'));
    expect(eventCalls(calls)).toEqual(['/api/events', '/api/events?q=more']);
    expect(where(router)).toBe('/audit-trail?q=more');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Nadia Fischer deleted the access key Old key')).toBeTruthy();
    expect(eventCalls(calls).at(-1)).toBe('/api/events?q=more&after=page-2');
    expect(screen.getByText('4 events shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing is recorded, when nothing matches, and when the trail could not be loaded', async () => {
    const { router } = renderSignedIn('/audit-trail', {
      api: {
        'GET /api/events': ({ path }) =>
          params(path).q === 'boom'
            ? { status: 400, body: { statusCode: 400, code: 'EVENTS_CURSOR_INVALID', message: 'Bad cursor' } }
            : { body: { events: [], next: null } },
      },
    });
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeTruthy();
    await router.navigate('/audit-trail?actions=session.signed_in');
    expect(await screen.findByText('No event matches these filters. Change or clear them to see more.')).toBeTruthy();
    await router.navigate('/audit-trail?q=boom');
    expect(await screen.findByText('The audit trail could not be loaded.')).toBeTruthy();
  });

  it('shows an event’s details read-only; Escape closes them and the focus goes back to its button', async () => {
    const user = userEvent.setup();
    const setting = event(4, {
      action: 'organization.setting.changed',
      targets: [{ type: 'organization', id: id(2), name: 'Acme' }],
      data: { key: 'publicSharing', before: false, after: true },
    });
    renderSignedIn('/audit-trail', { api: { 'GET /api/events': server([setting, ...trail]) } });
    await screen.findByRole('table', { name: 'Events' });
    const button = screen.getByRole('button', { name: 'Details: Nadia Fischer changed the setting “Public sharing” of Acme' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Event details' });
    // A wide dialog, as the import errors (decision 060): its JSON documents do not fit the 450 px of
    // short details (jsdom applies no media query, so only the 450 px one is told apart here).
    expect(getComputedStyle(dialog).maxWidth).not.toBe('450px');
    const field = (label: string) => detailOf(dialog, label);
    expect(field('Action')).toBe('Setting changed (organization.setting.changed)');
    expect(field('Actor')).toBe('Nadia FischerPerson');
    expect(field('IP address')).toBe('203.0.113.7');
    expect(field('User agent')).toBe('Mozilla/5.0 (X11) Firefox/140');
    expect(field('Targets')).toBe(`Organization: Acme (${id(2)})`);
    expect(field('Before')).toBe('false');
    expect(field('After')).toBe('true');
    expect(field('Data')).toBe(JSON.stringify({ key: 'publicSharing' }, null, 2));
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('the provider’s staff on an organization’s trail', () => {
  it('reads as the provider’s staff, with no name, address or browser, and offers no filter by that actor', async () => {
    const user = userEvent.setup();
    const renamed = event(5, {
      action: 'organization.updated',
      actor: staffAsCustomersSeeThem,
      targets: [{ type: 'organization', id: id(2), name: 'Acme' }],
      data: {},
    });
    renderSignedIn('/audit-trail', { api: { 'GET /api/events': server([renamed]) } });
    await screen.findByRole('table', { name: 'Events' });
    expect(rows()).toEqual([[expect.any(String), 'The provider’s staff changed the organization Acme', 'Staff']]);
    await user.click(screen.getByRole('button', { name: 'Details: The provider’s staff changed the organization Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event details' });
    const field = (label: string) => detailOf(dialog, label);
    expect(field('Actor')).toBe('The provider’s staffStaff');
    expect(field('IP address')).toBe('Not known');
    expect(field('User agent')).toBe('Not known');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Filter by this event: The provider’s staff changed the organization Acme' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([expect.stringContaining('Acme')]);
  });
});

describe('the trail on the staff organization page', () => {
  const acme = anOrganization(2, { name: 'Acme Manufacturing', clientKey: 'acme', workspacesCount: 1 });

  for (const as of ['staff', 'staffReader'] as const)
    it(`shows the organization’s events to ${as === 'staff' ? 'staff' : 'read-only staff'}, filtered by target, exported from the organization’s route`, async () => {
      const user = userEvent.setup();
      const { calls, router } = renderSignedIn(`/super/organizations/${acme.id}`, {
        as,
        api: {
          [`GET /api/organization/${acme.id}`]: () => ({ body: { organization: acme } }),
          [`GET /api/organization/${acme.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
          [`GET /api/organization/${acme.id}/events`]: server(),
        },
      });
      const section = await screen.findByRole('region', { name: 'Audit trail' });
      await within(section).findByRole('table', { name: 'Events' });
      expect(within(section).getByText('Nadia Fischer rolled the access key LMS sync')).toBeTruthy();
      await user.click(within(section).getByRole('button', { name: 'Filter by this event: Okta token created the user Quinn Zed' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Only events naming Quinn Zed' }));
      await waitFor(() => expect(where(router)).toBe(`/super/organizations/${acme.id}?targetId=${id(401)}`));
      await waitFor(() =>
        expect(eventCalls(calls, `/api/organization/${acme.id}/events`).at(-1)).toBe(
          `/api/organization/${acme.id}/events?targetId=${id(401)}`,
        ),
      );
      const csv = within(section).getByRole('link', { name: 'Export CSV' });
      expect(csv.getAttribute('href')).toBe(`/api/organization/${acme.id}/events/export?targetId=${id(401)}&format=csv`);
      expect(eventCalls(calls)).toEqual([]);
    });
});
