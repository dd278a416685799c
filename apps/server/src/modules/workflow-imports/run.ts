/**
 * The copy of a workflow import, item by item (docs/product.md, "Workflow imports";
 * decision 015). Each item is one short transaction: the item is claimed (FOR UPDATE SKIP
 * LOCKED, so two runs of one import never take the same item), the workflow and its steps
 * are copied into the target workspace with the chosen author, and the item is marked
 * completed together with the copy. A run that dies mid-item rolls the copy back with it,
 * so a retry never duplicates a workflow.
 */
import { DEFAULT_SOURCE_ENV, workflowImportFailedReasons as reasons } from '@console/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { SourceEnvs } from './source-envs.js';
import type { WorkflowCopyRepository } from './workflow-copy.repository.js';
import type { WorkflowImportItemsRepository } from './workflow-import-items.repository.js';
import type { WorkflowImportsRepository } from './workflow-imports.repository.js';

/** Tries of one item before it fails for good. */
export const ITEM_MAX_ATTEMPTS = 3;

export interface RunOptions {
  signal?: AbortSignal;
}

type Outcome = 'copied' | 'failed' | 'none';

export function createWorkflowImportRunner(deps: {
  db: Db;
  imports: WorkflowImportsRepository;
  items: WorkflowImportItemsRepository;
  copy: WorkflowCopyRepository;
  /** The environments sources are read from ("default": `db`). */
  envs: Pick<SourceEnvs, 'names' | 'db'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, imports, items, copy, envs, log } = deps;

  /**
   * Marks the import finished when nothing is left to do, with its event in the same
   * transaction: `workflow_import.completed` when every workflow was copied, else
   * `workflow_import.failed`, with the counts.
   */
  async function finish(importId: string, target: { targetOrganizationId: string; targetWorkspaceName: string | null }) {
    await db.transaction(async (tx) => {
      if (!(await imports.finishIfDone(importId, tx))) return;
      const counts = (await imports.importCounts([importId], tx)).get(importId);
      const copied = counts?.completed ?? 0;
      const failed = counts?.failed ?? 0;
      await recordEvent(tx, {
        action: failed > 0 ? 'workflow_import.failed' : 'workflow_import.completed',
        organizationId: target.targetOrganizationId,
        actor: systemActor,
        targets: [{ type: 'workflow_import', id: importId, name: target.targetWorkspaceName ?? '' }],
        data: { copied, failed },
      });
    });
  }

  return {
    /** Copies what is left of the import (idempotent: a second run, or a run of a finished import, does only what is left). */
    async run(importId: string, opts: RunOptions = {}) {
      const target = await imports.importTarget(importId);
      if (!target || target.finishedAt) return;
      // Another environment is only read: each workflow is read there, then written here.
      let elsewhere: Db | undefined;
      if (target.sourceEnv !== DEFAULT_SOURCE_ENV) {
        if (!envs.names().includes(target.sourceEnv)) {
          await items.failRemainingItems(importId, reasons.sourceEnvGone);
          await finish(importId, target);
          return;
        }
        elsewhere = await envs.db(target.sourceEnv);
      }
      const to = { organizationId: target.targetOrganizationId, workspaceId: target.targetWorkspaceId, authorId: target.targetAuthorId };

      for (;;) {
        if (opts.signal?.aborted) return;
        let claimed: { id: string; attempts: number } | undefined;
        let outcome: Outcome;
        try {
          outcome = await db.transaction(async (tx): Promise<Outcome> => {
            const item = await items.claimNextItem(importId, ITEM_MAX_ATTEMPTS, tx);
            if (!item) return 'none';
            claimed = item;
            const org = await imports.lockOrganizationForShare(target.targetOrganizationId, tx);
            if (!org || org.disabledAt) {
              await items.failRemainingItems(importId, reasons.organizationDisabled, tx);
              return 'none';
            }
            const from = { workflowId: item.sourceWorkflowId, workspaceId: target.sourceWorkspaceId };
            let copyId: string | undefined;
            if (elsewhere) {
              const source = await copy.readWorkflow(from.workflowId, from.workspaceId, elsewhere);
              copyId = source && (await copy.insertCopy(source, to, tx));
            } else copyId = await copy.copyWorkflow(from, to, tx);
            if (!copyId) {
              await items.failItem(item.id, reasons.sourceGone, true, tx);
              return 'failed';
            }
            await items.completeItem(item.id, copyId, tx);
            return 'copied';
          });
        } catch (err) {
          if (!claimed) throw err;
          // The copy was rolled back; the try counts, with its reason.
          const final = claimed.attempts + 1 >= ITEM_MAX_ATTEMPTS;
          log?.warn({ err, workflowImportId: importId, itemId: claimed.id, final }, 'workflow import item failed');
          await items.failItem(claimed.id, (err as Error).message || 'Unknown error', final);
          outcome = 'failed';
        }
        if (outcome === 'none') break;
        // Let waiting requests in between two items: on PGlite they share the main thread.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await items.failExhaustedItems(importId, ITEM_MAX_ATTEMPTS, 'Unknown error');
      await finish(importId, target);
    },
  };
}

export type WorkflowImportRunner = ReturnType<typeof createWorkflowImportRunner>;
