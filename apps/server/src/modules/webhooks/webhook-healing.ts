/**
 * Healing and disabling (docs/decisions/055-webhook-delivery.md): each attempt's outcome
 * tells the endpoint whether it is failing (since its first failure after a success); an
 * endpoint whose every attempt has failed for FAILING_DAYS is disabled, with the event
 * `webhook.disabled` (the console acts) in the same transaction, and its organization's
 * admins are e-mailed in their language. The endpoints' columns are written by the endpoints'
 * own repository (one owner per table), through the narrow methods given here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { Mailer } from '../../mail/mailer.js';
import { consolePageUrl, mailLocale, webhookDisabledMail } from '../../mail/templates.js';
import { recordEvent, systemActor } from '../events/record.js';
import type { DisabledNotice, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

/** Days of nothing but failed attempts before an endpoint is disabled. */
export const FAILING_DAYS = 5;
const DAY_MS = 86_400_000;

/** What healing writes of an endpoint, through its owner's repository. */
export interface EndpointFailures {
  markFailing(id: string, at: Date): Promise<void>;
  clearFailing(id: string): Promise<void>;
  /** True when this call disabled the endpoint (failing since before `failingBefore`). */
  disableFailing(id: string, failingBefore: Date, now: Date, db?: Tx): Promise<boolean>;
}

export function createWebhookHealing(deps: {
  db: Db;
  failures: EndpointFailures;
  repo: WebhookDeliveriesRepository;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'PRODUCT_NAME'>;
  log?: FastifyBaseLogger;
}) {
  const { failures, repo, clock } = deps;

  async function disable(endpointId: string, now: Date) {
    return deps.db.transaction(async (tx) => {
      if (!(await failures.disableFailing(endpointId, new Date(now.getTime() - FAILING_DAYS * DAY_MS), now, tx))) return undefined;
      const notice = await repo.disabledNotice(endpointId, tx);
      if (!notice) return undefined;
      await recordEvent(tx, {
        action: 'webhook.disabled',
        organizationId: notice.organizationId,
        actor: systemActor,
        targets: [{ type: 'webhook', id: endpointId, name: notice.url }],
        data: { failingSince: notice.failingSince?.toISOString() ?? null, days: FAILING_DAYS },
      });
      return notice;
    });
  }

  /** Each enabled admin of the endpoint's organization is e-mailed, in their language. */
  async function tellAdmins(endpointId: string, notice: DisabledNotice) {
    for (const admin of notice.admins) {
      const locale = mailLocale(admin.locale);
      await deps.mailer
        .send(
          webhookDisabledMail({
            to: admin.email,
            name: admin.name,
            productName: deps.config.PRODUCT_NAME,
            organizationName: notice.organizationName,
            endpointUrl: notice.url,
            days: FAILING_DAYS,
            url: consolePageUrl(deps.config.PUBLIC_URL, `/webhooks/${endpointId}`, locale),
            locale,
          }),
        )
        // The endpoint is disabled and the trail says so: a mail that could not go is logged, not retried.
        .catch((err) => deps.log?.error({ err, endpointId }, 'webhook disabled: an admin could not be e-mailed'));
    }
  }

  return {
    /** The outcome of one attempt to the endpoint. */
    async onAttempt(endpointId: string, succeeded: boolean): Promise<void> {
      if (succeeded) return failures.clearFailing(endpointId);
      const now = clock.now();
      await failures.markFailing(endpointId, now);
      const notice = await disable(endpointId, now);
      if (notice) await tellAdmins(endpointId, notice);
    },
  };
}
