/**
 * Workflow-import jobs: one run per scheduled import (idempotent, so a retry or a second
 * run only does what is left), and, when a process starts, a new run for every import a
 * stopped process left unfinished.
 */
import type { AppDeps } from '../deps.js';
import { runWorkflowImport } from '../modules/workflow-imports/run.js';
import { unfinishedImportIds } from '../modules/workflow-imports/workflow-imports.repository.js';
import { sendImportJob, WORKFLOW_IMPORT_JOB } from '../modules/workflow-imports/workflow-imports.service.js';
import type { JobDefinition } from './queue.js';

export function workflowImportJobs(deps: AppDeps): JobDefinition<any>[] {
  return [
    {
      name: WORKFLOW_IMPORT_JOB,
      retryLimit: 3,
      handler: async ({ importId }: { importId: string }, job) => {
        try {
          await runWorkflowImport(deps, importId, { signal: job.signal });
        } catch (err) {
          deps.log?.error({ err, workflowImportId: importId, retryCount: job.retryCount }, 'workflow import failed');
          throw err;
        }
      },
      async onStart() {
        for (const id of await unfinishedImportIds(deps.database.db)) await sendImportJob(deps, id);
      },
    },
  ];
}
