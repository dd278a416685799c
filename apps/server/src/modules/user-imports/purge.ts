/** Removes what is left of a removed import: staged rows and invitations in chunks, the file, the row. */
import type { PipelineDeps } from './pipeline.js';
import { batchRows } from './pipeline.js';
import * as repo from './user-imports.repository.js';

export async function purgeImport(
  deps: Pick<PipelineDeps, 'config' | 'database' | 'blobs'>,
  importId: string,
  signal?: AbortSignal,
): Promise<void> {
  const db = deps.database.db;
  const row = await repo.getImport(db, importId);
  if (!row?.deletedAt) return;
  const chunk = batchRows(deps);
  // A stopping process leaves the rest to the resume sweep of the next one.
  while ((await repo.deleteStagedRows(db, importId, chunk)) > 0) {
    if (signal?.aborted) return;
    await new Promise((r) => setImmediate(r));
  }
  while ((await repo.deleteInvitations(db, importId, chunk)) > 0) {
    if (signal?.aborted) return;
    await new Promise((r) => setImmediate(r));
  }
  await deps.blobs.remove(row.blobKey);
  await repo.deleteImport(db, importId);
}
