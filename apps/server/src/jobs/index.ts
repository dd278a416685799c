/** Every kind of background job: each module defines its own beside it; the worker process starts them all. */

import type { ModuleContext } from '../module-context.js';
import { analyticsJobs } from '../modules/analytics/analytics.jobs.js';
import { housekeepingJobs } from '../modules/auth/housekeeping.jobs.js';
import { domainJobs } from '../modules/domains/domains.jobs.js';
import { eventsRetentionJobs } from '../modules/events/events-retention.jobs.js';
import { ssoConnectionJobs } from '../modules/sso-connections/sso-connections.jobs.js';
import { userImportJobs } from '../modules/user-imports/user-imports.jobs.js';
import { webhookDeliveryJobs } from '../modules/webhooks/webhook-deliveries.jobs.js';
import { workflowImportJobs } from '../modules/workflow-imports/workflow-imports.jobs.js';
import { blobSweepJob } from '../storage/blob-sweep.jobs.js';
import type { AllJobs } from './job-names.js';
import type { JobDefinitions } from './queue.js';

/** Every job's name and data (the list is jobs/job-names.ts, below every module). */
export type { AllJobs };

/** `ctx`: the app's dependencies and its services (built once, as for the API modules). */
export function jobDefinitions(ctx: ModuleContext): JobDefinitions<AllJobs> {
  return [
    ...housekeepingJobs(ctx),
    ...eventsRetentionJobs(ctx),
    ...userImportJobs(ctx),
    ...analyticsJobs(ctx),
    ...workflowImportJobs(ctx),
    blobSweepJob(ctx.deps),
    ...webhookDeliveryJobs(ctx),
    ...domainJobs(ctx),
    ...ssoConnectionJobs(ctx),
  ];
}
