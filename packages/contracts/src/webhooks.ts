/**
 * Webhooks (docs/product.md, "Webhooks"; docs/decisions/054-webhook-endpoints.md): the
 * organization's endpoints that receive its events, signed as Standard Webhooks sign them
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), and each endpoint's delivery log.
 *
 * Two tables of calls: `webhookRoutes`, the endpoints themselves (the webhooks module), and
 * `webhookDeliveryRoutes`, the delivery log, a test event, retries and resends (the delivery
 * module, which sends). The external API has the same calls under `/v1/webhooks`
 * (`externalApiRoutes` in external-api.ts, from the schemas below).
 */
import { z } from 'zod';
import { gracePeriod } from './access-keys.js';
import { changeBody } from './change-body.js';
import { type EventAction, eventAction, eventActions, eventView } from './events.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { text } from './text.js';

/** `whsec_` + base64 of the random bytes: the secret format Standard Webhooks' libraries take. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** The event a "send a test event" delivers; never recorded in the events, so not an action. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/**
 * Test events one endpoint takes a minute, whoever sends them: one more is 429 `RATE_LIMITED`
 * with Retry-After. Each is a request the console makes to an address the caller chose.
 */
export const WEBHOOK_TESTS_PER_MINUTE = 5;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_BODY_MAX = 4096;
/** The default grace of a roll: the previous secret signs too for a day. */
export const WEBHOOK_DEFAULT_GRACE = '24h' as const;

/** An endpoint's subscription: every event type, or the ones listed. */
export const WEBHOOK_ALL_EVENTS = 'all';
export const webhookEventTypes = z
  .union(
    [
      z.literal(WEBHOOK_ALL_EVENTS),
      z
        .array(eventAction)
        .min(1, 'required')
        .max(eventActions.length)
        .transform((list) => [...new Set(list)]),
    ],
    // One message for the form: an empty list is a choice left out, anything else is not a list of types.
    { error: (issue) => (Array.isArray(issue.input) && issue.input.length === 0 ? 'required' : 'invalid') },
  )
  .describe('`all`, or the event types (actions) to send: a non-empty list');
export type WebhookEventTypes = typeof WEBHOOK_ALL_EVENTS | EventAction[];

/** The type of a delivered event: an action, or the test event. */
export const webhookEventType = z.enum([...eventActions, WEBHOOK_TEST_EVENT] as unknown as [WebhookEventType, ...WebhookEventType[]]);
export type WebhookEventType = EventAction | typeof WEBHOOK_TEST_EVENT;

/** Why the URL was refused (`details.reason` of WEBHOOK_URL_INVALID). */
export const webhookUrlProblems = ['not_https', 'private_address', 'credentials'] as const;
export type WebhookUrlProblem = (typeof webhookUrlProblems)[number];

/**
 * The URL's shape; whether it is allowed (https, a public address) is the server's rule
 * (WEBHOOK_URL_INVALID), as it depends on its configuration.
 */
export const webhookUrl = text()
  .trim()
  .min(1, 'required')
  .max(WEBHOOK_URL_MAX, 'tooLong')
  .pipe(z.url({ protocol: /^https?$/, hostname: /./, message: 'invalid' }))
  .describe('Where the events are POSTed: an https URL outside private, loopback and link-local addresses')
  .meta({ examples: ['https://hooks.acme.example/workframe'] });

const description = text()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, 'tooLong')
  .describe(`What the endpoint is for, at most ${WEBHOOK_DESCRIPTION_MAX} characters`);

