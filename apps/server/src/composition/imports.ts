/**
 * The imports and reports: user imports and analytics reports (their jobs run the pipeline and
 * the generator built here, beside the services of their routes) and workflow imports.
 */
import { orgCacheOn } from '../db/org-cache.js';
import { createAnalyticsService } from '../modules/analytics/analytics.service.js';
import { createAnalyticsReports } from '../modules/analytics/generate.js';
import { createUserImportPipeline } from '../modules/user-imports/pipeline.js';
import { createForeignEmailBound } from '../modules/user-imports/set-based/foreign-emails.js';
import { createUserImportService, type UserImportsPage } from '../modules/user-imports/user-imports.service.js';
import type { createForeignEmailRule } from '../modules/users/foreign-emails.js';
import { createWorkflowImportRunner } from '../modules/workflow-imports/run.js';
import type { currentSourceEnvs } from '../modules/workflow-imports/source-envs.js';
import { createWorkflowImportsService } from '../modules/workflow-imports/workflow-imports.service.js';
import type { Wiring } from './shared.js';

export function buildImports(
  { deps, db, repositories, metrics, downloadUrls }: Wiring,
  shared: { foreignEmails: ReturnType<typeof createForeignEmailRule>; sourceEnvs: ReturnType<typeof currentSourceEnvs> },
) {
  const { config, database, blobs, jobs, log, clock } = deps;
  const userImportPipeline = createUserImportPipeline({
    database,
    imports: repositories.userImports,
    leases: repositories.userImportLeases,
    errors: repositories.userImportErrors,
    invitations: repositories.userImportInvitations,
    rows: repositories.userImportRows,
    blobs,
    jobs,
    batchRows: config.USER_IMPORT_BATCH_ROWS ?? database.profile.importBatchRows,
    leaseSeconds: config.USER_IMPORT_LEASE_SECONDS,
    batchPauseMs: config.USER_IMPORT_BATCH_PAUSE_MS,
    onRowsApplied: (rows) => metrics.importRowsApplied.inc(rows),
    log,
    boundForeignEmails: createForeignEmailBound({ db, rule: shared.foreignEmails }),
    staffEmailDomain: config.STAFF_EMAIL_DOMAIN,
  });
  const analyticsReports = createAnalyticsReports({
    db,
    repo: repositories.analytics,
    blobs,
    jobs,
    clock,
    pageRows: database.profile.reportPageRows,
    retentionDays: config.ANALYTICS_REPORT_RETENTION_DAYS,
    log,
  });
  return {
    userImportPipeline,
    userImports: createUserImportService({
      db,
      repo: repositories.userImports,
      errors: repositories.userImportErrors,
      invitations: repositories.userImportInvitations,
      rows: repositories.userImportRows,
      blobs,
      jobs,
      pipeline: userImportPipeline,
      maxUploadBytes: config.USER_IMPORT_MAX_BYTES,
      invitationsPerSecond: config.USER_IMPORT_INVITATIONS_PER_SECOND,
      pages: orgCacheOn<UserImportsPage>(deps.changes, 1_000),
    }),
    analyticsReports,
    analytics: createAnalyticsService({
      db,
      repo: repositories.analytics,
      blobs,
      clock,
      signer: downloadUrls,
      reports: analyticsReports,
      apiBasePath: config.API_BASE_PATH,
      downloadUrlTtlSeconds: config.ANALYTICS_DOWNLOAD_URL_TTL_SECONDS,
    }),
    workflowImports: createWorkflowImportsService({
      db,
      pickers: repositories.workflowImportPickers,
      imports: repositories.workflowImports,
      envs: shared.sourceEnvs,
      jobs,
    }),
    workflowImportRunner: createWorkflowImportRunner({
      db,
      imports: repositories.workflowImports,
      items: repositories.workflowImportItems,
      copy: repositories.workflowCopy,
      envs: shared.sourceEnvs,
      log,
    }),
  };
}
