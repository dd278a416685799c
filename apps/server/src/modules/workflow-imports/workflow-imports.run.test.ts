/** The copy job of workflow imports: every workflow and its steps copied once, failures with their reasons, retries without duplicates. */
import type { WorkflowImportView } from '@console/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { eventsOf } from '../../test/events.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';
import { type SignedIn, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { until } from '../../test/until.js';
import { createWorkflowImportRunner, ITEM_MAX_ATTEMPTS } from './run.js';
import { currentSourceEnvs } from './source-envs.js';
import { createWorkflowCopyRepository } from './workflow-copy.repository.js';
import { createWorkflowImportItemsRepository } from './workflow-import-items.repository.js';
import { createWorkflow, type ImportWorld, importBody, seedImportWorld } from './workflow-imports.fixtures.js';
import { workflowImportJobs } from './workflow-imports.jobs.js';
import { createWorkflowImportsRepository } from './workflow-imports.repository.js';

describe('workflow-import job', () => {
  let t: TestApp;
  let w: ImportWorld;
  let staff: SignedIn;

  beforeAll(async () => {
    // With a queue, but its workers start only in the last test: the others run imports themselves.
    t = await createTestApp();
    w = await seedImportWorld(t.database.db);
    staff = await signInStaff(t, { roles: ['read', 'update'] });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** The run the job makes, called here directly (the app's runner, from the registry). */
  const runWorkflowImport = (importId: string) => t.app.services.workflowImportRunner.run(importId);
  /**
   * A run as the job makes it whose copies first go through `beforeCopy`, inside the item's
   * transaction (where a failing copy fails): a runner built as the composition root builds it,
   * its copy repository wrapped.
   */
  const runWithCopiesThrough = (importId: string, beforeCopy: (sourceWorkflowId: string) => void | Promise<void>) => {
    const copy = createWorkflowCopyRepository(db());
    return createWorkflowImportRunner({
      db: db(),
      imports: createWorkflowImportsRepository(db()),
      items: createWorkflowImportItemsRepository(db()),
      copy: {
        ...copy,
        async copyWorkflow(from, to, tx) {
          await beforeCopy(from.workflowId);
          return copy.copyWorkflow(from, to, tx);
        },
      },
      envs: currentSourceEnvs(t.deps),
    }).run(importId);
  };

  /** A fresh public target workspace of Globex per test, so counts do not mix. */
  async function schedule(workflows: string[], target?: { org: string; ws: string; author: string }) {
    const ws = target ?? {
      org: w.orgs.globex.id,
      ws: (await createWorkspace(db(), w.orgs.globex.id)).id,
      author: w.people.globexPublisher.id,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organization/${ws.org}/workspace/${ws.ws}/workflows`,
      headers: staff.headers,
      payload: importBody(w, { workflows, targetOrganizationId: ws.org, targetWorkspaceId: ws.ws, targetAuthorId: ws.author }),
    });
    expect(res.statusCode, res.body).toBe(202);
    return { importId: (res.json().workflowImport as WorkflowImportView).id, workspaceId: ws.ws, organizationId: ws.org };
  }

  const status = async (orgId: string, importId: string) =>
    (await t.app.inject({ url: `/api/organization/${orgId}/workflow-imports/${importId}`, headers: staff.headers })).json().workflowImport;

  const copiesIn = (workspaceId: string) =>
    db().select().from(schema.workflows).where(eq(schema.workflows.workspaceId, workspaceId)).orderBy(asc(schema.workflows.title));

  const stepsOf = async (workflowId: string) =>
    (
      await db()
        .select()
        .from(schema.workflowSteps)
        .where(eq(schema.workflowSteps.workflowId, workflowId))
        .orderBy(asc(schema.workflowSteps.position))
    ).map(({ id: _id, workflowId: _w, ...step }) => step);

  it('copies each workflow with its steps into the target workspace with the chosen author, and ends completed', async () => {
    const { importId, workspaceId, organizationId } = await schedule([w.flows.lockout.id, w.flows.belt.id, w.flows.inspection.id]);
    await runWorkflowImport(importId);
    const view = await status(organizationId, importId);
    expect(view).toMatchObject({
      status: 'completed',
      counts: { total: 3, remaining: 0, completed: 3, scheduled: 0, pending: 0, failed: 0 },
    });
    expect(view.finishedAt).not.toBeNull();
    const copies = await copiesIn(workspaceId);
    expect(copies.map((c) => [c.title, c.importedFromId])).toEqual([
      ['Changing a belt', w.flows.belt.id],
      ['Daily inspection', w.flows.inspection.id],
      ['Lockout procedure', w.flows.lockout.id],
    ]);
    for (const copy of copies) {
      const source = Object.values(w.flows).find((f) => f.id === copy.importedFromId)!;
      expect(copy).toMatchObject({
        organizationId: w.orgs.globex.id,
        authorId: w.people.globexPublisher.id,
        description: source.description,
        stage: source.stage,
        sourceVideoKey: 'demo/sample-video.mp4',
        durationSeconds: source.durationSeconds,
      });
      expect(copy.id).not.toBe(source.id);
      expect(await stepsOf(copy.id)).toEqual(await stepsOf(source.id));
    }
    expect((await stepsOf(copies[0].id)).length).toBe(4);
    // The items carry the copies' ids.
    expect(new Set(view.items.map((i: { workflowId: string }) => i.workflowId))).toEqual(new Set(copies.map((c) => c.id)));
    // The sources are untouched.
    expect(await stepsOf(w.flows.lockout.id)).toHaveLength(3);
    // Its end is its event, by the console itself, with the counts; a second run records nothing more.
    await runWorkflowImport(importId);
    expect(await eventsOf(db(), { targetId: importId, action: 'workflow_import.%' })).toMatchObject([
      { action: 'workflow_import.scheduled' },
      { action: 'workflow_import.completed', organizationId, actor: { type: 'system' }, data: { copied: 3, failed: 0 } },
    ]);
  });

  it('fails an item with its reason after its tries, and still completes the others', async () => {
    const doomed = await createWorkflow(db(), w.ws.assembly, 'Doomed', 1);
    const { importId, workspaceId, organizationId } = await schedule([w.flows.lockout.id, w.flows.belt.id, doomed.id]);
    // One source workflow is deleted after scheduling; another fails on every try.
    await db().delete(schema.workflows).where(eq(schema.workflows.id, doomed.id));
    let beltTries = 0;
    await runWithCopiesThrough(importId, (id) => {
      if (id === w.flows.belt.id) {
        beltTries++;
        throw new Error('The video store did not answer.');
      }
    });
    expect(beltTries).toBe(ITEM_MAX_ATTEMPTS);
    const view = await status(organizationId, importId);
    expect(view).toMatchObject({ status: 'error', counts: { total: 3, remaining: 0, completed: 1, failed: 2 } });
    const byId = new Map(view.items.map((i: { sourceWorkflowId: string }) => [i.sourceWorkflowId, i]));
    expect(byId.get(w.flows.belt.id)).toMatchObject({
      status: 'failed',
      failedReason: 'The video store did not answer.',
      attempts: ITEM_MAX_ATTEMPTS,
      workflowId: null,
    });
    expect(byId.get(doomed.id)).toMatchObject({
      status: 'failed',
      title: null,
      failedReason: 'The source workflow no longer exists in the source workspace.',
    });
    expect(byId.get(w.flows.lockout.id)).toMatchObject({ status: 'completed', failedReason: null, attempts: 1 });
    // The failed tries left nothing behind.
    expect((await copiesIn(workspaceId)).map((c) => c.title)).toEqual(['Lockout procedure']);
    expect(await eventsOf(db(), { targetId: importId, action: 'workflow_import.failed' })).toMatchObject([
      { organizationId, actor: { type: 'system' }, targets: [{ type: 'workflow_import', id: importId }], data: { copied: 1, failed: 2 } },
    ]);
  });

  it('never copies an item twice: a failed try is rolled back, a second run and a run of a finished import do nothing more', async () => {
    const { importId, workspaceId, organizationId } = await schedule([w.flows.lockout.id, w.flows.belt.id]);
    let crashed = false;
    // The first run dies in the middle of the belt's copy (after the lockout is done).
    await runWithCopiesThrough(importId, async (id) => {
      if (id === w.flows.belt.id && !crashed) {
        crashed = true;
        throw new Error('connection lost');
      }
    });
    const view = await status(organizationId, importId);
    expect(view.status).toBe('completed');
    expect(view.items.find((i: { sourceWorkflowId: string }) => i.sourceWorkflowId === w.flows.belt.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
    });
    // Two more runs at once, and one after: nothing new.
    await Promise.all([runWorkflowImport(importId), runWorkflowImport(importId)]);
    const copies = await copiesIn(workspaceId);
    expect(copies.map((c) => c.title)).toEqual(['Changing a belt', 'Lockout procedure']);
    const steps = await db().$count(
      schema.workflowSteps,
      inArray(
        schema.workflowSteps.workflowId,
        copies.map((c) => c.id),
      ),
    );
    expect(steps).toBe(7);
  });

  it('runs two imports of the same workflows side by side without mixing them', async () => {
    const a = await schedule([w.flows.lockout.id]);
    const b = await schedule([w.flows.lockout.id]);
    await Promise.all([runWorkflowImport(a.importId), runWorkflowImport(b.importId)]);
    expect(await copiesIn(a.workspaceId)).toHaveLength(1);
    expect(await copiesIn(b.workspaceId)).toHaveLength(1);
  });

  it('fails what is left when the target organization is disabled meanwhile', async () => {
    const org = await createOrganization(db(), { name: 'Soon Gone' });
    const ws = await createWorkspace(db(), org.id);
    const author = await createUser(db(), org.id, { role: 'publisher' });
    const { importId } = await schedule([w.flows.lockout.id, w.flows.belt.id], { org: org.id, ws: ws.id, author: author.id });
    await db().update(schema.organizations).set({ disabledAt: new Date() }).where(eq(schema.organizations.id, org.id));
    await runWorkflowImport(importId);
    const items = await db().select().from(schema.workflowImportItems).where(eq(schema.workflowImportItems.importId, importId));
    expect(items.map((i) => [i.status, i.failedReason])).toEqual([
      ['failed', 'The target organization was disabled.'],
      ['failed', 'The target organization was disabled.'],
    ]);
    expect(await copiesIn(ws.id)).toHaveLength(0);
  });

  it('runs as a pg-boss job queued by scheduling, and resumes unfinished imports when the workers start', async () => {
    const queued = await schedule([w.flows.lockout.id, w.flows.belt.id]);
    // An import whose job was lost (as if the process stopped right after scheduling).
    const lost = await schedule([w.flows.inspection.id]);
    const deleted = await t.database.executeSql(`delete from pgboss.job where data->>'importId' = $1 returning id`, [lost.importId]);
    expect(deleted.rows).toHaveLength(1);
    await t.deps.jobs.startWorkers(workflowImportJobs({ deps: t.deps, services: t.app.services }));
    for (const { importId, organizationId, workspaceId } of [queued, lost]) {
      const done = await until('the import', async () => {
        const view = await status(organizationId, importId);
        return view.status === 'processing' ? undefined : view;
      });
      expect(done.status).toBe('completed');
      expect((await copiesIn(workspaceId)).every((c) => c.authorId === w.people.globexPublisher.id)).toBe(true);
    }
  });
});
