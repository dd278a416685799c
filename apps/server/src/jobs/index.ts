/** Every kind of background job: each module defines its own beside it; the worker process starts them all. */

import type { ModuleContext } from '../module-context.js';
import { type AnalyticsJobs, analyticsJobs } from '../modules/analytics/analytics.jobs.js';
import { type HousekeepingJobs, housekeepingJobs } from '../modules/auth/housekeeping.jobs.js';
import { type EventsRetentionJobs, eventsRetentionJobs } from '../modules/events/events-retention.jobs.js';
import { type UserImportJobs, userImportJobs } from '../modules/user-imports/user-imports.jobs.js';
import { type WebhookDeliveryJobs, webhookDeliveryJobs } from '../modules/webhooks/webhook-deliveries.jobs.js';
import { type WorkflowImportJobs, workflowImportJobs } from '../modules/workflow-imports/workflow-imports.jobs.js';
import { type BlobSweepJobs, blobSweepJob } from '../storage/blob-sweep.jobs.js';
import type { JobDefinitions } from './queue.js';

/** Every job's name (its pg-boss queue, kept across releases) and the data it is sent with. */
export type AllJobs = HousekeepingJobs &
  EventsRetentionJobs &
  UserImportJobs &
  AnalyticsJobs &
  WorkflowImportJobs &
  BlobSweepJobs &
  WebhookDeliveryJobs;

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
  ];
}
