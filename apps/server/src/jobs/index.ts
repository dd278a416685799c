/** Every kind of background job: each module defines its own beside it; the worker process starts them all. */
import type { AppDeps } from '../deps.js';
import { analyticsJobs } from '../modules/analytics/analytics.jobs.js';
import { userImportJobs } from '../modules/user-imports/user-imports.jobs.js';
import { workflowImportJobs } from '../modules/workflow-imports/workflow-imports.jobs.js';
import type { Services } from '../registry.js';
import { housekeepingJob } from './housekeeping.js';
import type { JobDefinition } from './queue.js';

export function jobDefinitions(ctx: { deps: AppDeps; services: Services }): JobDefinition<any>[] {
  const { deps } = ctx;
  return [housekeepingJob(deps), ...userImportJobs(ctx), ...analyticsJobs(ctx), ...workflowImportJobs(ctx)];
}
