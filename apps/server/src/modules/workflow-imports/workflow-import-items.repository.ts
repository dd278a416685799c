/**
 * The state of an import's items as the job moves them (docs/product.md, "Workflow
 * imports"): scheduled (not tried), pending (tried, to be tried again), completed (with the
 * copy's id) or failed (with its reason). The job claims one item at a time, in its own
 * transaction: pass the transaction as the executor (the last parameter).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { workflowImportItems } from '../../db/schema.js';

const toDo = (importId: string) =>
  and(eq(workflowImportItems.importId, importId), inArray(workflowImportItems.status, ['scheduled', 'pending']));

export function createWorkflowImportItemsRepository(root: Db) {
  return {
    /** The next item to copy, locked for the transaction; others running the same import skip it. */
    async claimNextItem(importId: string, maxAttempts: number, db: Db = root) {
      const [row] = await db
        .select({
          id: workflowImportItems.id,
          sourceWorkflowId: workflowImportItems.sourceWorkflowId,
          attempts: workflowImportItems.attempts,
        })
        .from(workflowImportItems)
        .where(and(toDo(importId), sql`${workflowImportItems.attempts} < ${maxAttempts}`))
        .orderBy(asc(workflowImportItems.attempts), asc(workflowImportItems.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    async completeItem(itemId: string, targetWorkflowId: string, db: Db = root) {
      await db
        .update(workflowImportItems)
        .set({
          status: 'completed',
          targetWorkflowId,
          failedReason: null,
          attempts: sql`${workflowImportItems.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(workflowImportItems.id, itemId));
    },

    /** A failed try: pending while tries are left, else failed; the reason is kept either way. */
    async failItem(itemId: string, reason: string, final: boolean, db: Db = root) {
      await db
        .update(workflowImportItems)
        .set({
          status: final ? 'failed' : 'pending',
          failedReason: reason,
          attempts: sql`${workflowImportItems.attempts} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(workflowImportItems.id, itemId));
    },

    /** Fails every item still to do (the target organization was disabled, the source environment is gone). */
    async failRemainingItems(importId: string, reason: string, db: Db = root) {
      await db.update(workflowImportItems).set({ status: 'failed', failedReason: reason, updatedAt: sql`now()` }).where(toDo(importId));
    },

    /** Items left over whose tries are used up (a process died during their last try) fail. */
    async failExhaustedItems(importId: string, maxAttempts: number, reason: string, db: Db = root) {
      await db
        .update(workflowImportItems)
        .set({ status: 'failed', failedReason: sql`coalesce(${workflowImportItems.failedReason}, ${reason})`, updatedAt: sql`now()` })
        .where(and(toDo(importId), sql`${workflowImportItems.attempts} >= ${maxAttempts}`));
    },
  };
}

export type WorkflowImportItemsRepository = ReturnType<typeof createWorkflowImportItemsRepository>;
