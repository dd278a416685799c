/**
 * Hourly: removes the temporary files of uploads a crashed process never finished (up to
 * USER_IMPORT_MAX_BYTES each, nothing else ever removes them). An hour is far longer than
 * any upload in progress keeps its file unchanged.
 */
import type { AppDeps } from '../deps.js';
import type { BlobSweepJobs } from '../jobs/job-names.js';
import type { JobDefinition } from '../jobs/queue.js';

export const TEMPORARY_FILE_MAX_AGE_MS = 3_600_000;

export function blobSweepJob(deps: Pick<AppDeps, 'blobs' | 'clock' | 'log'>): JobDefinition<BlobSweepJobs, 'blob-sweep'> {
  return {
    name: 'blob-sweep',
    cron: '37 * * * *',
    retryLimit: 1,
    handler: async () => {
      const removed = await sweepTemporaryBlobs(deps);
      if (removed > 0) deps.log?.info({ removed }, 'blob store: unfinished uploads removed');
    },
  };
}

export function sweepTemporaryBlobs(deps: Pick<AppDeps, 'blobs' | 'clock'>): Promise<number> {
  return deps.blobs.sweepTemporary(new Date(deps.clock.now().getTime() - TEMPORARY_FILE_MAX_AGE_MS));
}
