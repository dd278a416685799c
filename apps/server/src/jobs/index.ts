/** Every kind of background job, one file each; the worker process starts them all. */
import type { AppDeps } from '../deps.js';
import { analyticsJobs } from './analytics-reports.js';
import { housekeepingJob } from './housekeeping.js';
import type { JobDefinition } from './queue.js';
import { userImportJobs } from './user-import.js';
import { workflowImportJobs } from './workflow-import.js';

export function jobDefinitions(deps: AppDeps): JobDefinition<any>[] {
  return [housekeepingJob(deps), ...userImportJobs(deps), ...analyticsJobs(deps), ...workflowImportJobs(deps)];
}
