/** The workflow-import calls of the Super area: who may call them, the look-ups, and every rule of scheduling. */
import { workflowImportFieldMessages } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type ImportWorld, importBody, seedImportWorld } from './workflow-imports.fixtures.js';

describe('workflow-import routes (Super area)', () => {
  let t: TestApp;
  let w: ImportWorld;
  let editor: SignedInStaff;
  let reader: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    w = await seedImportWorld(t.database.db);
    editor = await signInStaff(t, { roles: ['read', 'update'] });
    reader = await signInStaff(t, { roles: ['read'] });
  });
  afterAll(() => t.close());

  const get = (who: SignedIn | undefined, url: string) => t.app.inject({ url: `/api/${url}`, headers: who?.headers });
  const post = (who: SignedIn | undefined, body: unknown, org = w.orgs.globex.id, ws = w.ws.line.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/organization/${org}/workspace/${ws}/workflows`,
      headers: who?.headers ?? { 'x-requested-with': 'console' },
      payload: body as object,
    });
  const importsCount = () => t.database.db.$count(schema.workflowImports);

  describe('who may call', () => {
    const reads = () => [
      'organizations/source/?page=1&limit=20',
      `organization/${w.orgs.acme.id}/workspaces?source=1`,
      `organization/${w.orgs.acme.id}/workspace/${w.ws.assembly.id}/workflows`,
      `organization/${w.orgs.globex.id}/workspace/${w.ws.line.id}/authors`,
      `organization/${w.orgs.globex.id}/workflow-imports`,
    ];

    it('lets staff with read or update read the look-ups', async () => {
      for (const url of reads()) {
        expect((await get(editor, url)).statusCode, url).toBe(200);
        expect((await get(reader, url)).statusCode, url).toBe(200);
      }
    });

    it('refuses a customer admin (403), staff signed in with a password (403) and no session (401)', async () => {
      const admin = await signIn(t, w.people.globexAdmin.email!);
      const withPassword = await signInWithProvider(t, editor.email, 'password');
      for (const url of reads()) {
        expect((await get(admin, url)).json(), url).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
        expect((await get(withPassword, url)).statusCode, url).toBe(403);
        expect((await get(undefined, url)).json(), url).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      }
    });

    it('lets only staff with update schedule, before any validation of the body', async () => {
      const before = await importsCount();
      for (const body of [importBody(w), { nonsense: true }]) {
        const res = await post(reader, body);
        expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: 'Your staff role allows reading only.' });
        const admin = await signIn(t, w.people.globexAdmin.email!);
        expect((await post(admin, body)).statusCode).toBe(403);
        expect((await post(undefined, body)).statusCode).toBe(401);
      }
      expect(await importsCount()).toBe(before);
    });
  });

  it('checks who calls before the shape of the call (401, 403, then 400), and the CSRF header of a change', async () => {
    const admin = await signIn(t, w.people.globexAdmin.email!);
    for (const url of [
      'organizations/source/?limit=abc',
      `organization/${w.orgs.acme.id}/workspaces?source=2`,
      'organization/nope/workflow-imports',
    ]) {
      expect((await get(undefined, url)).statusCode, url).toBe(401);
      expect((await get(admin, url)).statusCode, url).toBe(403);
      expect((await get(reader, url)).json(), url).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/organization/${w.orgs.globex.id}/workspace/${w.ws.line.id}/workflows`,
      headers: { cookie: editor.headers.cookie },
      payload: importBody(w),
    });
    expect(noCsrf.json()).toMatchObject({ statusCode: 403, code: 'CSRF' });
  });

  describe('look-ups', () => {
    it('pages the active source organizations by name, with a name filter and one by id', async () => {
      const p1 = (await get(editor, 'organizations/source/?page=1&limit=2')).json();
      const p2 = (await get(editor, 'organizations/source/?page=2&limit=2')).json();
      expect(p1).toEqual({
        organizations: [
          { id: w.orgs.acme.id, name: 'Acme Source' },
          { id: w.orgs.globex.id, name: 'Globex Target' },
        ],
        total: 3,
      });
      expect(p2).toEqual({ organizations: [{ id: editor.organizationId, name: 'Workframe Staff' }], total: 3 });
      expect((await get(editor, 'organizations/source/?page=3&limit=2')).json()).toEqual({ organizations: [], total: 3 });
      expect((await get(editor, 'organizations/source?q=GLOB')).json().organizations).toEqual([
        { id: w.orgs.globex.id, name: 'Globex Target' },
      ]);
      expect((await get(editor, `organizations/source/?organizationId=${w.orgs.acme.id}`)).json().total).toBe(1);
      // Disabled organizations are not sources.
      expect((await get(editor, `organizations/source/?organizationId=${w.orgs.initech.id}`)).json().total).toBe(0);
    });

    it('refuses an environment other than this installation with 400', async () => {
      for (const url of [
        'organizations/source/?sourceEnv=staging',
        `organization/${w.orgs.acme.id}/workspaces?source=1&sourceEnv=staging`,
        `organization/${w.orgs.globex.id}/workspaces?source=0&targetEnv=staging`,
        `organization/${w.orgs.acme.id}/workspace/${w.ws.assembly.id}/workflows?sourceEnv=staging`,
      ]) {
        expect((await get(editor, url)).json(), url).toMatchObject({
          statusCode: 400,
          code: 'SOURCE_ENV_UNKNOWN',
          message: 'This source environment is not configured.',
        });
      }
      expect((await get(editor, 'organizations/source/?sourceEnv=default')).statusCode).toBe(200);
    });

    it("lists an organization's workspaces by name, filtered by privacy and name", async () => {
      const all = (await get(editor, `organization/${w.orgs.acme.id}/workspaces?source=1`)).json();
      expect(all).toEqual({
        workspaces: [
          { id: w.ws.assembly.id, name: 'Assembly', workspaceGroupName: 'Operations', private: false },
          { id: w.ws.big.id, name: 'Big library', workspaceGroupName: null, private: false },
          { id: w.ws.leaders.id, name: 'Leaders', workspaceGroupName: null, private: true },
        ],
        total: 3,
      });
      const privateOnly = (await get(editor, `organization/${w.orgs.globex.id}/workspaces?private=true`)).json();
      expect(privateOnly.workspaces.map((x: { name: string }) => x.name)).toEqual(['Vault']);
      const publicOnly = (await get(editor, `organization/${w.orgs.globex.id}/workspaces?source=0&private=false`)).json();
      expect(publicOnly.workspaces.map((x: { name: string }) => x.name)).toEqual(['Line']);
      expect((await get(editor, `organization/${w.orgs.acme.id}/workspaces?q=lib&limit=1`)).json().total).toBe(1);
      const missing = await get(editor, 'organization/00000000-0000-4000-8000-000000000000/workspaces');
      expect(missing.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
    });

    it("pages a workspace's workflows with their stage and steps, filtered by title", async () => {
      const base = `organization/${w.orgs.acme.id}/workspace/${w.ws.big.id}/workflows`;
      const p2 = (await get(editor, `${base}?page=2&limit=20`)).json();
      expect(p2.total).toBe(23);
      expect(p2.workflows.map((f: { title: string }) => f.title)).toEqual(['Library 21', 'Library 22', 'Library 23']);
      expect((await get(editor, `${base}?q=ary%2007`)).json().workflows.map((f: { title: string }) => f.title)).toEqual(['Library 07']);
      const assembly = (await get(editor, `organization/${w.orgs.acme.id}/workspace/${w.ws.assembly.id}/workflows`)).json();
      expect(assembly.workflows).toEqual([
        expect.objectContaining({
          id: w.flows.belt.id,
          title: 'Changing a belt',
          stage: 'step_editing',
          stepsCount: 4,
          hasSourceVideo: true,
        }),
        expect.objectContaining({ id: w.flows.inspection.id, title: 'Daily inspection', stepsCount: 0 }),
        expect.objectContaining({ id: w.flows.lockout.id, title: 'Lockout procedure', stepsCount: 3 }),
      ]);
      // A workspace of another organization is not found.
      const other = await get(editor, `organization/${w.orgs.globex.id}/workspace/${w.ws.assembly.id}/workflows`);
      expect(other.json()).toMatchObject({ statusCode: 404, code: 'WORKSPACE_NOT_FOUND' });
    });

    it("lists the target organization's enabled users who may author, by name", async () => {
      const base = `organization/${w.orgs.globex.id}/workspace/${w.ws.line.id}/authors`;
      const all = (await get(editor, base)).json();
      expect(all.total).toBe(3);
      expect(all.authors).toEqual([
        { id: w.people.globexAdmin.id, displayName: 'Gil Globex', email: 'gil@globex.example', role: 'org_admin' },
        expect.objectContaining({ id: w.people.globexPublisher.id, displayName: 'Pia Publisher', role: 'publisher' }),
        expect.objectContaining({ id: w.people.globexWsAdmin.id, displayName: 'Walt Workspace', role: 'workspace_admin' }),
      ]);
      expect((await get(editor, `${base}?page=2&limit=2`)).json().authors.map((a: { displayName: string }) => a.displayName)).toEqual([
        'Walt Workspace',
      ]);
      expect((await get(editor, `${base}?q=gil%40`)).json().authors).toHaveLength(1);
    });
  });

  describe('scheduling', () => {
    const expectRefused = async (res: Awaited<ReturnType<typeof post>>, code: string, path: string, message?: string) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe(code);
      expect(body.details).toEqual([expect.objectContaining({ path, ...(message ? { message } : {}) })]);
    };

    it('needs every field, each with its own message', async () => {
      const before = await importsCount();
      const res = await post(editor, {});
      expect(res.statusCode).toBe(400);
      const messages = new Set<string>(res.json().details.map((d: { path: string; message: string }) => `${d.path} ${d.message}`));
      expect([...messages].sort()).toEqual(
        Object.entries(workflowImportFieldMessages)
          .map(([field, message]) => `/${field} ${message}`)
          .sort(),
      );
      for (const [field, message] of Object.entries(workflowImportFieldMessages)) {
        for (const value of [undefined, '']) {
          const one = await post(editor, importBody(w, { [field]: value }));
          const details: { path: string; message: string }[] = one.json().details;
          expect(new Set(details.map((d) => `${d.path} ${d.message}`)), field).toEqual(new Set([`/${field} ${message}`]));
        }
      }
      await expectRefused(await post(editor, importBody(w, { workflows: [] })), 'VALIDATION_ERROR', '/workflows', 'workflowsRequired');
      expect(await importsCount()).toBe(before);
    });

    it('refuses a source environment other than this installation', async () => {
      await expectRefused(await post(editor, importBody(w, { sourceEnv: 'staging' })), 'SOURCE_ENV_UNKNOWN', '/sourceEnv');
    });

    it('keeps workflows of private workspaces to private workspaces, and public to public', async () => {
      const res = await post(editor, importBody(w, { targetWorkspaceId: w.ws.vault.id }), w.orgs.globex.id, w.ws.vault.id);
      await expectRefused(res, 'WORKFLOW_IMPORT_PRIVACY_MISMATCH', '/targetWorkspaceId');
      expect(res.json().message).toBe('Workflows from a private workspace go only to a private workspace, and public to public.');
      const fromPrivate = importBody(w, { sourceWorkspaceId: w.ws.leaders.id, workflows: [w.flows.onboarding.id] });
      await expectRefused(await post(editor, fromPrivate), 'WORKFLOW_IMPORT_PRIVACY_MISMATCH', '/targetWorkspaceId');
      const privateToPrivate = await post(editor, { ...fromPrivate, targetWorkspaceId: w.ws.vault.id }, w.orgs.globex.id, w.ws.vault.id);
      expect(privateToPrivate.statusCode, privateToPrivate.body).toBe(202);
    });

    it('checks the organizations, workspaces, author and workflows against each other', async () => {
      const before = await importsCount();
      const cases: [Record<string, unknown>, string, string, [string, string]?][] = [
        [{ targetOrganizationId: w.orgs.acme.id }, 'WORKFLOW_IMPORT_TARGET_MISMATCH', '/targetOrganizationId'],
        [{ targetWorkspaceId: w.ws.vault.id }, 'WORKFLOW_IMPORT_TARGET_MISMATCH', '/targetWorkspaceId'],
        [
          { targetWorkspaceId: w.ws.big.id },
          'WORKFLOW_IMPORT_TARGET_WORKSPACE_UNKNOWN',
          '/targetWorkspaceId',
          [w.orgs.globex.id, w.ws.big.id],
        ],
        [{ sourceOrganizationId: w.orgs.initech.id }, 'WORKFLOW_IMPORT_SOURCE_ORGANIZATION_UNKNOWN', '/sourceOrganizationId'],
        [{ sourceWorkspaceId: w.ws.line.id }, 'WORKFLOW_IMPORT_SOURCE_WORKSPACE_UNKNOWN', '/sourceWorkspaceId'],
        [{ targetAuthorId: w.people.globexViewer.id }, 'WORKFLOW_IMPORT_AUTHOR_INVALID', '/targetAuthorId'],
        [{ targetAuthorId: w.people.globexGone.id }, 'WORKFLOW_IMPORT_AUTHOR_INVALID', '/targetAuthorId'],
        [{ targetAuthorId: w.people.acmeAdmin.id }, 'WORKFLOW_IMPORT_AUTHOR_INVALID', '/targetAuthorId'],
        [{ workflows: [w.flows.lockout.id, w.flows.onboarding.id] }, 'WORKFLOW_IMPORT_WORKFLOWS_UNKNOWN', '/workflows'],
      ];
      for (const [overrides, code, path, where] of cases) {
        const [org, ws] = where ?? [w.orgs.globex.id, w.ws.line.id];
        await expectRefused(await post(editor, importBody(w, overrides), org, ws), code, path);
      }
      const unknown = (await post(editor, importBody(w, { workflows: [w.flows.onboarding.id] }))).json();
      expect(unknown.details[0].workflows).toEqual([w.flows.onboarding.id]);
      // Into the same workspace it came from.
      const same = importBody(w, {
        targetOrganizationId: w.orgs.acme.id,
        targetWorkspaceId: w.ws.assembly.id,
        targetAuthorId: w.people.acmeAdmin.id,
      });
      await expectRefused(
        await post(editor, same, w.orgs.acme.id, w.ws.assembly.id),
        'WORKFLOW_IMPORT_SAME_WORKSPACE',
        '/targetWorkspaceId',
      );
      expect(await importsCount()).toBe(before);
    });

    it('refuses a disabled target organization, and answers 404 for an unknown one', async () => {
      const body = importBody(w, {
        targetOrganizationId: w.orgs.initech.id,
        targetWorkspaceId: w.ws.initechWs.id,
        targetAuthorId: w.people.initechAdmin.id,
      });
      const res = await post(editor, body, w.orgs.initech.id, w.ws.initechWs.id);
      expect(res.json()).toMatchObject({ statusCode: 409, code: 'ORGANIZATION_DISABLED' });
      const ghost = '00000000-0000-4000-8000-000000000000';
      const missing = await post(editor, importBody(w, { targetOrganizationId: ghost }), ghost);
      expect(missing.json()).toMatchObject({ statusCode: 404, code: 'ORGANIZATION_NOT_FOUND' });
    });

    it('schedules an import with its items in one go, shows it in the list and its status, and audits it', async () => {
      const res = await post(editor, importBody(w, { workflows: [w.flows.lockout.id, w.flows.belt.id, w.flows.lockout.id] }));
      expect(res.statusCode, res.body).toBe(202);
      const { workflowImport } = res.json();
      expect(workflowImport).toMatchObject({
        status: 'processing',
        sourceEnv: 'default',
        sourceOrganizationName: 'Acme Source',
        sourceWorkspaceName: 'Assembly',
        targetOrganizationId: w.orgs.globex.id,
        targetWorkspaceName: 'Line',
        targetAuthorName: 'Pia Publisher',
        createdBy: 'Test User',
        finishedAt: null,
        counts: { total: 2, remaining: 2, scheduled: 2, pending: 0, completed: 0, failed: 0 },
      });
      const list = (await get(reader, `organization/${w.orgs.globex.id}/workflow-imports?page=1&limit=1`)).json();
      expect(list.workflowImports.map((i: { id: string }) => i.id)).toEqual([workflowImport.id]);
      expect(list.total).toBe(2);
      const details = (await get(reader, `organization/${w.orgs.globex.id}/workflow-imports/${workflowImport.id}`)).json();
      expect(details.workflowImport.items.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
        ['Changing a belt', 'scheduled'],
        ['Lockout procedure', 'scheduled'],
      ]);
      const elsewhere = await get(reader, `organization/${w.orgs.acme.id}/workflow-imports/${workflowImport.id}`);
      expect(elsewhere.json()).toMatchObject({ statusCode: 404, code: 'WORKFLOW_IMPORT_NOT_FOUND' });
      const recorded = await eventsOf(t.database.db, { targetId: workflowImport.id });
      expect(recorded).toEqual([
        expect.objectContaining({ action: 'workflow_import.scheduled', actor: expect.objectContaining({ type: 'staff', id: editor.id }) }),
      ]);
    });
  });
});
