/**
 * The new-workflows-import screen in jsdom against a scripted API: every field's message,
 * the searchers, select-all across pages, the privacy rule on the target workspaces, the
 * confirmation and the green notice, the recent imports polled until they end, a server
 * refusal shown on its field, read-only staff, the entry in the organization details, and
 * the screen in Portuguese.
 */
import type { ImportWorkflowItem, WorkflowImportView } from '@console/contracts/workflow-imports';
import { workflowImportErrorCodes } from '@console/contracts/workflow-imports';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '../../i18n/catalogues';
import { organizationKeys } from '../../lib/queries/organization';
import { queryClient } from '../../lib/query-client';
import { type ApiCall, type Persona, renderSignedIn, screenPosts } from '../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GLOBEX = id(1);
const ACME = id(2);
const ASSEMBLY = id(10);
const LEADERS = id(11);
const LINE = id(20);
const VAULT = id(21);
const AUTHOR = id(30);
const PAGE_URL = `/super/organizations/${GLOBEX}/new-workflow-import`;

function flow(n: number, overrides: Partial<ImportWorkflowItem> = {}): ImportWorkflowItem {
  return {
    id: id(1000 + n),
    title: `Workflow ${String(n).padStart(3, '0')}`,
    stage: 'published',
    stepsCount: 3,
    hasSourceVideo: true,
    createdAt: '2026-10-01T08:00:00.000Z',
    ...overrides,
  };
}

function importView(overrides: Partial<WorkflowImportView> = {}): WorkflowImportView {
  return {
    id: id(500),
    status: 'processing',
    sourceEnv: 'default',
    sourceOrganizationId: ACME,
    sourceOrganizationName: 'Acme Manufacturing',
    sourceWorkspaceId: ASSEMBLY,
    sourceWorkspaceName: 'Assembly Line',
    targetOrganizationId: GLOBEX,
    targetWorkspaceId: LINE,
    targetWorkspaceName: 'Line',
    targetAuthorId: AUTHOR,
    targetAuthorName: 'Pia Publisher',
    createdBy: 'Sam Staff',
    createdAt: '2026-11-23T10:00:00.000Z',
    finishedAt: null,
    counts: { total: 3, remaining: 3, completed: 0, scheduled: 3, pending: 0, failed: 0 },
    ...overrides,
  };
}

const organization = {
  id: GLOBEX,
  name: 'Globex Logistics',
  planType: 'Business',
  defaultGroup: null,
  clientKey: 'globex',
  isStaff: false,
  disabled: false,
  disabledAt: null,
  createdAt: '2025-01-10T09:30:00.000Z',
  locale: 'en',
  platformAppUrl: null,
  regularUsersCount: 10,
  adminsCount: 1,
  workspacesCount: 2,
  admins: [],
  moreAdmins: 0,
};

const query = (call: ApiCall) => new URL(call.path, 'http://x').searchParams;

/**
 * Opens `path` as staff (`as`) against a scripted server with `workflows` in Acme's
 * Assembly Line (paged like the real one) and the imports it was given; returns the calls.
 */
