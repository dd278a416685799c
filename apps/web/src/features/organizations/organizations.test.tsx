/**
 * The Super area in jsdom against a scripted API: the menu entry for staff only, the
 * Super home, the organization list (pages, debounced name filter, disabled rows, the
 * read link by role type) and the organization page (fields, admins, copy id, trail, 404,
 * edit, and the typed-name confirmation of disabling).
 */
import type { OrganizationListItem, OrganizationView } from '@console/contracts/organizations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Persona, renderSignedIn, staff } from '../../test/app';
import { anOrganizationListItem, organizationId as orgId } from '../../test/organizations';

type Handlers = NonNullable<Parameters<typeof renderSignedIn>[1]>['api'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname + router.state.location.search;

const org = (n: number, overrides: Partial<OrganizationListItem> = {}) =>
  anOrganizationListItem(n, { name: `Org ${String(n).padStart(2, '0')}`, ...overrides });

/** A server that pages and filters like the real one: 20 a page, name contains q without case, disabled only on request. */
function listHandler(all: OrganizationListItem[]) {
  return ({ path }: { path: string }) => {
    const params = new URL(path, 'http://x').searchParams;
    const page = Number(params.get('page'));
    const q = (params.get('q') ?? '').toLowerCase();
    const rows = all.filter((o) => o.name.toLowerCase().includes(q) && (params.get('disabled') === 'true' || !o.disabled));
    return { body: { organizations: rows.slice((page - 1) * 20, page * 20), total: rows.length } };
  };
}

const listCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/organizations')).map((c) => c.path);

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open the navigation menu' }));
  return screen.findByRole('navigation', { name: 'Main menu' });
}