export const createWebhookBody = z.object({
  url: webhookUrl,
  description: description.default(''),
  eventTypes: webhookEventTypes,
  enabled: z.boolean().default(true).describe('Disabled endpoints receive nothing'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;
export type CreateWebhookInput = z.input<typeof createWebhookBody>;

/** A change: only the fields sent change; at least one. */
export const updateWebhookBody = changeBody({
  url: webhookUrl.optional(),
  description: description.optional(),
  eventTypes: webhookEventTypes.optional(),
  enabled: z.boolean().optional().describe('Enabling an endpoint disabled for failing clears its failure'),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const rollWebhookSecretBody = z.object({
  gracePeriod: gracePeriod.default(WEBHOOK_DEFAULT_GRACE).describe('How long the previous secret keeps signing beside the new one'),
});

export const webhookDisabledReasons = ['failing'] as const;

export const webhookView = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().describe('Empty when the endpoint has none'),
  eventTypes: z.union([z.literal(WEBHOOK_ALL_EVENTS), z.array(eventAction)]),
  enabled: z.boolean(),
  disabledReason: z
    .enum(webhookDisabledReasons)
    .nullable()
    .describe('`failing`: disabled by the console after every attempt failed for days; null when enabled or disabled by a person'),
  disabledAt: z.string().nullable().describe('ISO 8601; null when enabled'),
  failingSince: z.string().nullable().describe('Since when every attempt has failed (ISO 8601); null while deliveries succeed'),
  secretLast4: z.string().describe('The last four characters of the signing secret'),
  previousSecretExpiresAt: z.string().nullable().describe('After a roll: until when the previous secret signs too (ISO 8601)'),
  createdAt: z.string().describe('ISO 8601'),
  createdBy: z.object({ id: z.uuid(), displayName: z.string(), email: z.string().nullable() }).nullable(),
  updatedAt: z.string().describe('ISO 8601'),
});
export type WebhookView = z.infer<typeof webhookView>;

export const webhookIdParams = z.object({ id: z.uuid().describe("The webhook's id") });
export const webhooksResponse = z.object({ webhooks: z.array(webhookView), total: z.number().int() });
export const webhookResponse = z.object({ webhook: webhookView });
/** `secret` (`whsec_…`) is shown here and after a roll, never again. */
export const webhookWithSecretResponse = z.object({
  webhook: webhookView,
  secret: z
    .string()
    .describe('The signing secret: verify the webhook-signature header with it. Shown once.')
    .meta({ examples: ['whsec_3M2lG6shxFPFI2+ggyb8nhn2Z9eNjO2LB0+zTUJPB+8='] }),
});
export const removedWebhookResponse = z.object({ removedWebhook: webhookView });

/*
 * The delivery log. One delivery per event and endpoint; each attempt keeps its time, the
 * answer's status (null when none came: a refused connection, a timeout, a refused address),
 * its duration and the first 4 KB of the answer's body.
 */
export const webhookDeliveryOutcomes = ['succeeded', 'failed', 'pending'] as const;
export type WebhookDeliveryOutcome = (typeof webhookDeliveryOutcomes)[number];

/**
 * The error of an attempt refused because the host resolved to an address deliveries may not
 * reach (private, loopback, link-local, metadata…). The address itself is left out: how the
 * server's resolver answers names of its own network is the operators' (their log has it),
 * not something an endpoint's admin may learn by pointing a URL at a name.
 */
export const WEBHOOK_ADDRESS_NOT_ALLOWED = 'address not allowed';

export const webhookAttemptView = z.object({
  at: z.string().describe('When the attempt started (ISO 8601)'),
  statusCode: z.number().int().nullable().describe("The answer's HTTP status; null when no answer came"),
  durationMs: z.number().int(),
  responseBody: z.string().nullable().describe(`The first ${WEBHOOK_RESPONSE_BODY_MAX} bytes of the answer`),
  error: z.string().nullable().describe('Why no answer came (timeout, connection refused, address not allowed…)'),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptView>;

export const webhookDeliveryView = z.object({
  id: z.uuid(),
  eventId: z.uuid().describe('The event delivered, and the webhook-id header: receivers drop repeats by it'),
  eventType: webhookEventType,
  status: z.enum(webhookDeliveryOutcomes),
  attempts: z.array(webhookAttemptView).describe('Oldest first'),
  nextAttemptAt: z.string().nullable().describe('When it is tried again (ISO 8601); null when it will not be'),
  createdAt: z.string().describe('ISO 8601'),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 200;
export const webhookDeliveriesQuery = z.object({
  eventType: webhookEventType.optional().describe('Only deliveries of this event type'),
  outcome: z.enum(webhookDeliveryOutcomes).optional().describe('Only succeeded, failed or pending deliveries'),
  after: text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
    .optional()
    .describe('Where the page starts: the `next` of the previous page'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(WEBHOOK_DELIVERIES_PAGE_MAX)
    .default(WEBHOOK_DELIVERIES_PAGE_SIZE)
    .describe('Deliveries per page'),
});
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuery>;
export const webhookDeliveriesPage = z.object({
  deliveries: z.array(webhookDeliveryView).describe('Newest first'),
  next: z.string().nullable().describe('The `after` of the next page; null on the last page'),
});
export const webhookDeliveryParams = z.object({ id: z.uuid().describe("The webhook's id"), deliveryId: z.uuid() });
export const webhookDeliveryResponse = z.object({ delivery: webhookDeliveryView });
export const webhookDeliveryRequestResponse = z.object({
  body: z
    .string()
    .nullable()
    .describe('The JSON body the delivery sends, as it is sent at every attempt; null once its event is no longer kept'),
});
export const resendWebhookBody = z.object({
  since: z.iso.datetime({ offset: true }).describe('Resend every delivery that failed at or after this instant (ISO 8601)'),
});
export const resendWebhookResponse = z.object({ queued: z.number().int().describe('How many deliveries were queued again') });

/**
 * What a receiver gets: the body of every delivery (Standard Webhooks' envelope). `data` is
 * the event as the audit trail and the events API show it; a test event's `data` names the
 * endpoint.
 */
export const webhookPayload = z.object({
  type: webhookEventType.describe('The event type: its action, or `webhook.test`'),
  timestamp: z.string().describe('When the event happened (ISO 8601)'),
  data: eventView,
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export const webhookErrorCodes = {
  notFound: 'WEBHOOK_NOT_FOUND',
  /** 400: the URL is not https, or names a private, loopback or link-local address (`details.reason`: a WebhookUrlProblem). */
  urlInvalid: 'WEBHOOK_URL_INVALID',
  /** 409: the organization holds the most endpoints allowed (WEBHOOKS_PER_ORGANIZATION_MAX); `details.max` says how many. */
  limitReached: 'WEBHOOK_LIMIT',
  deliveryNotFound: 'WEBHOOK_DELIVERY_NOT_FOUND',
  /** 409: a test event, a retry or a resend to a disabled endpoint. */
  disabled: 'WEBHOOK_DISABLED',
  /** 400: `after` is not a page of this log. */
  deliveriesCursorInvalid: 'WEBHOOK_DELIVERIES_CURSOR_INVALID',
} as const;

/** The endpoints, for the organization's Organizational Admins (the Webhooks screen). */
export const webhookRoutes = {
  list: route({ method: 'GET', path: '/webhooks', operationId: 'listWebhooks', query: pageQuery, response: webhooksResponse }),
  create: route({
    method: 'POST',
    path: '/webhooks',
    operationId: 'createWebhook',
    body: createWebhookBody,
    response: webhookWithSecretResponse,
    status: 201,
  }),
  get: route({ method: 'GET', path: '/webhook/:id', operationId: 'getWebhook', params: webhookIdParams, response: webhookResponse }),
  update: route({
    method: 'PATCH',
    path: '/webhook/:id',
    operationId: 'updateWebhook',
    params: webhookIdParams,
    body: updateWebhookBody,
    response: webhookResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: '/webhook/:id',
    operationId: 'deleteWebhook',
    params: webhookIdParams,
    response: removedWebhookResponse,
  }),
  roll: route({
    method: 'POST',
    path: '/webhook/:id/roll',
    operationId: 'rollWebhookSecret',
    params: webhookIdParams,
    body: rollWebhookSecretBody,
    response: webhookWithSecretResponse,
  }),
};

/** The delivery log and what sends again, for the same admins (registered by the delivery module). */
export const webhookDeliveryRoutes = {
  sendTest: route({
    method: 'POST',
    path: '/webhook/:id/test',
    operationId: 'sendWebhookTest',
    params: webhookIdParams,
    response: webhookDeliveryResponse,
    status: 202,
  }),
  list: route({
    method: 'GET',
    path: '/webhook/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    params: webhookIdParams,
    query: webhookDeliveriesQuery,
    response: webhookDeliveriesPage,
  }),
  request: route({
    method: 'GET',
    path: '/webhook/:id/delivery/:deliveryId/request',
    operationId: 'getWebhookDeliveryRequest',
    params: webhookDeliveryParams,
    response: webhookDeliveryRequestResponse,
  }),
  retry: route({
    method: 'POST',
    path: '/webhook/:id/delivery/:deliveryId/retry',
    operationId: 'retryWebhookDelivery',
    params: webhookDeliveryParams,
    response: webhookDeliveryResponse,
    status: 202,
  }),
  resend: route({
    method: 'POST',
    path: '/webhook/:id/resend',
    operationId: 'resendWebhookDeliveries',
    params: webhookIdParams,
    body: resendWebhookBody,
    response: resendWebhookResponse,
    status: 202,
  }),
};
