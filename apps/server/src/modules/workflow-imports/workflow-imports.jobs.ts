/**
 * Workflow-import jobs: one run per scheduled import (idempotent, so a retry or a second
 * run only does what is left), and, when a process starts, a new run for every import a
 * stopped process left unfinished.
 */
import type { AppDeps } from '../../deps.js';
import type { WorkflowImportJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { Services } from '../../module-context.js';

export function workflowImportJobs({ deps, services }: { deps: AppDeps; services: Services }): JobDefinitions<WorkflowImportJobs> {
  return [
    {
      name: 'workflow-import',
      retryLimit: 3,
      handler: async ({ importId }, job) => {
        try {
          await services.workflowImportRunner.run(importId, { signal: job.signal });
        } catch (err) {
          deps.log?.error({ err, workflowImportId: importId, retryCount: job.retryCount }, 'workflow import failed');
          throw err;
        }
      },
      onStart: () => services.workflowImports.resumeUnfinished(),
    },
  ];
}
