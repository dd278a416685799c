/**
 * The Super look-ups in jsdom against a scripted API: the Super home's cards, the user
 * searcher (validation, details panel with the profile, copy with the 1500 ms notice, not
 * found, Spanish),
 * the workflow searcher (tabs, the name's limit, name results with pages in the address, id
 * results), the JSON tree (mouse and keyboard) and the original video's signed link.
 */
import {
  type LookupUserView,
  type LookupWorkflowView,
  lookupErrorCodes,
  lookupUserProfile,
  type WorkflowListItem,
  workflowStages,
} from '@console/contracts/lookup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { loadCatalogue } from '../../i18n/catalogues';
import { locales } from '../../i18n/locales';
import { notify } from '../../lib/notify';
import { renderSignedIn, staff } from '../../test/app';
import { nullsOf } from '../../test/people';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

type Router = ReturnType<typeof renderSignedIn>['router'];
type Api = NonNullable<Parameters<typeof renderSignedIn>[1]>['api'];

const where = (router: Router) => router.state.location.pathname + router.state.location.search;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The look-ups need only `read`. */
const asReader = (path: string, api: Api = {}) => renderSignedIn(path, { as: staff(['read']), api });

const zed: LookupUserView = {
  id: uuid(1),
  displayName: 'Zed Lookup',
  email: 'zed.lookup@acme.example',
  employeeId: 'E0042',
  organization: { id: uuid(2), name: 'Acme Manufacturing', clientKey: 'acme', planType: 'Enterprise', isStaff: false, disabled: false },
  role: 'publisher',
  allowedRoleTypes: [],
  signInProvider: 'password',
  disabled: false,
  disabledAt: null,
  createdAt: '2026-01-15T09:30:00.000Z',
  createdBy: { id: uuid(3), displayName: 'Sam Staff', email: 'sam@workframe.io' },
  lastLoginAt: '2026-11-20T08:05:00.000Z',
  invitedAt: '2026-01-16T10:00:00.000Z',
  invitedBy: { id: uuid(3), displayName: 'Sam Staff', email: 'sam@workframe.io' },
  source: 'console',
  profile: { ...nullsOf(lookupUserProfile), givenName: 'Zed', familyName: 'Lookup' },
  groups: [{ id: uuid(4), name: 'Night shift' }],
  moreGroups: 0,
  workspaces: [
    { id: uuid(5), name: 'Assembly Line', private: false },
    { id: uuid(6), name: 'Leadership', private: true },
  ],
  moreWorkspaces: 3,
};

const flow: LookupWorkflowView = {
  id: uuid(10),
  title: 'Forklift pre-shift check',
  name: 'Forklift pre-shift check',
  description: 'Check it first',
  stage: 'step_editing',
  organization: { id: uuid(2), name: 'Acme Manufacturing', clientKey: 'acme', disabled: false },
  workspace: { id: uuid(5), name: 'Assembly Line', private: false, workspaceGroupName: 'Operations' },
  author: { id: uuid(1), displayName: 'Zed Lookup', email: 'zed.lookup@acme.example' },
  sourceVideo: true,
  durationSeconds: 95,
  importedFromId: null,
  createdAt: '2026-03-04T00:00:00.000Z',
  updatedAt: '2026-03-04T00:00:00.000Z',
  steps: ['Prepare', 'Check the area', 'Do the work'].map((title, position) => ({
    id: uuid(20 + position),
    position,
    title,
    text: null,
    startMs: position * 12_000,
    endMs: (position + 1) * 12_000,
  })),
};

const listItem = (n: number): WorkflowListItem => ({
  id: uuid(100 + n),
  title: `Forklift check ${String(n).padStart(2, '0')}`,
  stage: n === 1 ? 'uploading' : 'published',
  organization: { id: uuid(2), name: 'Acme Manufacturing', disabled: false },
  workspace: { id: uuid(5), name: 'Assembly Line', private: false },
  createdAt: '2026-03-04T00:00:00.000Z',
});

describe('the Super home', () => {
  it('has a card for each look-up that opens it', async () => {
    const user = userEvent.setup();
    const { router } = asReader('/super');
    await user.click(await screen.findByRole('link', { name: 'Open: Workflow look-up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workflow look-up' })).toBeTruthy();
    expect(where(router)).toBe('/super/workflows');
    await router.navigate('/super');
    await user.click(await screen.findByRole('link', { name: 'Open: User look-up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User look-up' })).toBeTruthy();
    expect(document.title).toBe('User look-up Integrations');
  });
});