function open(
  path: string,
  options: {
    as?: Persona;
    environments?: string[];
    workflows?: ImportWorkflowItem[];
    imports?: () => WorkflowImportView[];
    post?: (call: ApiCall) => { status?: number; body?: unknown };
  } = {},
) {
  const workflows = options.workflows ?? [
    flow(1, { stage: 'step_editing' }),
    flow(2, { stage: 'segmentation', hasSourceVideo: false }),
    flow(3),
  ];
  const api: Record<string, (call: ApiCall) => { status?: number; body?: unknown }> = {
    [`GET /api/organization/${GLOBEX}`]: () => ({ body: { organization } }),
    'GET /api/workflow-import/environments': () => ({ body: { environments: options.environments ?? ['default'] } }),
    'GET /api/organizations/source/': (call) => {
      const q = (query(call).get('q') ?? '').toLowerCase();
      const all = [
        { id: ACME, name: 'Acme Manufacturing' },
        { id: GLOBEX, name: 'Globex Logistics' },
      ].filter((o) => o.name.toLowerCase().includes(q));
      return { body: { organizations: all, total: all.length } };
    },
    [`GET /api/organization/${ACME}/workspaces`]: () => ({
      body: {
        workspaces: [
          { id: ASSEMBLY, name: 'Assembly Line', workspaceGroupName: 'Operations', private: false },
          { id: LEADERS, name: 'Leadership Onboarding', workspaceGroupName: 'People', private: true },
        ],
        total: 2,
      },
    }),
    [`GET /api/organization/${GLOBEX}/workspaces`]: (call) => {
      const all = [
        { id: LINE, name: 'Line', workspaceGroupName: null, private: false },
        { id: VAULT, name: 'Vault', workspaceGroupName: null, private: true },
      ].filter((w) => !query(call).has('private') || String(w.private) === query(call).get('private'));
      return { body: { workspaces: all, total: all.length } };
    },
    [`GET /api/organization/${ACME}/workspace/${ASSEMBLY}/workflows`]: (call) => {
      const page = Number(query(call).get('page'));
      const limit = Number(query(call).get('limit'));
      return { body: { workflows: workflows.slice((page - 1) * limit, page * limit), total: workflows.length } };
    },
    [`GET /api/organization/${GLOBEX}/workspace/${LINE}/authors`]: () => ({
      body: { authors: [{ id: AUTHOR, displayName: 'Pia Publisher', email: 'pia@globex.example', role: 'publisher' }], total: 1 },
    }),
    [`GET /api/organization/${GLOBEX}/workflow-imports`]: () => {
      const list = options.imports?.() ?? [];
      return { body: { workflowImports: list, total: list.length } };
    },
    [`POST /api/organization/${GLOBEX}/workspace/${LINE}/workflows`]: (call) =>
      options.post?.(call) ?? { status: 202, body: { workflowImport: importView() } },
  };
  return renderSignedIn(path, { as: options.as ?? 'staff', api }).calls;
}

