/**
 * What an ended import keeps, and for how long (decision 019). Its errors stay while the
 * import is listed. Its staged rows go once it ended applied and its invitations are
 * settled (an invitation that fails names its rows from them), except the rows that failed
 * to apply, which Retry applies again. Its uploaded file goes with them when Retry can never
 * read it again (and at once after validation errors, which are never retried: decision
 * 022); otherwise (a run that stopped half way: Retry starts from the file) after
 * USER_IMPORT_FILE_RETENTION_DAYS.
 */
import type { BlobStore } from '../../storage/blob-store.js';
import type { UserImportInvitationsRepository } from './user-import-invitations.repository.js';
import type { UserImportRowsRepository } from './user-import-rows.repository.js';
import type { UserImportRow, UserImportsRepository } from './user-imports.repository.js';

export interface RetentionDeps {
  imports: UserImportsRepository;
  invitations: UserImportInvitationsRepository;
  rows: UserImportRowsRepository;
  blobs: BlobStore;
  /** Rows deleted per statement. */
  chunk: number;
}

/**
 * Whether Retry of this import reads its uploaded file (or rows staged from it) again: only
 * a run that stopped half way. An import with validation errors is never retried (decision
 * 022): its file goes when validation ends.
 */
export function retryNeedsFile(row: Pick<UserImportRow, 'status' | 'phase'>): boolean {
  return row.status !== 'validation_error' && row.phase !== 'done';
}

/** An import whose run and invitations are over drops what nothing reads again. */
export async function settleImport(deps: RetentionDeps, importId: string): Promise<void> {
  const row = await deps.imports.getImport(importId);
  if (!row || row.deletedAt || row.status === 'processing' || retryNeedsFile(row)) return;
  if ((await deps.invitations.openInvitations(importId)) > 0) return;
  await dropData(deps, row);
}

/** Drops the files (and staged rows) of imports that ended more than `days` ago. */
export async function expireImportFiles(deps: RetentionDeps, days: number): Promise<number> {
  const expired = await deps.imports.importsPastRetention(days);
  for (const row of expired) await dropData(deps, row);
  return expired.length;
}

async function dropData({ rows, blobs, chunk }: RetentionDeps, row: UserImportRow) {
  while ((await rows.deleteSettledStagedRows(row.id, chunk)) > 0) {
    // Lets requests in between (PGlite runs queries on the main thread).
    await new Promise((r) => setImmediate(r));
  }
  await blobs.remove(row.blobKey);
}