describe('the user look-up', () => {
  it('sends the start of the e-mail as typed, accents and case kept (the server folds both), in Portuguese', async () => {
    const user = userEvent.setup();
    const { calls } = asReader('/pt/super/user', { 'GET /api/users': () => ({ body: { users: [], next: null } }) });
    await user.type(await screen.findByRole('textbox'), 'MÜLLER{Enter}');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path.startsWith('/api/users')).map((c) => new URL(c.path, 'http://x').searchParams.get('email')),
      ).toEqual(['MÜLLER']),
    );
  });

  it('lists the users whose e-mail starts with a few letters, page after page, each a link to their details', async () => {
    const user = userEvent.setup();
    const row = (n: number, org = 'Acme Manufacturing') => ({
      id: uuid(200 + n),
      displayName: `Zed ${n}`,
      email: `zed.${n}@acme.example`,
      disabled: n === 2,
      organization: { id: uuid(2), name: org, disabled: org !== 'Acme Manufacturing' },
    });
    const { calls, router } = asReader('/super/user', {
      'GET /api/users': (call) =>
        call.path.includes('after=')
          ? { body: { users: [row(3, 'Globex')], next: null } }
          : { body: { users: [row(1), row(2)], next: 'zed.2@acme.example' } },
      'GET /api/user/zed.3%40acme.example': () => ({ body: { user: { ...zed, displayName: 'Zed 3', email: 'zed.3@acme.example' } } }),
    });
    const field = await screen.findByRole('textbox', { name: 'E-mail' });
    const search = screen.getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/user'))).toEqual([]);

    await user.type(field, ' ZED ');
    await user.click(search);
    const list = await screen.findByRole('region', { name: 'Users whose e-mail starts with “ZED”' });
    expect(where(router)).toBe('/super/user?email=ZED');
    expect(await within(list).findByRole('link', { name: 'zed.1@acme.example' })).toBeTruthy();
    expect(within(list).getByText('Disabled')).toBeTruthy();
    expect(within(list).getByText('2 users shown')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'zed.3@acme.example' })).toBeTruthy();
    expect(within(list).getByText('Organization disabled')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/users')).map((c) => c.path)).toEqual([
      '/api/users?email=ZED',
      '/api/users?email=ZED&after=zed.2%40acme.example',
    ]);

    await user.click(within(list).getByRole('link', { name: 'zed.3@acme.example' }));
    expect(await screen.findByRole('region', { name: 'Zed 3' })).toBeTruthy();
    expect(where(router)).toBe('/super/user?email=zed.3%40acme.example');
  });

  it('says when no e-mail starts with the text', async () => {
    asReader('/super/user?email=nobody', { 'GET /api/users': () => ({ body: { users: [], next: null } }) });
    expect(await screen.findByText('No user’s e-mail starts with “nobody”.')).toBeTruthy();
  });

  it('checks the e-mail before asking, then shows the user details panel and keeps the e-mail in the address', async () => {
    const user = userEvent.setup();
    const { calls, router } = asReader('/super/user', { 'GET /api/user/zed.lookup%40acme.example': () => ({ body: { user: zed } }) });
    const field = await screen.findByRole('textbox', { name: 'E-mail' });
    const search = screen.getByRole('button', { name: 'Search' });

    await user.click(search);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/user'))).toEqual([]);

    await user.type(field, '  zed.lookup@acme.example ');
    await user.click(search);
    const panel = await screen.findByRole('region', { name: 'Zed Lookup' });
    expect(where(router)).toBe('/super/user?email=zed.lookup%40acme.example');
    const row = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row('Employee ID')).toBe('E0042');
    expect(row('Last login')).toMatch(/^2026-11-2\d \d{2}:05$/);
    expect(row('Role')).toBe('Publisher');
    expect(row('Workspaces')).toBe('Assembly LineLeadership (private)and 3 more');
    expect(row('Groups')).toBe('Night shift');
    expect(row('Organization')).toBe('Acme Manufacturing');
    expect(row('Client key')).toBe('acme');
    expect(row('Plan type')).toBe('Enterprise');
    expect(row('Invited by')).toBe('Sam Staff (sam@workframe.io)');
    expect(row('Super permissions')).toBe('—');
    expect(row('Sign-in provider')).toBe('E-mail and password');
  });

  it("shows the profile's fields that hold something, the manager as a look-up of their own, and what else the identity provider sent", async () => {
    const user = userEvent.setup();
    const pat: LookupUserView = {
      ...zed,
      id: uuid(7),
      displayName: 'Pat Profile',
      email: 'pat.profile@acme.example',
      employeeId: 'E0777',
      source: 'scim',
      profile: {
        givenName: 'Patricia',
        familyName: 'Profile-Smith',
        formattedName: 'Ms. Patricia Profile-Smith',
        userName: 'PPROFILE@acme.onmicrosoft.example',
        workEmail: 'patricia.smith@acme.example',
        title: 'Shift lead',
        phone: '+1 555 0100',
        department: 'Assembly',
        costCenter: 'CC-4711',
        division: null,
        organization: 'Acme Europe',
        manager: { id: uuid(8), displayName: 'Mia Manager', email: 'mia.manager@acme.example' },
        scimAttributes: { nickName: 'Pat', addresses: [{ type: 'work', locality: 'Lyon' }] },
      },
    };
    const { router } = asReader('/super/user?email=pat.profile%40acme.example', {
      'GET /api/user/pat.profile%40acme.example': () => ({ body: { user: pat } }),
      'GET /api/user/mia.manager%40acme.example': () => ({ body: { user: { ...zed, id: uuid(8), displayName: 'Mia Manager' } } }),
    });
    const panel = await screen.findByRole('region', { name: 'Pat Profile' });
    const row = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row('Source')).toBe('Identity provider (SCIM)');
    expect(within(panel).getByRole('heading', { level: 3, name: 'Profile' })).toBeTruthy();
    const profile = within(panel)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(profile.slice(profile.findIndex(([label]) => label === 'Given name'))).toEqual([
      ['Given name', 'Patricia'],
      ['Family name', 'Profile-Smith'],
      ['Full name', 'Ms. Patricia Profile-Smith'],
      ['Identity provider login', 'PPROFILE@acme.onmicrosoft.example'],
      ['Work e-mail', 'patricia.smith@acme.example'],
      ['Job title', 'Shift lead'],
      ['Phone', '+1 555 0100'],
      ['Department', 'Assembly'],
      ['Cost center', 'CC-4711'],
      // No division: nothing was sent.
      ['Company', 'Acme Europe'],
      ['Manager', 'Mia Manager (mia.manager@acme.example)'],
    ]);
    expect(row('Employee ID')).toBe('E0777');
    const more = within(panel).getByRole('tree', { name: 'More from the identity provider' });
    expect(within(more).getByRole('treeitem', { name: 'nickName: "Pat"' })).toBeTruthy();
    expect(within(more).getByRole('treeitem', { name: 'addresses: [ ] 1 item' })).toBeTruthy();

    await user.click(within(panel).getByRole('link', { name: 'Mia Manager (mia.manager@acme.example)' }));
    expect(await screen.findByRole('region', { name: 'Mia Manager' })).toBeTruthy();
    expect(where(router)).toBe('/super/user?email=mia.manager%40acme.example');
  });

  it('shows only the names of a profile without more, and no name, login or e-mail the panel already shows', async () => {
    const plain: LookupUserView = {
      ...zed,
      profile: { ...zed.profile, formattedName: 'Zed Lookup', userName: 'ZED.LOOKUP@acme.example', workEmail: 'Zed.Lookup@acme.example' },
    };
    asReader('/super/user?email=zed.lookup%40acme.example', {
      'GET /api/user/zed.lookup%40acme.example': () => ({ body: { user: plain } }),
    });
    const panel = await screen.findByRole('region', { name: 'Zed Lookup' });
    const labels = within(panel)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels.slice(labels.indexOf('Given name'))).toEqual(['Given name', 'Family name']);
    expect(within(panel).getByText('Source', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Console');
    expect(within(panel).queryByRole('tree')).toBeNull();
  });

  it('copies the e-mail and the organization id with a green notice for 1500 ms', async () => {
    // fireEvent here: userEvent.setup() would put its own clipboard in place of this spy.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(notify, 'success');
    asReader('/super/user?email=zed.lookup%40acme.example', { 'GET /api/user/zed.lookup%40acme.example': () => ({ body: { user: zed } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the e-mail' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('zed.lookup@acme.example'));
    expect(success).toHaveBeenLastCalledWith('Copied to the clipboard', { autoHideDuration: 1500 });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the organization id' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(zed.organization.id));
    expect(await screen.findAllByText('Copied to the clipboard')).not.toHaveLength(0);
  });

  it('asks nothing for a text longer than any address', async () => {
    const { calls } = asReader(`/super/user?email=${'a'.repeat(255)}`);
    expect(await screen.findByText('Use at most 254 characters')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/user'))).toEqual([]);
  });

  it("says 'User was not found: ' and the e-mail when nobody has it", async () => {
    const { router } = asReader('/super/user?email=nobody%40acme.example', {
      'GET /api/user/nobody%40acme.example': () => ({
        status: 404,
        body: { statusCode: 404, code: 'USER_NOT_FOUND', message: 'User was not found: nobody@acme.example' },
      }),
      'GET /api/user/boom%40acme.example': () => ({ status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Unknown error' } }),
    });
    expect(await screen.findByText('User was not found: nobody@acme.example')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'nobody@acme.example');
    await router.navigate('/super/user?email=boom%40acme.example');
    expect(await screen.findByText('Something went wrong on the server. Try again in a moment.')).toBeTruthy();
  });

  it('speaks Spanish on /es', async () => {
    const { router } = asReader('/es/super/user?email=zed.lookup%40acme.example', {
      'GET /api/user/zed.lookup%40acme.example': () => ({ body: { user: zed } }),
      'GET /api/user/nadie%40acme.example': () => ({ status: 404, body: { statusCode: 404, code: 'USER_NOT_FOUND', message: 'x' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Búsqueda de usuarios' })).toBeTruthy();
    const panel = await screen.findByRole('region', { name: 'Zed Lookup' });
    expect(within(panel).getByText('Último acceso')).toBeTruthy();
    expect(within(panel).getByText('Editor')).toBeTruthy();
    expect(within(panel).getByText('Correo y contraseña')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copiar el ID de la organización' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 3, name: 'Perfil' })).toBeTruthy();
    expect(within(panel).getByText('Apellidos', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Lookup');
    expect(within(panel).getByText('Origen', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Consola');
    await router.navigate('/es/super/user?email=nadie%40acme.example');
    expect(await screen.findByText('No se encontró al usuario: nadie@acme.example')).toBeTruthy();
  });
});

describe('the workflow look-up', () => {
  it('searches by name: required, trimmed, results 20 a page with the page in the address', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 23 }, (_, i) => listItem(i + 1));
    const { calls, router } = asReader('/super/workflows', {
      'GET /api/workflows': ({ path }) => {
        const params = new URL(path, 'http://x').searchParams;
        const page = Number(params.get('page'));
        return { body: { workflows: all.slice((page - 1) * 20, page * 20), total: all.length } };
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'By name' }));
    const field = screen.getByRole('textbox', { name: 'Workflow name' });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '  forklift ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('23 workflows found')).toBeTruthy();
    expect(where(router)).toBe('/super/workflows/WorkflowSearchResult?name=forklift');
    const list = screen.getByRole('list', { name: 'Workflows found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByRole('listitem', { name: 'Forklift check 01' }).textContent).toContain('Uploading');

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Workflows found' })).getAllByRole('listitem')).toHaveLength(3));
    expect(where(router)).toBe('/super/workflows/WorkflowSearchResult?name=forklift&page=2');
    expect(calls.filter((c) => c.path.startsWith('/api/workflows')).map((c) => c.path)).toEqual([
      '/api/workflows?q=forklift&page=1&limit=20',
      '/api/workflows?q=forklift&page=2&limit=20',
    ]);

    await user.click(screen.getByRole('link', { name: 'Details of Forklift check 21' }));
    await screen.findByRole('tab', { name: 'By ID', selected: true });
    expect(where(router)).toBe(`/super/workflows/WorkflowSearchResultContainer?id=${uuid(121)}`);
    // The trail leads back to the page of results it came from.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Workflow look-up' }).getAttribute('href')).toBe('/super/workflows');
    await user.click(within(trail).getByRole('link', { name: 'Results' }));
    expect(await screen.findByText('23 workflows found')).toBeTruthy();
    expect(where(router)).toBe('/super/workflows/WorkflowSearchResult?name=forklift&page=2');
  });

  it('refuses a name longer than 200 characters', async () => {
    const user = userEvent.setup();
    const { calls } = asReader('/super/workflows?by=name');
    const field = await screen.findByRole('textbox', { name: 'Workflow name' });
    await user.click(field);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Use at most 200 characters')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/workflows'))).toEqual([]);
  });

  it('searches by id, shows the details with the stage translated and the data as a tree that opens', async () => {
    const user = userEvent.setup();
    const { router } = asReader('/super/workflows', { [`GET /api/workflow/${flow.id}`]: () => ({ body: { workflow: flow } }) });
    const field = await screen.findByRole('textbox', { name: 'Workflow ID' });
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/This is not a workflow ID/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, ` ${flow.id} `);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const details = await screen.findByRole('region', { name: 'Forklift pre-shift check' });
    expect(where(router)).toBe(`/super/workflows/WorkflowSearchResultContainer?id=${flow.id}`);
    expect(within(details).getByText('Step editing')).toBeTruthy();

    const tree = within(details).getByRole('tree', { name: 'Workflow data' });
    const root = within(tree).getAllByRole('treeitem')[0];
    expect(root.getAttribute('aria-expanded')).toBe('true');
    const steps = within(tree).getByRole('treeitem', { name: 'steps: [ ] 3 items' });
    expect(steps.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByRole('treeitem', { name: 'title: "Prepare"' })).toBeNull();
    await user.click(steps);
    expect(steps.getAttribute('aria-expanded')).toBe('true');
    const first = within(tree).getByRole('treeitem', { name: '0: { } 6 keys' });
    // The keyboard: Right opens the item, Down goes to its first child.
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(tree).getByRole('treeitem', { name: `id: "${uuid(20)}"` }));
    expect(within(tree).getByRole('treeitem', { name: 'title: "Prepare"' }).getAttribute('aria-level')).toBe('4');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowLeft}');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).getByRole('treeitem', { name: 'workspace: { } 4 keys' })).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Collapse all' }));
    expect(within(tree).queryByRole('treeitem', { name: '0: { } 6 keys' })).toBeNull();
  });

  it("says 'Workflow not found.' for an unknown id", async () => {
    asReader(`/super/workflows/WorkflowSearchResultContainer?id=${uuid(99)}`, {
      [`GET /api/workflow/${uuid(99)}`]: () => ({
        status: 404,
        body: { statusCode: 404, code: 'WORKFLOW_NOT_FOUND', message: 'Workflow not found.' },
      }),
    });
    expect(await screen.findByText('Workflow not found.')).toBeTruthy();
  });

  it('opens the original video through a fresh signed link in a new tab', async () => {
    const user = userEvent.setup();
    const signedUrl = `/api/workflow/${flow.id}/original-video/file?expires=1&signature=abc`;
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { calls } = asReader(`/super/workflows/WorkflowSearchResultContainer?id=${flow.id}`, {
      [`GET /api/workflow/${flow.id}`]: () => ({ body: { workflow: flow } }),
      [`GET /api/workflow/${flow.id}/original-video`]: () => ({ body: { signedUrl, expiresAt: '2026-11-23T10:10:00.000Z' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Open the original video' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(signedUrl));
    expect(tab.opener).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/original-video'))).toHaveLength(1);
  });
});

describe('the look-ups in every language', () => {
  it('translate every error code and every stage of the contracts', async () => {
    for (const locale of locales) {
      const { errors, lookup } = await loadCatalogue(locale);
      for (const code of Object.values(lookupErrorCodes)) expect(Object.keys(errors.codes), `${locale} ${code}`).toContain(code);
      for (const stage of workflowStages) expect(lookup.stages[stage], `${locale} ${stage}`).toBeTruthy();
    }
    expect(i18n.exists('lookup:stages.step_editing')).toBe(true);
  });
});
