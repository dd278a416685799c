/**
 * The webhook endpoints of an organization, for its Organizational Admins, on the Webhooks
 * screen and through the external API (docs/product.md, "Webhooks"). The route guards check
 * the role; every query here is scoped to the caller's organization, so another
 * organization's endpoint is simply not found. Every write records its event in its own
 * transaction; the signing secret is answered once (creation, roll) and never recorded.
 */
import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookBody,
  type EventAction,
  GRACE_PERIOD_MS,
  type GracePeriod,
  type PageQuery,
  type UpdateWebhookBody,
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  type WebhookEventTypes,
  type WebhookView,
  webhookErrorCodes,
} from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound, ValidationError } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import { webhookUrlProblem } from './address-policy.js';
import type { EndpointValues, WebhookRow, WebhooksRepository } from './webhooks.repository.js';

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

const eventTypesOf = (stored: string[] | null): WebhookEventTypes => (stored === null ? WEBHOOK_ALL_EVENTS : (stored as EventAction[]));
const storedEventTypes = (types: WebhookEventTypes): string[] | null => (types === WEBHOOK_ALL_EVENTS ? null : types);

export function toWebhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: eventTypesOf(row.eventTypes),
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    secretLast4: row.secretLast4,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creatorId ? { id: row.creatorId, displayName: row.creatorName ?? '', email: row.creatorEmail ?? null } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type WebhookAction = Extract<EventAction, `webhook.${string}`>;

export const webhookNotFound = () => new NotFound('Webhook not found.', webhookErrorCodes.notFound);
const limitReached = (max: number) =>
  new Conflict(`This organization already has ${max} webhooks, the most allowed: delete one first.`, webhookErrorCodes.limitReached, {
    max,
  });
const URL_MESSAGES = {
  not_https: 'The webhook URL must start with https://.',
  private_address: 'The webhook URL names a private, loopback or link-local address.',
  credentials: 'The webhook URL must not hold a user name or password.',
} as const;

/** The fields an event tells of an endpoint (never its secret). */
const described = (view: WebhookView) => ({
  url: view.url,
  description: view.description,
  eventTypes: view.eventTypes,
  enabled: view.enabled,
});

export function createWebhooksService(deps: {
  db: Db;
  repo: WebhooksRepository;
  clock: Clock;
  /** Endpoints an organization may hold (WEBHOOKS_PER_ORGANIZATION_MAX): each is a stream of deliveries. */
  maxEndpoints: number;
  /** WEBHOOKS_ALLOW_PRIVATE: http:// and private addresses too (development and tests). */
  allowPrivate: boolean;
}) {
  const { db, repo, clock } = deps;

  const record = (tx: Tx, auth: AuthContext, action: WebhookAction, view: WebhookView, data?: Record<string, unknown>) =>
    recordEvent(tx, {
      action,
      organizationId: auth.organizationId,
      actor: actorOf(auth),
      targets: [{ type: 'webhook', id: view.id, name: view.url }],
      data,
    });

  /**
   * The URL as it is kept and shown: its canonical form (host in lower case and punycode, the
   * path percent-encoded), which is also what a delivery requests; refused when the policy says so.
   */
  function checkedUrl(url: string): string {
    const problem = webhookUrlProblem(url, deps.allowPrivate);
    if (problem) throw new ValidationError(URL_MESSAGES[problem], { reason: problem }, webhookErrorCodes.urlInvalid);
    return new URL(url).href;
  }

  async function view(auth: AuthContext, id: string, tx: Db = db) {
    const row = await repo.findById(auth.organizationId, id, tx);
    if (!row) throw webhookNotFound();
    return toWebhookView(row);
  }

  return {
    async list(auth: AuthContext, page: PageQuery) {
      const { rows, total } = await repo.list(auth.organizationId, page);
      return { webhooks: rows.map(toWebhookView), total };
    },

    async get(auth: AuthContext, id: string) {
      return { webhook: await view(auth, id) };
    },

    async create(auth: AuthContext, body: CreateWebhookBody) {
      const url = checkedUrl(body.url);
      const secret = generateWebhookSecret();
      return db.transaction(async (tx) => {
        // Counted with the organization's row locked against concurrent creations, so the cap holds.
        if ((await repo.countForCreate(auth.organizationId, tx)) >= deps.maxEndpoints) throw limitReached(deps.maxEndpoints);
        const id = await repo.insert(
          {
            organizationId: auth.organizationId,
            url,
            description: body.description,
            eventTypes: storedEventTypes(body.eventTypes),
            enabled: body.enabled,
            secret,
            createdBy: auth.userId,
            now: clock.now(),
          },
          tx,
        );
        const webhook = await view(auth, id, tx);
        await record(tx, auth, 'webhook.created', webhook, described(webhook));
        return { webhook, secret };
      });
    },

    async update(auth: AuthContext, id: string, body: UpdateWebhookBody) {
      const changes: Partial<EndpointValues> = {
        ...(body.url !== undefined && { url: checkedUrl(body.url) }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.eventTypes !== undefined && { eventTypes: storedEventTypes(body.eventTypes) }),
        ...(body.enabled !== undefined && { enabled: body.enabled }),
      };
      return db.transaction(async (tx) => {
        const before = await view(auth, id, tx);
        if (!(await repo.update(auth.organizationId, id, { ...changes, now: clock.now() }, tx))) throw webhookNotFound();
        const webhook = await view(auth, id, tx);
        await record(tx, auth, 'webhook.updated', webhook, { before: described(before), after: described(webhook) });
        return { webhook };
      });
    },

    /** Deleting stops its deliveries: the delivery log's rows go with it. */
    async remove(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        const removedWebhook = await view(auth, id, tx);
        await repo.remove(auth.organizationId, id, tx);
        await record(tx, auth, 'webhook.deleted', removedWebhook, described(removedWebhook));
        return { removedWebhook };
      });
    },

    /** A new secret; the previous one signs too for the grace period, so receivers can switch without losing a delivery. */
    async roll(auth: AuthContext, id: string, gracePeriod: GracePeriod) {
      const secret = generateWebhookSecret();
      const now = clock.now();
      const previousSecretExpiresAt = new Date(now.getTime() + GRACE_PERIOD_MS[gracePeriod]);
      return db.transaction(async (tx) => {
        if (!(await repo.replaceSecret(auth.organizationId, id, { secret, previousSecretExpiresAt, now }, tx))) throw webhookNotFound();
        const webhook = await view(auth, id, tx);
        await record(tx, auth, 'webhook.secret_rolled', webhook, {
          gracePeriod,
          previousSecretExpiresAt: previousSecretExpiresAt.toISOString(),
        });
        return { webhook, secret };
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
