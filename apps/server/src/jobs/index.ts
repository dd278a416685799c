/** Every kind of background job, each module's beside it; the worker process starts them all. */
import { housekeepingJobs } from '../modules/auth/housekeeping.jobs.js';
import type { ModuleContext } from '../registry.js';
import { analyticsJobs } from './analytics-reports.js';
import type { JobDefinition } from './queue.js';
import { userImportJobs } from './user-import.js';
import { workflowImportJobs } from './workflow-import.js';

/** `ctx`: the app's dependencies and its services (built once, as for the API modules). */
export function jobDefinitions(ctx: ModuleContext): JobDefinition<any>[] {
  return [...housekeepingJobs(ctx), ...userImportJobs(ctx.deps), ...analyticsJobs(ctx.deps), ...workflowImportJobs(ctx.deps)];
}
