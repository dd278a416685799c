/**
 * Analytics report jobs: one generation of one organization's reports (on demand, daily,
 * or at start), and the daily run that queues a generation for every enabled organization
 * and prunes reports older than ANALYTICS_REPORT_RETENTION_DAYS. They run the registry's
 * report generations (generate.ts).
 */
import type { AnalyticsJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

const RETRY_LIMIT = 2;

export function analyticsJobs({ deps, services }: ModuleContext): JobDefinitions<AnalyticsJobs> {
  const reports = services.analyticsReports;
  return [
    {
      name: 'analytics-reports',
      retryLimit: RETRY_LIMIT,
      handler: async ({ generationId }, job) => {
        try {
          await reports.run(generationId, { signal: job.signal, lastTry: job.lastTry });
        } catch (err) {
          deps.log?.error({ err, generationId, retryCount: job.retryCount }, 'analytics report generation failed');
          throw err;
        }
      },
    },
    {
      name: 'analytics-reports-daily',
      // Every day at 02:15 UTC, when few people use the console.
      cron: '15 2 * * *',
      retryLimit: 1,
      handler: async () => {
        await reports.daily();
      },
      async onStart() {
        // Generations a stopped process left (their job may be gone), then organizations with no report yet.
        await reports.resume();
      },
    },
  ];
}
