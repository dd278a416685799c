/** Removes what is left of a removed import: staged rows and invitations in chunks, the file, the row. */
import type { BlobStore } from '../../storage/blob-store.js';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import type { UserImportRowsRepository } from './user-import-rows.repository.js';
import type { UserImportsRepository } from './user-imports.repository.js';

export interface PurgeDeps {
  imports: UserImportsRepository;
  invitations: UserImportInvitationsRepository;
  rows: UserImportRowsRepository;
  blobs: BlobStore;
  /** Rows deleted per statement. */
  chunk: number;
}

export async function purgeImport(
  { imports, invitations, rows, blobs, chunk }: PurgeDeps,
  importId: string,
  signal?: AbortSignal,
): Promise<void> {
  const row = await imports.getImport(importId);
  if (!row?.deletedAt) return;
  // A stopping process leaves the rest to the resume sweep of the next one.
  while ((await rows.deleteStagedRows(importId, chunk)) > 0) {
    if (signal?.aborted) return;
    await new Promise((r) => setImmediate(r));
  }
  while ((await invitations.deleteInvitations(importId, chunk)) > 0) {
    if (signal?.aborted) return;
    await new Promise((r) => setImmediate(r));
  }
  await blobs.remove(row.blobKey);
  await imports.deleteImport(importId);
}
