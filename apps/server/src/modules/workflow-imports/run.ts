/**
 * The copy of a workflow import, item by item (decision 015). Each item is one short
 * transaction: the item is claimed (FOR UPDATE SKIP LOCKED, so two runs of one import never
 * take the same item), the workflow and its steps are copied into the target workspace with
 * the chosen author, and the item is marked completed together with the copy. A run that
 * dies mid-item rolls the copy back with it, so a retry never duplicates a workflow.
 */
import { DEFAULT_SOURCE_ENV, workflowImportFailedReasons as reasons } from '@console/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { sourceEnvsOf } from './source-envs.js';
import * as repo from './workflow-imports.repository.js';

/** Tries of one item before it fails for good. */
export const ITEM_MAX_ATTEMPTS = 3;

export interface RunOptions {
  signal?: AbortSignal;
  /** Called inside an item's transaction before the copy (tests inject failures here). */
  beforeCopy?: (sourceWorkflowId: string) => void | Promise<void>;
}

type Outcome = 'copied' | 'failed' | 'none';

export async function runWorkflowImport(deps: Pick<AppDeps, 'database' | 'config' | 'log'>, importId: string, opts: RunOptions = {}) {
  const db = deps.database.db;
  const target = await repo.importTarget(db, importId);
  if (!target || target.finishedAt) return;
  // Another environment is only read: each workflow is read there, then written here.
  let elsewhere: Db | undefined;
  if (target.sourceEnv !== DEFAULT_SOURCE_ENV) {
    const envs = sourceEnvsOf(deps);
    if (!envs.names().includes(target.sourceEnv)) {
      await repo.failRemainingItems(db, importId, reasons.sourceEnvGone);
      await repo.finishIfDone(db, importId);
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
        const item = await repo.claimNextItem(tx, importId, ITEM_MAX_ATTEMPTS);
        if (!item) return 'none';
        claimed = item;
        const org = await repo.lockOrganizationForShare(tx, target.targetOrganizationId);
        if (!org || org.disabledAt) {
          await repo.failRemainingItems(tx, importId, reasons.organizationDisabled);
          return 'none';
        }
        await opts.beforeCopy?.(item.sourceWorkflowId);
        const from = { workflowId: item.sourceWorkflowId, workspaceId: target.sourceWorkspaceId };
        let copyId: string | undefined;
        if (elsewhere) {
          const source = await repo.readWorkflow(elsewhere, from.workflowId, from.workspaceId);
          copyId = source && (await repo.insertCopy(tx, source, to));
        } else copyId = await repo.copyWorkflow(tx, from, to);
        if (!copyId) {
          await repo.failItem(tx, item.id, reasons.sourceGone, true);
          return 'failed';
        }
        await repo.completeItem(tx, item.id, copyId);
        return 'copied';
      });
    } catch (err) {
      if (!claimed) throw err;
      // The copy was rolled back; the try counts, with its reason.
      const final = claimed.attempts + 1 >= ITEM_MAX_ATTEMPTS;
      deps.log?.warn({ err, workflowImportId: importId, itemId: claimed.id, final }, 'workflow import item failed');
      await repo.failItem(db, claimed.id, (err as Error).message || 'Unknown error', final);
      outcome = 'failed';
    }
    if (outcome === 'none') break;
    // Let waiting requests in between two items: on PGlite they share the main thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await repo.failExhaustedItems(db, importId, ITEM_MAX_ATTEMPTS, 'Unknown error');
  await repo.finishIfDone(db, importId);
}
