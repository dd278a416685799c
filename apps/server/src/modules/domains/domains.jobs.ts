/** The recheck of pending domain claims every 15 minutes, for 7 days after each claim (DOMAIN_RECHECK_*). */
import { DOMAIN_RECHECK_MINUTES } from '@console/contracts';
import type { DomainJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

export function domainJobs({ services }: ModuleContext): JobDefinitions<DomainJobs> {
  return [
    {
      name: 'domain-verification',
      cron: `*/${DOMAIN_RECHECK_MINUTES} * * * *`,
      retryLimit: 1,
      handler: async () => {
        await services.domains.recheckPending();
      },
    },
  ];
}
