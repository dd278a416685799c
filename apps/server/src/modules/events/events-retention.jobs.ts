/**
 * The events' retention (docs/decisions/053-events-retention.md), hourly: each organization's
 * events older than its setting (eventRetentionDays: 400 days unless staff changed it, 30 days
 * to 7 years) are deleted, and events of no organization older than
 * EVENTS_WITHOUT_ORGANIZATION_RETENTION_DAYS. The deletes go a bounded batch at a time, each a
 * short statement (events-retention.repository.ts). Hourly rather than daily: each run has an
 * hour of events to delete, not a day's.
 *
 * A retention delete records no event: it follows from the setting, whose change is one
 * (`organization.setting.changed`), and an event per run would be a trail about the trail.
 */
import type { Config } from '../../config.js';
import type { Clock } from '../../deps.js';
import type { EventsRetentionJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';
import type { EventsRetentionRepository, RetentionDeletes } from './events-retention.repository.js';

const DAY_MS = 86_400_000;
/** Events per DELETE statement: a few milliseconds on either database. */
const BATCH_SIZE = 500;

export interface EventsRetentionReport {
  /** Events deleted, of every organization together. */
  organizationEvents: number;
  /** Organizations that had events to delete. */
  organizations: number;
  withoutOrganization: number;
  /** The events' DELETE statements. */
  statements: number;
  /** Webhook deliveries deleted (test events' and events'), with their attempts. */
  webhookDeliveries: number;
  webhookDeliveryStatements: number;
}

/** The webhooks module's delete of an organization's deliveries made before a cutoff, and their attempts. */
export type DeliveriesBefore = (
  organizationId: string,
  cutoff: Date,
  batchSize: number,
  signal?: AbortSignal,
) => Promise<{ deleted: number; statements: number }>;

export function eventsRetentionJobs({ deps, services }: ModuleContext): JobDefinitions<EventsRetentionJobs> {
  return [
    {
      name: 'events-retention',
      cron: '23 * * * *',
      retryLimit: 1,
      handler: async (_data, job) => {
        const report = await services.eventsRetention.run({ signal: job.signal });
        if (report.organizationEvents + report.withoutOrganization + report.webhookDeliveries > 0)
          deps.log?.info({ job: 'events-retention', ...report }, 'old events deleted');
      },
    },
  ];
}

export interface EventsRetentionDeps {
  repo: EventsRetentionRepository;
  clock: Clock;
  config: Pick<Config, 'EVENTS_WITHOUT_ORGANIZATION_RETENTION_DAYS'>;
  /** Each organization's retention in days (the organizations module's settings). */
  retentionDays: () => Promise<{ organizationId: string; days: number }[]>;
  /**
   * Deletes the organization's webhook deliveries made before the cutoff (the webhooks
   * module's, the one owner of their tables): they are kept as long as its events, test
   * events' too, which have no event to go with.
   */
  webhookDeliveriesBefore: DeliveriesBefore;
}

export type EventsRetention = ReturnType<typeof createEventsRetention>;

export function createEventsRetention(deps: EventsRetentionDeps) {
  return { run: (options: { batchSize?: number; signal?: AbortSignal } = {}) => runEventsRetention(deps, options) };
}

async function runEventsRetention(
  deps: EventsRetentionDeps,
  options: { batchSize?: number; signal?: AbortSignal },
): Promise<EventsRetentionReport> {
  const { repo } = deps;
  const { batchSize = BATCH_SIZE, signal } = options;
  // One now for the whole run: what a run keeps does not depend on how long it took.
  const now = deps.clock.now().getTime();
  const cutoff = (days: number) => new Date(now - days * DAY_MS);
  const report: EventsRetentionReport = {
    organizationEvents: 0,
    organizations: 0,
    withoutOrganization: 0,
    statements: 0,
    webhookDeliveries: 0,
    webhookDeliveryStatements: 0,
  };
  const add = (done: RetentionDeletes) => {
    report.statements += done.statements;
    return done.deleted;
  };
  for (const { organizationId, days } of await deps.retentionDays()) {
    if (signal?.aborted) break;
    // The deliveries first: the events' batches then have none left to take by their cascade.
    const deliveries = await deps.webhookDeliveriesBefore(organizationId, cutoff(days), batchSize, signal);
    report.webhookDeliveries += deliveries.deleted;
    report.webhookDeliveryStatements += deliveries.statements;
    if (signal?.aborted) break;
    const deleted = add(await repo.deleteOrganizationEventsBefore(organizationId, cutoff(days), batchSize, signal));
    report.organizationEvents += deleted;
    if (deleted > 0) report.organizations += 1;
  }
  if (!signal?.aborted) {
    const days = deps.config.EVENTS_WITHOUT_ORGANIZATION_RETENTION_DAYS;
    report.withoutOrganization = add(await repo.deleteEventsWithoutOrganizationBefore(cutoff(days), batchSize, signal));
  }
  return report;
}
