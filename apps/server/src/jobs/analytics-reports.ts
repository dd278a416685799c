/**
 * Analytics report jobs: one generation of one organization's reports (on demand, daily,
 * or at start), and the daily run that queues a generation for every enabled organization
 * and prunes reports older than ANALYTICS_REPORT_RETENTION_DAYS.
 */
import type { AppDeps } from '../deps.js';
import { activeGenerations, enabledOrganizationIds, organizationsWithoutReports } from '../modules/analytics/analytics.repository.js';
import { ANALYTICS_REPORTS_JOB, enqueueGeneration, sendGenerationJob } from '../modules/analytics/analytics.service.js';
import { pruneReports, runGeneration } from '../modules/analytics/generate.js';
import type { JobDefinition } from './queue.js';

export const ANALYTICS_DAILY_JOB = 'analytics-reports-daily';
const RETRY_LIMIT = 2;

/** The daily run: prune, then queue a generation of every enabled organization. */
export async function runDailyAnalytics(deps: AppDeps): Promise<{ pruned: number; queued: number }> {
  const pruned = await pruneReports(deps);
  const organizations = await enabledOrganizationIds(deps.database.db);
  for (const organizationId of organizations) await enqueueGeneration(deps, organizationId, null);
  return { pruned, queued: organizations.length };
}

export function analyticsJobs(deps: AppDeps): JobDefinition<any>[] {
  return [
    {
      name: ANALYTICS_REPORTS_JOB,
      retryLimit: RETRY_LIMIT,
      handler: async ({ generationId }: { generationId: string }, job) => {
        try {
          await runGeneration(deps, generationId, { signal: job.signal, lastTry: job.retryCount >= RETRY_LIMIT });
        } catch (err) {
          deps.log?.error({ err, generationId, retryCount: job.retryCount }, 'analytics report generation failed');
          throw err;
        }
      },
    },
    {
      name: ANALYTICS_DAILY_JOB,
      // Every day at 02:15 UTC, when few people use the console.
      cron: '15 2 * * *',
      retryLimit: 1,
      handler: async () => {
        await runDailyAnalytics(deps);
      },
      async onStart() {
        const db = deps.database.db;
        // Generations a stopped process left (their job may be gone), then organizations with no report yet.
        for (const { id } of await activeGenerations(db)) await sendGenerationJob(deps, id);
        for (const organizationId of await organizationsWithoutReports(db)) await enqueueGeneration(deps, organizationId, null);
      },
    },
  ];
}
