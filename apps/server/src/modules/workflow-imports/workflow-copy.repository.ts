/**
 * The copy of one workflow and its steps into a target workspace, with the chosen author
 * (docs/product.md, "Workflow imports"). The video is not copied: the copy refers to the
 * same blob by its key. Within this installation one statement copies; from another
 * environment the workflow is read there (only read), then written here.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Db, sqlRows } from '../../db/client.js';
import { workflowSteps, workflows } from '../../db/schema.js';
import { orderedWorkflowSteps } from '../../db/workflow-steps.js';

export interface CopyTarget {
  organizationId: string;
  workspaceId: string;
  authorId: string;
}

async function readWorkflow(db: Db, workflowId: string, workspaceId: string) {
  const [workflow] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.workspaceId, workspaceId)));
  if (!workflow) return undefined;
  const steps = (await orderedWorkflowSteps(db, workflowId)).map(({ id: _id, ...step }) => step);
  return { workflow, steps };
}

export type SourceWorkflow = NonNullable<Awaited<ReturnType<typeof readWorkflow>>>;

export function createWorkflowCopyRepository(root: Db) {
  return {
    /** Copies the workflow (if it is still in the source workspace) and its steps; answers the copy's id. */
    async copyWorkflow(
      source: { workflowId: string; workspaceId: string },
      target: CopyTarget,
      db: Db = root,
    ): Promise<string | undefined> {
      const [copy] = await sqlRows<{ id: string }>(
        db,
        sql`insert into ${workflows} (organization_id, workspace_id, author_id, title, description, stage, source_video_key, duration_seconds, imported_from_id)
            select ${target.organizationId}::uuid, ${target.workspaceId}::uuid, ${target.authorId}::uuid, title, description, stage, source_video_key, duration_seconds, id
            from ${workflows} where id = ${source.workflowId}::uuid and workspace_id = ${source.workspaceId}::uuid
            returning id`,
      );
      if (!copy) return undefined;
      await db.execute(sql`
        insert into ${workflowSteps} (workflow_id, position, title, text, start_ms, end_ms)
        select ${copy.id}::uuid, position, title, text, start_ms, end_ms from ${workflowSteps} where workflow_id = ${source.workflowId}::uuid`);
      return copy.id;
    },

    /** A workflow of the workspace and its steps in order, read from (another environment's) database. */
    readWorkflow: (workflowId: string, workspaceId: string, db: Db = root) => readWorkflow(db, workflowId, workspaceId),

    /** Writes a copy read from another environment; answers its id. */
    async insertCopy(source: SourceWorkflow, target: CopyTarget, db: Db = root) {
      const w = source.workflow;
      const [copy] = await db
        .insert(workflows)
        .values({
          organizationId: target.organizationId,
          workspaceId: target.workspaceId,
          authorId: target.authorId,
          title: w.title,
          description: w.description,
          stage: w.stage,
          sourceVideoKey: w.sourceVideoKey,
          durationSeconds: w.durationSeconds,
          importedFromId: w.id,
        })
        .returning({ id: workflows.id });
      if (source.steps.length > 0) await db.insert(workflowSteps).values(source.steps.map((step) => ({ ...step, workflowId: copy.id })));
      return copy.id;
    },
  };
}

export type WorkflowCopyRepository = ReturnType<typeof createWorkflowCopyRepository>;
