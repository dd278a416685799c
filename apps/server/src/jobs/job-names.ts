/**
 * Every job's name (its pg-boss queue, kept across releases) and the data it is sent with.
 * Each module defines its own jobs beside it (`<module>.jobs.ts`, which picks its names from
 * here) and jobs/index.ts joins them; the list itself lies below every module, so the queue's
 * type (`AppDeps.jobs`) is known to every layer without any of them importing a module's jobs
 * (decision 061).
 */
import type { NoData } from './queue.js';

export type AllJobs = {
  /** The auth module's sweep of what expired (housekeeping.jobs.ts). */
  housekeeping: NoData;
  /** The events module's retention (events-retention.jobs.ts). */
  'events-retention': NoData;
  /** A user import itself: one run, resumable (modules/user-imports/pipeline.ts). */
  'user-import': { importId: string };
  'user-import-invitations': { importId: string };
  'user-import-purge': { importId: string };
  'user-import-resume': NoData;
  'user-import-retention': NoData;
  'analytics-reports': { generationId: string };
  'analytics-reports-daily': NoData;
  'workflow-import': { importId: string };
  /** The sweep of partial uploads (storage/blob-sweep.jobs.ts). */
  'blob-sweep': NoData;
  /** A webhook deliveries' pump (modules/webhooks/webhook-deliveries.jobs.ts). */
  'webhook-deliveries': NoData;
  /** The recheck of pending domain claims (modules/domains/domains.jobs.ts). */
  'domain-verification': NoData;
  /** The daily read of SAML connections' metadata from their URLs (modules/sso-connections/sso-connections.jobs.ts). */
  'saml-metadata-refresh': NoData;
  /** The daily notice of trusted SAML certificates about to expire (modules/sso-connections/sso-connections.jobs.ts). */
  'saml-certificate-expiry': NoData;
};

/** user-imports.jobs.ts's jobs. */
export type UserImportJobs = Pick<
  AllJobs,
  'user-import' | 'user-import-invitations' | 'user-import-purge' | 'user-import-resume' | 'user-import-retention'
>;

/** analytics.jobs.ts's jobs. */
export type AnalyticsJobs = Pick<AllJobs, 'analytics-reports' | 'analytics-reports-daily'>;

/** housekeeping.jobs.ts's jobs. */
export type HousekeepingJobs = Pick<AllJobs, 'housekeeping'>;

/** events-retention.jobs.ts's jobs. */
export type EventsRetentionJobs = Pick<AllJobs, 'events-retention'>;

/** webhook-deliveries.jobs.ts's jobs. */
export type WebhookDeliveryJobs = Pick<AllJobs, 'webhook-deliveries'>;

/** workflow-imports.jobs.ts's jobs. */
export type WorkflowImportJobs = Pick<AllJobs, 'workflow-import'>;

/** blob-sweep.jobs.ts's jobs. */
export type BlobSweepJobs = Pick<AllJobs, 'blob-sweep'>;

/** domains.jobs.ts's jobs. */
export type DomainJobs = Pick<AllJobs, 'domain-verification'>;

/** sso-connections.jobs.ts's jobs. */
export type SsoConnectionJobs = Pick<AllJobs, 'saml-metadata-refresh' | 'saml-certificate-expiry'>;
