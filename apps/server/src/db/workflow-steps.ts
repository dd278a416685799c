/**
 * The one query of a workflow's steps, always in order (by position: the unique index on
 * workflow and position). The look-up, the external API and the cross-environment copy of
 * workflow imports all read steps through it.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { workflowSteps } from './schema.js';

export function orderedWorkflowSteps(db: Db, workflowId: string) {
  return db
    .select({
      id: workflowSteps.id,
      position: workflowSteps.position,
      title: workflowSteps.title,
      text: workflowSteps.text,
      startMs: workflowSteps.startMs,
      endMs: workflowSteps.endMs,
    })
    .from(workflowSteps)
    .where(eq(workflowSteps.workflowId, workflowId))
    .orderBy(asc(workflowSteps.position));
}

export type WorkflowStepRow = Awaited<ReturnType<typeof orderedWorkflowSteps>>[number];