async function choose(label: RegExp | string, text: string, option: RegExp | string) {
  const box = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillSource() {
  await choose(/Source organization/, 'acme', /Acme Manufacturing/);
  await choose(/Source workspace/, 'ass', /Assembly Line/);
}

/** Fills the form with the source's three workflows into Line by Pia, and confirms the import. */
async function importAllThree() {
  await fillSource();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all 3 workflows' }));
  await choose(/Target workspace/, 'line', /Line/);
  await choose(/Author of the copies/, 'pia', /Pia Publisher/);
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Import' }));
}

describe('new workflows import', () => {
  it('shows each missing field with its own message, and sends nothing', async () => {
    const calls = open(PAGE_URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'New workflow import' })).toBeTruthy();
    expect((await screen.findByRole('textbox', { name: 'Target organization' })) as HTMLInputElement).toHaveProperty(
      'value',
      'Globex Logistics',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    for (const message of [
      'Choose the source organization',
      'Choose the source workspace',
      'Choose at least one workflow',
      'Choose the target workspace',
      'Choose the author of the copies',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(await screen.findByText('There are errors in the form')).toBeTruthy();
    // Choosing the source organization clears its message only.
    await choose(/Source organization/, 'acme', /Acme Manufacturing/);
    await waitFor(() => expect(screen.queryByText('Choose the source organization')).toBeNull());
    expect(screen.getByText('Choose the source workspace')).toBeTruthy();
    expect(screenPosts(calls)).toEqual([]);
  });

  it('selects every workflow with select-all, offers target workspaces of the same privacy, confirms, and schedules with a green notice', async () => {
    let imports: WorkflowImportView[] = [];
    let polls = 0;
    const calls = open(PAGE_URL, {
      imports: () => {
        polls++;
        if (imports.length > 0 && polls > 3)
          imports = [
            importView({
              status: 'completed',
              finishedAt: '2026-11-23T10:00:05.000Z',
              counts: { total: 3, remaining: 0, completed: 3, scheduled: 0, pending: 0, failed: 0 },
            }),
          ];
        return imports;
      },
      post: () => {
        imports = [importView()];
        polls = 0;
        return { status: 202, body: { workflowImport: importView() } };
      },
    });
    expect(await screen.findByText('No workflows were imported into this organization yet.')).toBeTruthy();
    await fillSource();
    const list = await screen.findByRole('list', { name: 'Workflows' });
    expect(await within(list).findByText('Step editing')).toBeTruthy();
    expect(within(list).getByText('Segmentation')).toBeTruthy();
    expect(within(list).getByText(/no video/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 workflows' }));
    expect(await screen.findByText('3 workflows selected')).toBeTruthy();
    fireEvent.click(within(list).getByRole('checkbox', { name: /Workflow 002/ }));
    expect(await screen.findByText('2 workflows selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all 3 workflows' }) as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 workflows' }));
    expect(await screen.findByText('3 workflows selected')).toBeTruthy();

    expect(screen.getByText('Only public workspaces: the source workspace is public.')).toBeTruthy();
    const targetBox = screen.getByRole('combobox', { name: /Target workspace/ });
    fireEvent.change(targetBox, { target: { value: 'l' } });
    expect(await screen.findByRole('option', { name: /Line/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Vault/ })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: /Line/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith(`/api/organization/${GLOBEX}/workspaces`) && query(c).get('private') === 'false')).toBe(
        true,
      ),
    );
    await choose(/Author of the copies/, 'pia', /Pia Publisher/);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Import 3 workflows?' });
    expect(within(dialog).getByText(/Copies are made in Line of Globex Logistics, with Pia Publisher as their author/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The import of 3 workflows was scheduled.')).toBeTruthy();
    const post = screenPosts(calls)[0]?.body as { workflows: string[] };
    expect({ ...post, workflows: [...post.workflows].sort() }).toEqual({
      sourceOrganizationId: ACME,
      sourceWorkspaceId: ASSEMBLY,
      workflows: [id(1001), id(1002), id(1003)],
      targetOrganizationId: GLOBEX,
      targetWorkspaceId: LINE,
      targetAuthorId: AUTHOR,
      sourceEnv: 'default',
    });
    // Only this installation: no environment to choose, every look-up from it.
    expect(screen.queryByRole('combobox', { name: 'Source environment' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/organizations/source/')).every((c) => query(c).get('sourceEnv') === 'default')).toBe(
      true,
    );
    // The recent imports show it processing, and, polled, completed.
    const table = await screen.findByRole('table', { name: 'Recent workflow imports' });
    expect(await within(table).findByText('Processing')).toBeTruthy();
    expect(within(table).getByText('Remaining: 3')).toBeTruthy();
    expect(await within(table).findByText('Completed')).toBeTruthy();
    expect(within(table).getByText('Completed: 3')).toBeTruthy();
    expect(screen.getByText('0 workflows selected')).toBeTruthy();
    // Cleared for the next import, without a message before the next try.
    expect(screen.queryByText('Choose at least one workflow')).toBeNull();
  });

  it('selects all the workflows of the workspace, beyond the loaded page', async () => {
    const calls = open(PAGE_URL, { workflows: Array.from({ length: 150 }, (_, i) => flow(i + 1)) });
    await fillSource();
    expect(await screen.findByText('100 of 150 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 150 workflows' }));
    expect(await screen.findByText('150 workflows selected')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/workflows?') && query(c).get('page') === '2')).toBe(true);
  });

  it('imports from another environment when more than this installation is configured', async () => {
    const calls = open(PAGE_URL, { environments: ['default', 'staging'] });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Source environment' }));
    expect(screen.getByRole('option', { name: 'This installation' })).toBeTruthy();
    const chosenAt = calls.length;
    fireEvent.click(screen.getByRole('option', { name: 'staging' }));
    await importAllThree();
    expect(await screen.findByText('The import of 3 workflows was scheduled.')).toBeTruthy();
    const after = calls.slice(chosenAt).filter((c) => c.method === 'GET');
    for (const kind of ['/api/organizations/source/', `/api/organization/${ACME}/workspaces`, `/workspace/${ASSEMBLY}/workflows`]) {
      const made = after.filter((c) => c.path.includes(kind));
      expect(made.length, kind).toBeGreaterThan(0);
      expect(made.every((c) => query(c).get('sourceEnv') === 'staging')).toBe(true);
    }
    expect(screenPosts(calls)[0]?.body).toMatchObject({ sourceEnv: 'staging' });
  });

  it('shows a refusal of the server on its field and in a red notice', async () => {
    open(PAGE_URL, {
      post: () => ({
        status: 400,
        body: {
          statusCode: 400,
          code: 'WORKFLOW_IMPORT_AUTHOR_INVALID',
          message: 'The author must be an enabled user of the target organization who may author workflows.',
          details: [{ path: '/targetAuthorId', message: 'authorInvalid' }],
        },
      }),
    });
    await importAllThree();
    const text = 'The author must be an enabled Organizational Admin, Workspace Admin or Publisher of this organization.';
    await waitFor(() => expect(screen.getAllByText(text).length).toBe(2));
  });

  it('clears what depends on a changed choice: the workflows and a target of the other privacy with the workspace, the workspace with the organization', async () => {
    open(PAGE_URL);
    await fillSource();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all 3 workflows' }));
    expect(await screen.findByText('3 workflows selected')).toBeTruthy();
    await choose(/Target workspace/, 'line', /Line/);
    await choose(/Author of the copies/, 'pia', /Pia Publisher/);

    await choose(/Source workspace/, 'lead', /Leadership Onboarding/);
    expect(await screen.findByText('0 workflows selected')).toBeTruthy();
    expect(screen.getByText('Only private workspaces: the source workspace is private.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Target workspace/ })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: /Author of the copies/ })).toHaveProperty('disabled', true);

    await choose(/Source organization/, 'glob', /Globex Logistics/);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Source workspace/ })).toHaveProperty('value', ''));
    expect(screen.queryByRole('list', { name: 'Workflows' })).toBeNull();
    expect(screen.getAllByText('Choose the source workspace first')).toHaveLength(2);
  });

  it('shows the target organization from the one organization query, so an edit of it elsewhere shows here', async () => {
    open(PAGE_URL);
    const target = await screen.findByRole('textbox', { name: 'Target organization' });
    expect(target).toHaveProperty('value', 'Globex Logistics');
    act(() => {
      queryClient.setQueryData(organizationKeys.one(GLOBEX), { organization: { ...organization, name: 'Globex Freight' } });
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Target organization' })).toHaveProperty('value', 'Globex Freight'));
    expect(screen.getByText(/into a workspace of Globex Freight/)).toBeTruthy();
  });

  it('lets read-only staff follow the imports without the form', async () => {
    open(PAGE_URL, {
      as: 'staffReader',
      imports: () => [
        importView({
          status: 'error',
          finishedAt: '2026-11-23T10:01:00.000Z',
          counts: { total: 3, remaining: 0, completed: 2, scheduled: 0, pending: 0, failed: 1 },
        }),
      ],
    });
    expect(await screen.findByText(/Your staff role allows reading only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Recent workflow imports' });
    expect(within(table).getByText('Completed with failures')).toBeTruthy();
    expect(within(table).getByText('Failed: 1')).toBeTruthy();
  });

  it('is opened from the organization details by staff who may update', async () => {
    open(`/super/organizations/${GLOBEX}?mode=read`);
    const link = await screen.findByRole('link', { name: 'Import workflows into Globex Logistics' });
    expect(link.getAttribute('href')).toBe(PAGE_URL);
  });

  it('speaks Portuguese under /pt', async () => {
    open(`/pt${PAGE_URL}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova importação de fluxos de trabalho' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha a organização de origem')).toBeTruthy();
    expect(await screen.findByText('Escolha pelo menos um fluxo de trabalho')).toBeTruthy();
    expect(await screen.findByText('Há erros no formulário')).toBeTruthy();
  });

  it('translates every error code of workflow imports', async () => {
    const translated = Object.keys((await loadCatalogue('en')).workflowImports.codes);
    expect(Object.values(workflowImportErrorCodes).filter((c) => !translated.includes(c))).toEqual([]);
  });
});
