/** Every kind of background job: each module defines its own beside it; the worker process starts them all. */

import type { ModuleContext } from '../module-context.js';
import { analyticsJobs } from '../modules/analytics/analytics.jobs.js';
import { housekeepingJobs } from '../modules/auth/housekeeping.jobs.js';
import { userImportJobs } from '../modules/user-imports/user-imports.jobs.js';
import { workflowImportJobs } from '../modules/workflow-imports/workflow-imports.jobs.js';
import { blobSweepJob } from '../storage/blob-sweep.jobs.js';
import type { JobDefinition } from './queue.js';

/** `ctx`: the app's dependencies and its services (built once, as for the API modules). */
export function jobDefinitions(ctx: ModuleContext): JobDefinition<any>[] {
  return [...housekeepingJobs(ctx), ...userImportJobs(ctx), ...analyticsJobs(ctx), ...workflowImportJobs(ctx), blobSweepJob(ctx.deps)];
}
