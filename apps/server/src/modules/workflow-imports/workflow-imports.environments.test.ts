/**
 * Workflow imports from another environment of the platform (docs/product.md, "Workflow imports"):
 * configured by name, only read, looked up and copied from like our own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, testConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { type SignedIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createSourceEnvs, readOnlyUrl, useSourceEnvs } from './source-envs.js';
import { createWorkflow } from './workflow-imports.fixtures.js';

describe('WORKFLOW_SOURCE_ENVS', () => {
  it('reads a JSON object of names to postgres URLs, empty by default', () => {
    expect(testConfig().WORKFLOW_SOURCE_ENVS).toEqual({});
    const config = testConfig({ WORKFLOW_SOURCE_ENVS: '{"staging":"postgres://reader@db.example/platform","eu-2":"postgresql://x@y/z"}' });
    expect(config.WORKFLOW_SOURCE_ENVS).toEqual({ staging: 'postgres://reader@db.example/platform', 'eu-2': 'postgresql://x@y/z' });
  });

  it('refuses what is not such an object, the reserved name "default", bad names and other URLs', () => {
    for (const [value, message] of [
      ['staging=postgres://x', /WORKFLOW_SOURCE_ENVS: must be a JSON object/],
      ['{"default":"postgres://x@y/z"}', /"default" is this installation/],
      ['{"Staging Env":"postgres://x@y/z"}', /names are lowercase/],
      ['{"staging":"mysql://x@y/z"}', /staging: must be a postgres:\/\/ URL/],
    ] as const) {
      expect(() => testConfig({ WORKFLOW_SOURCE_ENVS: value }), value).toThrow(ConfigError);
      expect(() => testConfig({ WORKFLOW_SOURCE_ENVS: value }), value).toThrow(message);
    }
  });

  it('opens every source read-only, keeping options of its own', () => {
    expect(new URL(readOnlyUrl('postgres://reader:pw@db.example:5432/platform')).searchParams.get('options')).toBe(
      '-c default_transaction_read_only=on',
    );
    expect(new URL(readOnlyUrl('postgres://r@h/p?options=-c%20search_path%3Dapp')).searchParams.get('options')).toBe(
      '-c search_path=app -c default_transaction_read_only=on',
    );
  });
});

describe('imports from another environment', () => {
  let t: TestApp;
  let staging: Database;
  let staff: SignedIn;
  let opened = 0;
  const ids = { org: '', ws: '', privateWs: '', flow: '', target: '', targetWs: '', author: '' };

  beforeAll(async () => {
    t = await createTestApp();
    staging = await createTestDatabase();
    useSourceEnvs(
      t.deps,
      createSourceEnvs(t.database, { staging: 'postgres://unused@127.0.0.1/staging' }, async () => {
        opened++;
        return staging;
      }),
    );
    // The source lives only in the staging database.
    const org = await createOrganization(staging.db, { name: 'Staging Plant' });
    const ws = await createWorkspace(staging.db, org.id, { name: 'Pilot line' });
    const privateWs = await createWorkspace(staging.db, org.id, { name: 'Pilot secrets', private: true });
    const flow = await createWorkflow(staging.db, ws, 'Pilot calibration', 2);
    // The target and the people in our own.
    const target = await createOrganization(t.database.db, { name: 'Production Co' });
    const targetWs = await createWorkspace(t.database.db, target.id, { name: 'Line 1' });
    const author = await createUser(t.database.db, target.id, { role: 'publisher' });
    staff = await signInStaff(t, { roles: ['read', 'update'] });
    Object.assign(ids, {
      org: org.id,
      ws: ws.id,
      privateWs: privateWs.id,
      flow: flow.id,
      target: target.id,
      targetWs: targetWs.id,
      author: author.id,
    });
  });
  // Closing the app closes the environments it opened: the staging database too.
  afterAll(() => t.close());

  const runWorkflowImport = (importId: string) => t.app.services.workflowImportRunner.run(importId);
  const get = (url: string) => t.app.inject({ url: `/api/${url}`, headers: staff.headers });
  const schedule = (overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/organization/${ids.target}/workspace/${ids.targetWs}/workflows`,
      headers: staff.headers,
      payload: {
        sourceOrganizationId: ids.org,
        sourceWorkspaceId: ids.ws,
        workflows: [ids.flow],
        targetOrganizationId: ids.target,
        targetWorkspaceId: ids.targetWs,
        targetAuthorId: ids.author,
        sourceEnv: 'staging',
        ...overrides,
      },
    });

  it('lists the environments, ours first', async () => {
    expect((await get('workflow-import/environments')).json()).toEqual({ environments: ['default', 'staging'] });
  });

  it("lists the other environment's organizations at GET organizations?sourceEnv, ours without it, and refuses an unknown one", async () => {
    const staged = (await get('organizations?sourceEnv=staging')).json();
    expect(staged.organizations.map((o: { id: string; name: string }) => [o.id, o.name])).toEqual([[ids.org, 'Staging Plant']]);
    expect(staged.total).toBe(1);
    const ours = (await get('organizations?limit=100')).json();
    expect(ours.organizations.map((o: { name: string }) => o.name)).toContain('Production Co');
    expect(ours.organizations.map((o: { name: string }) => o.name)).not.toContain('Staging Plant');
    expect((await get('organizations?sourceEnv=default&limit=100')).json()).toEqual(ours);
    const unknown = await get('organizations?sourceEnv=nowhere');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'SOURCE_ENV_UNKNOWN', details: [{ path: '/sourceEnv' }] });
  });

  it("looks up the other environment's organizations, workspaces and workflows", async () => {
    expect((await get('organizations/source/?sourceEnv=staging')).json()).toEqual({
      organizations: [{ id: ids.org, name: 'Staging Plant' }],
      total: 1,
    });
    const workspaces = (await get(`organization/${ids.org}/workspaces?source=1&sourceEnv=staging`)).json();
    expect(workspaces.workspaces.map((w: { name: string }) => w.name)).toEqual(['Pilot line', 'Pilot secrets']);
    const workflows = (await get(`organization/${ids.org}/workspace/${ids.ws}/workflows?sourceEnv=staging`)).json();
    expect(workflows.workflows).toEqual([expect.objectContaining({ id: ids.flow, title: 'Pilot calibration', stepsCount: 2 })]);
    // Not in our own database.
    expect((await get(`organization/${ids.org}/workspaces?source=1`)).statusCode).toBe(404);
    // Writing is only ever into this installation.
    expect((await get(`organization/${ids.target}/workspaces?source=0&targetEnv=staging`)).json()).toMatchObject({
      code: 'SOURCE_ENV_UNKNOWN',
      details: [{ path: '/targetEnv' }],
    });
    expect(opened).toBe(1);
  });

  it('checks the rules against the source environment', async () => {
    expect((await schedule({ sourceWorkspaceId: ids.privateWs })).json().code).toBe('WORKFLOW_IMPORT_PRIVACY_MISMATCH');
    expect((await schedule({ sourceEnv: 'default' })).json().code).toBe('WORKFLOW_IMPORT_SOURCE_ORGANIZATION_UNKNOWN');
    expect((await schedule({ sourceEnv: 'nowhere' })).json()).toMatchObject({ statusCode: 400, code: 'SOURCE_ENV_UNKNOWN' });
  });

  it('copies the workflow and its steps from there into our workspace, and leaves the source as it was', async () => {
    const res = await schedule();
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json().workflowImport;
    expect(res.json().workflowImport).toMatchObject({
      sourceEnv: 'staging',
      sourceOrganizationName: 'Staging Plant',
      sourceWorkspaceName: 'Pilot line',
    });
    await runWorkflowImport(id);
    const view = (await get(`organization/${ids.target}/workflow-imports/${id}`)).json().workflowImport;
    expect(view).toMatchObject({ status: 'completed', counts: { completed: 1, failed: 0 } });
    expect(view.items).toEqual([expect.objectContaining({ title: 'Pilot calibration', status: 'completed' })]);
    const [copy] = await t.database.db.select().from(schema.workflows).where(eq(schema.workflows.workspaceId, ids.targetWs));
    expect(copy).toMatchObject({ title: 'Pilot calibration', importedFromId: ids.flow, authorId: ids.author, organizationId: ids.target });
    expect(await t.database.db.$count(schema.workflowSteps, eq(schema.workflowSteps.workflowId, copy.id))).toBe(2);
    expect(await staging.db.$count(schema.workflows)).toBe(1);
    const list = (await get(`organization/${ids.target}/workflow-imports`)).json();
    expect(list.workflowImports[0]).toMatchObject({ id, sourceOrganizationName: 'Staging Plant' });
  });

  it('fails the items of an import whose environment is no longer configured', async () => {
    const [row] = await t.database.db
      .insert(schema.workflowImports)
      .values({
        sourceEnv: 'retired',
        sourceOrganizationId: ids.org,
        sourceWorkspaceId: ids.ws,
        targetOrganizationId: ids.target,
        targetWorkspaceId: ids.targetWs,
        targetAuthorId: ids.author,
      })
      .returning();
    await t.database.db.insert(schema.workflowImportItems).values({ importId: row.id, sourceWorkflowId: ids.flow });
    await runWorkflowImport(row.id);
    const view = (await get(`organization/${ids.target}/workflow-imports/${row.id}`)).json().workflowImport;
    expect(view).toMatchObject({ status: 'error', sourceOrganizationName: null });
    expect(view.items).toEqual([
      expect.objectContaining({ status: 'failed', failedReason: 'The source environment is no longer configured.' }),
    ]);
  });
});
