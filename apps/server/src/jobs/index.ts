/** Every kind of background job, one file each; the worker process starts them all. */
import type { AppDeps } from '../deps.js';
import { workflowImportJobs } from '../modules/workflow-imports/workflow-imports.jobs.js';
import { createServices } from '../registry.js';
import { analyticsJobs } from './analytics-reports.js';
import { housekeepingJob } from './housekeeping.js';
import type { JobDefinition } from './queue.js';
import { userImportJobs } from './user-import.js';

export function jobDefinitions(deps: AppDeps): JobDefinition<any>[] {
  // Until jobDefinitions takes the app's `{ deps, services }` itself (another change of this file).
  const ctx = { deps, services: createServices(deps) };
  return [housekeepingJob(deps), ...userImportJobs(deps), ...analyticsJobs(deps), ...workflowImportJobs(ctx)];
}
