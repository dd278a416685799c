/** The organizations, workspaces, workflows and people of the workflow-import tests (staff sign in with signInStaff). */
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace } from '../../test/factories.js';

export async function createWorkflow(db: Db, workspace: { id: string; organizationId: string }, title: string, steps = 3) {
  const [flow] = await db
    .insert(schema.workflows)
    .values({
      organizationId: workspace.organizationId,
      workspaceId: workspace.id,
      title,
      description: `About ${title}`,
      stage: 'step_editing',
      sourceVideoKey: 'demo/sample-video.mp4',
      durationSeconds: 90,
    })
    .returning();
  if (steps > 0) {
    await db.insert(schema.workflowSteps).values(
      Array.from({ length: steps }, (_, position) => ({
        workflowId: flow.id,
        position,
        title: `Step ${position + 1}`,
        text: `Do ${position + 1}`,
        startMs: position * 1000,
        endMs: (position + 1) * 1000,
      })),
    );
  }
  return flow;
}

export async function seedImportWorld(db: Db) {
  const acme = await createOrganization(db, { name: 'Acme Source' });
  const globex = await createOrganization(db, { name: 'Globex Target' });
  const initech = await createOrganization(db, { name: 'Initech Gone', disabledAt: new Date(Date.UTC(2026, 5, 1)) });

  const assembly = await createWorkspace(db, acme.id, { name: 'Assembly', workspaceGroupName: 'Operations' });
  const leaders = await createWorkspace(db, acme.id, { name: 'Leaders', private: true });
  const big = await createWorkspace(db, acme.id, { name: 'Big library' });
  const line = await createWorkspace(db, globex.id, { name: 'Line' });
  const vault = await createWorkspace(db, globex.id, { name: 'Vault', private: true });
  const initechWs = await createWorkspace(db, initech.id, { name: 'Old' });

  const flows = {
    lockout: await createWorkflow(db, assembly, 'Lockout procedure', 3),
    belt: await createWorkflow(db, assembly, 'Changing a belt', 4),
    inspection: await createWorkflow(db, assembly, 'Daily inspection', 0),
    onboarding: await createWorkflow(db, leaders, 'First day', 2),
  };
  for (let i = 1; i <= 23; i++) await createWorkflow(db, big, `Library ${String(i).padStart(2, '0')}`, 1);

  const people = {
    acmeAdmin: await createUser(db, acme.id, { displayName: 'Ann Acme', email: 'ann@acme.example' }),
    globexAdmin: await createUser(db, globex.id, { displayName: 'Gil Globex', email: 'gil@globex.example' }),
    globexPublisher: await createUser(db, globex.id, { displayName: 'Pia Publisher', role: 'publisher' }),
    globexWsAdmin: await createUser(db, globex.id, { displayName: 'Walt Workspace', role: 'workspace_admin' }),
    globexViewer: await createUser(db, globex.id, { displayName: 'Vic Viewer', role: 'viewer' }),
    globexGone: await createUser(db, globex.id, { displayName: 'Dee Disabled', role: 'publisher', disabledAt: new Date() }),
    initechAdmin: await createUser(db, initech.id, { displayName: 'Ida Initech', disabledAt: new Date() }),
  };
  return {
    orgs: { acme, globex, initech },
    ws: { assembly, leaders, big, line, vault, initechWs },
    flows,
    people,
  };
}

export type ImportWorld = Awaited<ReturnType<typeof seedImportWorld>>;

/** A valid body: Acme's Assembly workflows into Globex's Line, by Globex's publisher. */
export function importBody(w: ImportWorld, overrides: Record<string, unknown> = {}) {
  return {
    sourceOrganizationId: w.orgs.acme.id,
    sourceWorkspaceId: w.ws.assembly.id,
    workflows: [w.flows.lockout.id, w.flows.belt.id],
    targetOrganizationId: w.orgs.globex.id,
    targetWorkspaceId: w.ws.line.id,
    targetAuthorId: w.people.globexPublisher.id,
    sourceEnv: 'default',
    ...overrides,
  };
}