describe('the Super entry', () => {
  it('is in the left menu for staff and leads to the Super home, whose card opens the organizations', async () => {
    const { router } = renderSignedIn('/dashboard', { as: 'staff', api: { 'GET /api/organizations': listHandler([org(1)]) } });
    const nav = await openMenu();
    fireEvent.click(await within(nav).findByRole('link', { name: 'Super' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Super' })).toBeTruthy();
    expect(document.title).toBe('Super Integrations');
    expect(where(router)).toBe('/super');
    const card = screen.getAllByRole('listitem')[0];
    expect(within(card).getByRole('heading', { name: 'Organizations' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('link', { name: 'Open: Organizations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organizations' })).toBeTruthy();
    expect(where(router)).toBe('/super/organizations');
  });

  it('is not in the menu of an Organizational Admin', async () => {
    renderSignedIn('/dashboard', { as: 'orgAdmin' });
    const nav = await openMenu();
    expect(await within(nav).findByRole('link', { name: 'Keys' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Super' })).toBeNull();
  });

  it('is not offered to staff signed in with a password, who go to the dashboard from /super', async () => {
    const { router } = renderSignedIn('/es/super', { as: { ...staff(), signInProvider: 'password' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy();
    expect(where(router)).toBe('/es/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el menú de navegación' }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).queryByRole('link', { name: 'Superadministración' })).toBeNull();
  });
});

describe('the organization list', () => {
  it('lists 20 organizations with disabled ones greyed, and loads the next page on demand', async () => {
    const all = Array.from({ length: 25 }, (_, i) => org(i + 1, i === 2 ? { disabled: true, disabledAt: '2026-06-01T00:00:00.000Z' } : {}));
    all[0] = org(1, { name: 'Org 01', isStaff: true, planType: null, adminsCount: 2, regularUsersCount: 1 });
    const { calls } = renderSignedIn('/super/organizations', { as: 'staff', api: { 'GET /api/organizations': listHandler(all) } });
    expect(await screen.findByText('20 of 25 organizations shown')).toBeTruthy();
    expect(document.title).toBe('Organizations Integrations');

    const first = screen.getByRole('listitem', { name: 'Org 01' });
    expect(within(first).getByText('Staff')).toBeTruthy();
    expect(first.textContent).toContain('No plan · 2 admins · 1 other user');
    const disabled = screen.getByRole('listitem', { name: 'Org 03' });
    expect(disabled.getAttribute('data-disabled')).toBe('true');
    expect(within(disabled).getByText('Disabled')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Org 02' }).getAttribute('data-disabled')).toBe('false');
    expect(screen.getByRole('listitem', { name: 'Org 02' }).textContent).toContain('Plan: Team · 1 admin · 5 other users');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('25 of 25 organizations shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls)).toEqual([
      '/api/organizations?page=1&limit=20&disabled=true',
      '/api/organizations?page=2&limit=20&disabled=true',
    ]);
  });

  it('sends the name as typed, accents and case kept (the server folds both), in Spanish', async () => {
    const all = [org(1, { name: 'Peña Hermanos' }), org(2, { name: 'Globex' })];
    const { calls, router } = renderSignedIn('/es/super/organizations', {
      as: 'staff',
      api: { 'GET /api/organizations': listHandler(all) },
    });
    const filter = await screen.findByRole('searchbox');
    fireEvent.change(filter, { target: { value: 'PEÑA ' } });
    await waitFor(() => expect(new URL(listCalls(calls).at(-1)!, 'http://x').searchParams.get('q')).toBe('PEÑA'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('PEÑA');
  });

  it('filters by name after a pause in typing, keeps the filter in the URL, and hides disabled ones on request', async () => {
    const all = [org(1, { name: 'Acme Manufacturing' }), org(2, { name: 'ACME North', disabled: true }), org(3, { name: 'Globex' })];
    const { calls, router } = renderSignedIn('/super/organizations', { as: 'staff', api: { 'GET /api/organizations': listHandler(all) } });
    await screen.findByRole('listitem', { name: 'Globex' });

    const filter = screen.getByRole('searchbox', { name: 'Filter by name' });
    for (const text of ['a', 'ac', 'acm', 'acme ']) fireEvent.change(filter, { target: { value: text } });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Globex' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Acme Manufacturing' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'ACME North' })).toBeTruthy();
    // One call for the typing: the text once it settled, trimmed.
    expect(listCalls(calls)).toEqual([
      '/api/organizations?page=1&limit=20&disabled=true',
      '/api/organizations?page=1&limit=20&q=acme&disabled=true',
    ]);
    expect(where(router)).toBe('/super/organizations?q=acme');

    fireEvent.click(screen.getByRole('switch', { name: 'Show disabled organizations' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'ACME North' })).toBeNull());
    expect(listCalls(calls).at(-1)).toBe('/api/organizations?page=1&limit=20&q=acme');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'acme', disabled: 'false' });

    fireEvent.change(filter, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No organization matches this filter.')).toBeTruthy();
  });

  it('offers the read button only to staff whose role types include read', async () => {
    renderSignedIn('/super/organizations', { as: staff(['update']), api: { 'GET /api/organizations': listHandler([org(1)]) } });
    const row = await screen.findByRole('listitem', { name: 'Org 01' });
    expect(within(row).queryByRole('link', { name: 'View the details of Org 01' })).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Org 01' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Copy the id of Org 01' })).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    renderSignedIn('/super/organizations', {
      as: 'staff',
      api: {
        'GET /api/organizations': () => ({ status: 400, body: { statusCode: 400, code: 'SOMETHING', message: 'x' } }),
      },
    });
    expect(await screen.findByText('The organization list could not be loaded.')).toBeTruthy();
  });

  it('speaks the locale of the path', async () => {
    renderSignedIn('/fr/super/organizations', { as: 'staff', api: { 'GET /api/organizations': listHandler([org(1), org(2)]) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisations' })).toBeTruthy();
    expect(await screen.findByText('Organisations affichées : 2 sur 2')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Afficher les organisations désactivées' })).toBeTruthy();
  });
});

describe('the organization list in Portuguese', () => {
  it('writes counts in the page’s locale, says a count of 0 in words, and agrees "shown" with the total', async () => {
    renderSignedIn('/pt/super/organizations', {
      as: 'staff',
      api: { 'GET /api/organizations': listHandler([org(1, { adminsCount: 0, regularUsersCount: 115526 })]) },
    });
    const row = await screen.findByRole('listitem', { name: 'Org 01' });
    // Not "0 administrador · 115526 outros usuários" (CLDR counts 0 with "one" in Portuguese).
    expect(row.textContent).toContain('nenhum administrador · 115.526 outros usuários');
    // Not "1 de 1 organizações exibida".
    expect(screen.getByText('1 de 1 organização exibida')).toBeTruthy();
  });
});

describe('the organization details', () => {
  const details: OrganizationView = {
    ...org(7, { name: 'Acme Manufacturing', planType: 'Enterprise', defaultGroup: 'Operations', adminsCount: 1 }),
    workspacesCount: 4,
    admins: [
      { id: orgId(90), displayName: 'Ada Admin', email: 'ada@acme.example', disabled: false },
      { id: orgId(91), displayName: 'Gone Admin', email: 'gone@acme.example', disabled: true },
    ],
    moreAdmins: 0,
  };

  function localMinute(iso: string) {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  }

  /** The organization page's other calls: no managers, no imports. */
  const pageCalls = (id: string): Handlers => ({
    [`GET /api/organization/${id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
    [`GET /api/organization/${id}/importStatus`]: () => ({
      body: {
        importStatus: {
          userImports: {
            counts: { processing: 0, awaiting_confirmation: 0, error: 0, validation_error: 0, completed: 2, stopped: 0 },
            latest: [],
          },
          workflowImports: { total: 0, latest: [] },
        },
      },
    }),
  });

  it('is a page of its own, opened from the list: details, admins, managers, imports, and the way back with the filter', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { router } = renderSignedIn('/super/organizations?q=acme', {
      as: 'staffReader',
      api: {
        'GET /api/organizations': listHandler([org(6), details]),
        [`GET /api/organization/${details.id}`]: () => ({ body: { organization: details } }),
        ...pageCalls(details.id),
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Acme Manufacturing' });
    expect(within(row).getByRole('link', { name: 'Acme Manufacturing' }).getAttribute('href')).toBe(`/super/organizations/${details.id}`);
    fireEvent.click(within(row).getByRole('link', { name: 'View the details of Acme Manufacturing' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeTruthy();
    expect(where(router)).toBe(`/super/organizations/${details.id}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    const section = await screen.findByRole('region', { name: 'Organization details' });
    await within(section).findByText('Operations');
    const field = (label: string) =>
      within(section)
        .getAllByText(label)
        .find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;
    expect(field('Plan type')).toBe('Enterprise');
    expect(field('Default group')).toBe('Operations');
    expect(field('Created')).toBe(localMinute(details.createdAt));
    expect(field('Created')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(field('Workspaces')).toBe('4');
    expect(field('Enabled users')).toBe('1 admin, 5 other users');
    const admins = screen.getByRole('table', { name: 'Admin users' });
    const rows = within(admins)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Name', 'E-mail'],
      ['Ada Admin', 'ada@acme.example'],
      ['Gone Admin (disabled)', 'gone@acme.example'],
    ]);
    // On a phone each admin is a block, the e-mail under its column's name (lib/stacked-table.ts).
    expect(
      within(admins)
        .getAllByText(/@acme\.example$/)
        .map((e) => e.closest('td')?.getAttribute('data-label')),
    ).toEqual(['E-mail', 'E-mail']);
    expect(await screen.findByText('This organization has no managers yet.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'User imports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(`/super/organizations/${details.id}/settings`);
    // Staff who may only read: no edit, no danger zone.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable organization' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Copy the organization id' }));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(details.id);

    // The trail: Super › Organizations (the list as it was left) › Acme Manufacturing.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByText('Acme Manufacturing').getAttribute('aria-current')).toBe('page');
    expect(within(trail).getByRole('link', { name: 'Super' }).getAttribute('href')).toBe('/super');
    fireEvent.click(within(trail).getByRole('link', { name: 'Organizations' }));
    await waitFor(() => expect(where(router)).toBe('/super/organizations?q=acme'));
    expect(await screen.findByRole('searchbox', { name: 'Filter by name' })).toHaveProperty('value', 'acme');
  });

  it('opens straight from its address, in any locale, and says when the organization does not exist', async () => {
    const { router } = renderSignedIn(`/pt/super/organizations/${details.id}`, {
      as: 'staff',
      api: {
        [`GET /api/organization/${details.id}`]: () => ({ body: { organization: { ...details, moreAdmins: 3 } } }),
        ...pageCalls(details.id),
        [`GET /api/organization/${orgId(99)}`]: () => ({
          status: 404,
          body: { statusCode: 404, code: 'ORGANIZATION_NOT_FOUND', message: 'Organization not found.' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeTruthy();
    expect(await screen.findByText('Usuários administradores não exibidos: 3.')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Trilha de navegação' })).getByRole('link', { name: 'Organizações' }),
    ).toBeTruthy();

    await router.navigate(`/super/organizations/${orgId(99)}`);
    expect(await screen.findByText('This organization was not found.')).toBeTruthy();
  });

  it('is a 404 page for an address that is no organization id', async () => {
    renderSignedIn('/super/organizations/not-an-id', { as: 'staff' });
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });
});

describe('changing an organization (staff with update)', () => {
  const acme = org(7, { name: 'Acme Manufacturing', planType: 'Team', adminsCount: 1, regularUsersCount: 2 });
  const view = (o: OrganizationListItem): OrganizationView => ({ ...o, workspacesCount: 1, admins: [], moreAdmins: 0 });
  const planTypes = { planTypes: ['Business', 'Enterprise', 'Team'].map((name, i) => ({ id: orgId(50 + i), name })) };

  /** Opens `path` against a server that keeps the changes it is sent. */
  function editableApi(path: string, overrides: Handlers = {}, as: Persona = 'staff') {
    let current = acme;
    return renderSignedIn(path, {
      as,
      api: {
        'GET /api/organizations': (call) => listHandler([current, org(8, { name: 'Initech Foods', disabled: true })])(call),
        [`GET /api/organization/${acme.id}`]: () => ({ body: { organization: view(current) } }),
        [`GET /api/organization/${acme.id}/managers`]: () => ({ body: { managers: [], total: 0 } }),
        'GET /api/organization/planTypes': () => ({ body: planTypes }),
        [`PUT /api/organization/${acme.id}`]: ({ body }) => {
          const b = body as {
            name?: string;
            planType?: string;
            locale?: OrganizationView['locale'];
            platformAppUrl?: string | null;
            disabled?: boolean;
          };
          current = {
            ...current,
            ...(b.name ? { name: b.name } : {}),
            ...(b.planType ? { planType: b.planType } : {}),
            ...(b.locale ? { locale: b.locale } : {}),
            ...(b.platformAppUrl !== undefined ? { platformAppUrl: b.platformAppUrl } : {}),
            disabled: !!b.disabled,
          };
          return { body: { organization: view(current), usersDisabled: b.disabled ? 3 : 0 } };
        },
        ...overrides,
      },
    });
  }
  const puts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  it('offers Edit only to staff who may update, and never on a disabled organization', async () => {
    editableApi('/super/organizations');
    const row = await screen.findByRole('listitem', { name: 'Acme Manufacturing' });
    expect(within(row).getByRole('button', { name: 'Edit Acme Manufacturing' })).toBeTruthy();
    const disabled = screen.getByRole('listitem', { name: 'Initech Foods' });
    expect(within(disabled).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(disabled).getByRole('link', { name: 'View the details of Initech Foods' })).toBeTruthy();
  });

  it('shows the page, not the form, for mode=edit to staff who may only read', async () => {
    const { router } = editableApi(`/super/organizations/${acme.id}?mode=edit`, {}, 'staffReader');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Manufacturing' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(where(router)).toBe(`/super/organizations/${acme.id}?mode=edit`);
  });

  it('checks the form like the server, then saves the name, plan type and language', async () => {
    const { calls, router } = editableApi('/super/organizations');
    const row = await screen.findByRole('listitem', { name: 'Acme Manufacturing' });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Acme Manufacturing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit organization' });
    expect(where(router)).toBe(`/super/organizations/${acme.id}?mode=edit`);
    const form = await within(dialog).findByRole('form', { name: 'Edit organization' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveProperty('value', 'Acme Manufacturing');
    expect(within(form).getByText('18/75')).toBeTruthy();

    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There are errors in the form')).toBeTruthy();
    expect(within(form).getByText('This field is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(76) } });
    expect(await within(form).findByText('Use at most 75 characters')).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Acme Group' } });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Plan type' }).getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Plan type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Enterprise' }));
    // The language of its e-mails, English until now.
    const language = within(form).getByRole('combobox', { name: 'Language' });
    expect(language.textContent).toBe('English');
    expect(
      within(form).getByText('The language of its e-mails to people who have none of their own: invitations, password resets.'),
    ).toBeTruthy();
    fireEvent.mouseDown(language);
    fireEvent.click(await screen.findByRole('option', { name: 'Português' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Acme Group was saved.')).toBeTruthy();
    // The app's address left empty: the installation's (null).
    expect(puts(calls)).toEqual([{ name: 'Acme Group', planType: 'Enterprise', locale: 'pt', platformAppUrl: null }]);
    // The form closes onto the organization's page, renamed, in its language.
    await waitFor(() => expect(where(router)).toBe(`/super/organizations/${acme.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Group' })).toBeTruthy();
    expect(await screen.findByText('Português')).toBeTruthy();
    expect(screen.getByText('Language of e-mails')).toBeTruthy();
  });

  it('sets the address of the app its people sign in to: https only (http for localhost), shown in the details', async () => {
    const { calls } = editableApi(`/super/organizations/${acme.id}?mode=edit`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit organization' }, { timeout: 20_000 });
    const form = await within(dialog).findByRole('form', { name: 'Edit organization' }, { timeout: 20_000 });
    const field = within(form).getByRole('textbox', { name: 'Address of the app' });
    expect(field).toHaveProperty('value', '');
    expect(within(form).getByText(/Empty: the installation’s address\.$/)).toBeTruthy();
    for (const bad of ['http://learn.acme.example', 'learn.acme.example', 'https://ana:secret@learn.acme.example']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(form).findByText('Enter an https address (http only for localhost)')).toBeTruthy();
    }
    expect(puts(calls)).toEqual([]);
    fireEvent.change(field, { target: { value: ' https://learn.acme.example/start ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Acme Manufacturing was saved.')).toBeTruthy();
    expect(puts(calls)).toEqual([
      { name: 'Acme Manufacturing', planType: 'Team', locale: 'en', platformAppUrl: 'https://learn.acme.example/start' },
    ]);
    expect(await screen.findByText('https://learn.acme.example/start')).toBeTruthy();
    expect(screen.getByText('App address')).toBeTruthy();
  });

  it('disables only once the name is typed in the red confirmation, and says how many users went with it', async () => {
    const { calls } = editableApi(`/super/organizations/${acme.id}`);
    const danger = await screen.findByRole('region', { name: 'Disable the organization' });
    fireEvent.click(within(danger).getByRole('button', { name: 'Disable organization' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disable Acme Manufacturing?' });
    expect(ask.textContent).toContain('This cannot be undone.');
    const confirm = within(ask).getByRole('button', { name: 'Disable' }) as HTMLButtonElement;
    expect(confirm.className).toMatch(/colorError/);
    expect(confirm.disabled).toBe(true);
    const typed = within(ask).getByRole('textbox', { name: 'Type “Acme Manufacturing” to confirm' });
    fireEvent.change(typed, { target: { value: 'Acme' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(calls)).toEqual([]);

    fireEvent.click(within(danger).getByRole('button', { name: 'Disable organization' }));
    const again = await screen.findByRole('alertdialog');
    // A new question starts empty.
    expect(within(again).getByRole('textbox')).toHaveProperty('value', '');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: 'Acme Manufacturing' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Acme Manufacturing was disabled. Users disabled: 3.')).toBeTruthy();
    expect(puts(calls)).toEqual([{ disabled: true }]);
    expect(await screen.findByText('This organization is disabled: it cannot be used or changed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Disable the organization' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("shows the server's refusal in the user's language", async () => {
    editableApi(`/es/super/organizations/${acme.id}?mode=edit`, {
      [`PUT /api/organization/${acme.id}`]: () => ({
        status: 409,
        body: { statusCode: 409, code: 'ORGANIZATION_DISABLED', message: 'A disabled organization cannot be changed.' },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Editar la organización' });
    await within(dialog).findByRole('form');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Esta organización está desactivada y no se puede modificar.')).toBeTruthy();
  });
});
